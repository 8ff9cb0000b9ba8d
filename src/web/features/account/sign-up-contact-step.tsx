import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { signUpContactStepSchema, type ZipLookup } from '../../../contract/accounts';
import { ERRORS } from '../../../contract/messages';
import { ApiError } from '../../lib/api-client';
import { validateZip } from './api';
import { CountrySelect } from './country-select';
import { FormError } from './form-error';
import type { SignUpData } from './sign-up-progress';

const ZIP_COUNTRIES = ['US', 'CA'];

/** Step 1 (ZipCheck): names or company, country, postal code with the ZIP lookup, day phone (spec §5). */
export function SignUpContactStep({ data, onNext, onBack }: { data: SignUpData; onNext(data: SignUpData): void; onBack(data: SignUpData): void }) {
  const [error, setError] = useState<string | null>(null);
  const [place, setPlace] = useState<ZipLookup | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      firstName: data.firstName ?? '',
      lastName: data.lastName ?? '',
      orgName: data.orgName ?? '',
      country: data.country ?? 'US',
      zip: data.zip ?? '',
      dayPhone: data.dayPhone ?? '',
    },
    validate: zod4Resolver(signUpContactStepSchema),
  });

  /** The zip validation data: city and state (spec §5). */
  async function lookUp(zip: string): Promise<ZipLookup> {
    const found = await validateZip(zip.trim());
    setPlace(found);
    return found;
  }

  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      const found = await lookUp(values.zip);
      onNext({ ...values, zip: values.zip.trim(), city: found.city, state: found.state, country: values.country || found.country });
    } catch (err) {
      setPlace(null);
      if (err instanceof ApiError && (err.status === 404 || err.status === 400)) {
        // Outside the US and Canada the lookup knows no postal codes: city and state are typed on the next step.
        if (!ZIP_COUNTRIES.includes(values.country)) onNext({ ...values, zip: values.zip.trim() });
        else form.setFieldError('zip', err.serverMessage ?? ERRORS.customerCall);
      } else {
        setError(err instanceof ApiError && err.serverMessage ? err.serverMessage : ERRORS.customerCall);
      }
    }
  });

  const zipInput = form.getInputProps('zip');
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <FormError error={error} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="First name" autoComplete="given-name" {...form.getInputProps('firstName')} />
          <TextInput label="Last name" autoComplete="family-name" {...form.getInputProps('lastName')} />
        </SimpleGrid>
        <TextInput label="Company name" autoComplete="organization" description="Optional when you give your first and last name." {...form.getInputProps('orgName')} />
        <CountrySelect withAsterisk {...form.getInputProps('country')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label="Postal code"
            autoComplete="postal-code"
            withAsterisk
            {...zipInput}
            description={place ? `${place.city}, ${place.state}` : 'We fill in your city and state.'}
            onBlur={(e) => {
              zipInput.onBlur?.(e);
              if (form.values.zip.trim() && ZIP_COUNTRIES.includes(form.values.country)) lookUp(form.values.zip).catch(() => setPlace(null));
            }}
          />
          <TextInput label="Day phone" type="tel" autoComplete="tel" withAsterisk {...form.getInputProps('dayPhone')} />
        </SimpleGrid>
        <Group justify="space-between" mt="xs">
          <Button variant="default" onClick={() => onBack(form.getValues())}>
            Change Email
          </Button>
          <Button type="submit" loading={form.submitting}>
            Continue
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

import { Autocomplete, Button, Checkbox, Group, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { signUpSchema, type Customer } from '../../../contract/accounts';
import { ERRORS } from '../../../contract/messages';
import { createAccount } from './api';
import { FormError } from './form-error';
import { customerErrorMessage } from './login-error';
import { SECURITY_QUESTIONS } from './security-questions';
import type { SignUpData } from './sign-up-progress';

/** Step 2 (FinalSignUp): the rest of the sign-up form of spec §3, with every rule of §5. */
export function SignUpFinalStep({ data, onBack, onDone }: { data: SignUpData; onBack(data: SignUpData): void; onDone(customer: Customer): void }) {
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      addressLine1: data.addressLine1 ?? '',
      city: data.city ?? '',
      state: data.state ?? '',
      zip: data.zip ?? '',
      country: data.country ?? 'US',
      dayPhone: data.dayPhone ?? '',
      orgName: data.orgName ?? '',
      firstName: data.firstName ?? '',
      lastName: data.lastName ?? '',
      email: data.email ?? '',
      password: '',
      reenterPassword: '',
      securityQuestion: data.securityQuestion ?? '',
      securityQuestionAnswer: data.securityQuestionAnswer ?? '',
      web: data.web ?? '',
      findAPro: data.findAPro ?? false,
      prodInfoEmail: data.prodInfoEmail ?? false,
      prodInfoFax: data.prodInfoFax ?? false,
    },
    validate: zod4Resolver(signUpSchema),
  });

  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      onDone(await createAccount(values));
    } catch (err) {
      setError(customerErrorMessage(err, ERRORS.signupFailed));
    }
  });

  const keep = (): SignUpData => {
    const { password: _p, reenterPassword: _r, ...rest } = form.getValues();
    return rest;
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <FormError error={error} title="Sign-up failed" />
        <TextInput label="Company name" autoComplete="organization" {...form.getInputProps('orgName')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="First name" autoComplete="given-name" {...form.getInputProps('firstName')} />
          <TextInput label="Last name" autoComplete="family-name" {...form.getInputProps('lastName')} />
        </SimpleGrid>
        <TextInput label="Address" autoComplete="street-address" withAsterisk {...form.getInputProps('addressLine1')} />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput label="City" autoComplete="address-level2" withAsterisk {...form.getInputProps('city')} />
          <TextInput label="State" autoComplete="address-level1" withAsterisk {...form.getInputProps('state')} />
          <TextInput label="Zip" autoComplete="postal-code" withAsterisk {...form.getInputProps('zip')} />
        </SimpleGrid>
        <TextInput label="Email" type="email" autoComplete="email" withAsterisk {...form.getInputProps('email')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <PasswordInput label="Password" autoComplete="new-password" withAsterisk description="At least 8 characters." {...form.getInputProps('password')} />
          <PasswordInput label="Re-enter password" autoComplete="new-password" withAsterisk {...form.getInputProps('reenterPassword')} />
        </SimpleGrid>
        <Autocomplete label="Security question" withAsterisk data={SECURITY_QUESTIONS} {...form.getInputProps('securityQuestion')} />
        <TextInput label="Answer" withAsterisk autoComplete="off" {...form.getInputProps('securityQuestionAnswer')} />
        <TextInput label="Web site" type="url" autoComplete="url" placeholder="https://" {...form.getInputProps('web')} />
        <Stack gap={6} mt={4}>
          <Checkbox label="List my shop in Where to Buy (Find a Pro)" {...form.getInputProps('findAPro', { type: 'checkbox' })} />
          <Checkbox label="Send me product news by email" {...form.getInputProps('prodInfoEmail', { type: 'checkbox' })} />
          <Checkbox label="Send me product news by fax" {...form.getInputProps('prodInfoFax', { type: 'checkbox' })} />
        </Stack>
        <Group justify="space-between" mt="xs">
          <Button variant="default" onClick={() => onBack(keep())}>
            Previous
          </Button>
          <Button type="submit" loading={form.submitting}>
            Create account
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

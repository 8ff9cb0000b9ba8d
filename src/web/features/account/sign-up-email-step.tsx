import { Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { signUpEmailStepSchema } from '../../../contract/accounts';
import { ERRORS } from '../../../contract/messages';
import { ApiError } from '../../lib/api-client';
import { validateNewEmail } from './api';
import { FormError } from './form-error';
import type { SignUpData } from './sign-up-progress';

/** Step 0 (EmailCheck): the email, checked for availability; 200 moves on (spec §4, §5). */
export function SignUpEmailStep({ data, onNext }: { data: SignUpData; onNext(data: SignUpData): void }) {
  const [error, setError] = useState<string | null>(null);
  const form = useForm({ mode: 'controlled', initialValues: { email: data.email ?? '' }, validate: zod4Resolver(signUpEmailStepSchema) });
  const submit = form.onSubmit(async ({ email }) => {
    setError(null);
    try {
      await validateNewEmail(email.trim());
      onNext({ email: email.trim() });
    } catch (err) {
      if (err instanceof ApiError && err.status === 400) form.setFieldError('email', ERRORS.emailAlreadyRegistered);
      else setError(ERRORS.unexpected);
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <FormError error={error} />
        <TextInput label="Email" type="email" autoComplete="email" withAsterisk description="Your orders and invoices go to this address." {...form.getInputProps('email')} />
        <Button type="submit" loading={form.submitting} size="md">
          Continue
        </Button>
      </Stack>
    </form>
  );
}

import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { Link } from 'react-router';
import { forgotPasswordSchema } from '../../../contract/accounts';
import { ERRORS, SUCCESS } from '../../../contract/messages';
import { usePageMeta } from '../../lib/page-meta';
import { requestPasswordReset } from './api';
import { AuthCard } from './auth-card';
import { customerErrorMessage } from './login-error';

/** Forgot password (spec §2; DESIGN.md §3): mails a reset link; the answer never says whether the address is known. */
export default function ForgotPasswordPage() {
  usePageMeta('Forgot password', 'Reset the password of your Skyline Balloons trade account.');
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const form = useForm({ mode: 'controlled', initialValues: { email: '' }, validate: zod4Resolver(forgotPasswordSchema) });
  const submit = form.onSubmit(async ({ email }) => {
    setResult(null);
    try {
      await requestPasswordReset(email.trim());
      setResult({ ok: true, text: SUCCESS.resetMailSent });
    } catch (err) {
      setResult({ ok: false, text: customerErrorMessage(err, ERRORS.resetMailFailed) });
    }
  });
  return (
    <AuthCard title="Forgot your password?" intro="Enter the email address of your account and we will send you a link to choose a new password.">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {result && (
            <Alert color={result.ok ? 'green' : 'red'} role={result.ok ? 'status' : 'alert'}>
              {result.text}
            </Alert>
          )}
          <TextInput label="Email" type="email" autoComplete="email" withAsterisk {...form.getInputProps('email')} />
          <Button type="submit" loading={form.submitting} size="md">
            Send reset link
          </Button>
          <Text size="sm" ta="center">
            <Anchor component={Link} to="/signin">
              Back to sign in
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}

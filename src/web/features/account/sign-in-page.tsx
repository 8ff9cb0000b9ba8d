import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { FormError } from './form-error';
import { notify } from './notify';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { signInFormSchema } from '../../../contract/accounts';
import { SUCCESS } from '../../../contract/messages';
import { usePageMeta } from '../../lib/page-meta';
import { signIn, useStartSession } from './api';
import { AuthCard } from './auth-card';
import { loginErrorMessage } from './login-error';

/** Where to go after signing in: back to the protected page that sent the visitor here, else the account (spec §2). */
function useReturnPath(): string {
  const location = useLocation();
  const [params] = useSearchParams();
  const from = (location.state as { from?: unknown } | null)?.from;
  const target = typeof from === 'string' ? from : (params.get('returnTo') ?? '');
  // Only paths of this site: never an absolute URL an attacker could plant in a link.
  return target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/signin') ? target : '/account';
}

export default function SignInPage() {
  usePageMeta('Sign in', 'Sign in to your Skyline Balloons wholesale account to see trade prices and order.');
  const navigate = useNavigate();
  const returnPath = useReturnPath();
  const startSession = useStartSession();
  const [params] = useSearchParams();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({ mode: 'controlled', initialValues: { email: '', password: '' }, validate: zod4Resolver(signInFormSchema) });
  const verified = params.get('emailVerified');
  // The "this was not me" link of an email change (DESIGN.md §3).
  const restored = params.get('emailRestored');

  const submit = form.onSubmit(async ({ email, password }) => {
    setError(null);
    try {
      const { customer, token } = await signIn(email.trim(), password);
      startSession(token, customer);
      notify(true, SUCCESS.signIn);
      void navigate(returnPath, { replace: true });
    } catch (err) {
      setError(loginErrorMessage(err));
    }
  });

  return (
    <AuthCard title="Sign in" intro="Welcome back. Sign in to see your trade prices and place orders.">
      {verified === '1' && (
        <Alert color="green" mb="md" title="Email verified">
          Thank you: your email address is confirmed. Please sign in.
        </Alert>
      )}
      {verified === '0' && (
        <Alert color="yellow" mb="md" title="Verification link not valid">
          This verification link has expired or was already used.
        </Alert>
      )}
      {restored === '1' && (
        <Alert color="green" mb="md" title="Email address kept">
          The email change was undone and every device was signed out. Please sign in, then change your password.
        </Alert>
      )}
      {restored === '0' && (
        <Alert color="yellow" mb="md" title="Link not valid">
          This link has expired or was already used. If someone else changed your email address, please contact us.
        </Alert>
      )}
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <FormError error={error} title="Sign in failed" />
          <TextInput label="Email" type="email" autoComplete="email" withAsterisk {...form.getInputProps('email')} />
          <PasswordInput label="Password" autoComplete="current-password" withAsterisk {...form.getInputProps('password')} />
          <Group justify="flex-end">
            <Anchor component={Link} to="/forgotpassword" size="sm">
              Forgot your password?
            </Anchor>
          </Group>
          <Button type="submit" loading={form.submitting} fullWidth size="md">
            Sign in
          </Button>
          <Text size="sm" ta="center">
            New to Skyline Balloons?{' '}
            <Anchor component={Link} to="/signup">
              Create a trade account
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}

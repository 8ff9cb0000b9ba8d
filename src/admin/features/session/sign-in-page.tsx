import { Alert, Button, Center, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { STAFF_MESSAGES, type StaffLoginBody } from '../../../contract/admin/staff';
import { staffSessionSchema } from '../../../contract/admin/staff-session';
import { adminCall, AdminApiError } from '../../lib/admin-api';
import { setSession, useStaffSession } from '../../lib/session';
import { useAdminTitle } from '../../lib/title';

/** Only paths of the back office itself: `next` must not send a member elsewhere. */
function safeNext(next: string | null): string {
  return next && next.startsWith('/') && !next.startsWith('//') ? next : '/';
}

const needsCode = (err: unknown) => err instanceof AdminApiError && err.status === 401 && (err.body as { totpRequired?: boolean } | null)?.totpRequired === true;

/** POST /Login; a member with TOTP gets the 6-digit code step (401 with totpRequired). */
export default function SignInPage() {
  useAdminTitle('Sign in');
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useStaffSession();
  const [codeStep, setCodeStep] = useState(false);
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '', password: '', code: '' },
    validate: {
      email: (v) => (v.trim() ? null : 'Enter your email'),
      password: (v) => (v ? null : 'Enter your password'),
      code: (v) => (!codeStep || /^\d{6}$/.test(v) ? null : 'The code has 6 digits'),
    },
  });
  const login = useMutation({
    mutationFn: (body: StaffLoginBody) => adminCall('POST', '/Login', staffSessionSchema, 'Sign-in failed', { body, quiet401: true }),
    onSuccess: (s) => {
      setSession(queryClient, s);
      navigate(next, { replace: true });
    },
    onError: (err) => {
      if (needsCode(err)) setCodeStep(true);
    },
  });
  if (session.data && !login.isPending) return <Navigate to={next} replace />;
  const error = login.error && !(needsCode(login.error) && !form.values.code) ? login.error.message : null;

  return (
    <Center mih="100vh" p="md" component="main">
      <Paper withBorder p="lg" radius="md" w="100%" maw={400}>
        <form
          noValidate
          onSubmit={form.onSubmit((v) => login.mutate({ email: v.email, password: v.password, ...(codeStep ? { code: v.code } : {}) }))}
        >
          <Stack>
            <Title order={1} size="h3">
              Back office sign-in
            </Title>
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            {!codeStep ? (
              <>
                <TextInput label="Email" type="email" autoComplete="username" required {...form.getInputProps('email')} />
                <PasswordInput label="Password" autoComplete="current-password" required {...form.getInputProps('password')} />
              </>
            ) : (
              <>
                <Text size="sm">{STAFF_MESSAGES.totpRequired}</Text>
                <TextInput
                  label="Code"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  required
                  data-autofocus
                  autoFocus
                  {...form.getInputProps('code')}
                />
              </>
            )}
            <Button type="submit" loading={login.isPending}>
              {codeStep ? 'Verify and sign in' : 'Sign in'}
            </Button>
            {codeStep && (
              <Button
                variant="subtle"
                onClick={() => {
                  setCodeStep(false);
                  form.setFieldValue('code', '');
                  login.reset();
                }}
              >
                Back
              </Button>
            )}
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}

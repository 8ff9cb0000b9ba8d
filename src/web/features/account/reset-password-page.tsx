import { Alert, Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { FormError } from './form-error';
import { notify } from './notify';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { resetPasswordSchema } from '../../../contract/accounts';
import { ERRORS, SUCCESS } from '../../../contract/messages';
import { usePageMeta } from '../../lib/page-meta';
import { resetPassword } from './api';
import { AuthCard } from './auth-card';
import { customerErrorMessage } from './login-error';

/** Reset password: reads access_token from the query (spec §2), sets the new password, then /resetsuccessful. */
export default function ResetPasswordPage() {
  usePageMeta('Reset password', 'Choose a new password for your Skyline Balloons trade account.');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const accessToken = params.get('access_token')?.trim() ?? '';
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { accessToken, newPassword: '', reenterPassword: '' },
    validate: zod4Resolver(resetPasswordSchema),
  });
  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      await resetPassword(values);
      notify(true, SUCCESS.passwordReset);
      void navigate('/resetsuccessful', { replace: true });
    } catch (err) {
      setError(customerErrorMessage(err, ERRORS.resetFailed));
    }
  });

  if (!accessToken) {
    return (
      <AuthCard title="Reset your password">
        <Alert color="red" role="alert" mb="md">
          {ERRORS.invalidResetToken}
        </Alert>
        <Button component={Link} to="/forgotpassword">
          Request a new link
        </Button>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Reset your password" intro="Choose a new password of at least 8 characters.">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <FormError error={error} />
          <PasswordInput label="New password" autoComplete="new-password" withAsterisk {...form.getInputProps('newPassword')} />
          <PasswordInput label="Confirm new password" autoComplete="new-password" withAsterisk {...form.getInputProps('reenterPassword')} />
          <Button type="submit" loading={form.submitting} size="md">
            Set new password
          </Button>
          <Text size="sm" ta="center">
            <Anchor component={Link} to="/forgotpassword">
              Request a new link
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}

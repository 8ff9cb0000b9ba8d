import { Alert, Button } from '@mantine/core';
import { Link } from 'react-router';
import { SUCCESS } from '../../../contract/messages';
import { usePageMeta } from '../../lib/page-meta';
import { AuthCard } from './auth-card';

export default function ResetSuccessfulPage() {
  usePageMeta('Password reset', 'Your password has been changed.');
  return (
    <AuthCard title="Password changed">
      <Alert color="green" role="status" mb="md">
        {SUCCESS.passwordReset} You can now sign in with your new password.
      </Alert>
      <Button component={Link} to="/signin" fullWidth>
        Sign in
      </Button>
    </AuthCard>
  );
}

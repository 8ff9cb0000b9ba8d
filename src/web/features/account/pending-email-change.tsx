import { Button, Group, Text } from '@mantine/core';
import type { Customer } from '../../../contract/accounts';
import { SERVER_MESSAGES } from '../../../contract/messages';
import { cancelEmailChange, resendEmailChange } from './api';
import { ACCOUNT_FAILURES } from './texts';
import { useAccountActions } from './use-account-actions';

/**
 * An email change waiting for the link mailed to the new address (DESIGN.md §3): the profile
 * shows it, with the link again and a way to drop it. The sign-in address stays the current one.
 */
export function PendingEmailChange({ customer }: { customer: Customer }) {
  const { run, busy } = useAccountActions();
  if (!customer.pendingEmail) return null;
  return (
    <div role="status" aria-label="Pending email change">
      <Text size="xs" mt={6}>
        Changing to <strong>{customer.pendingEmail}</strong>: open the link we sent there to confirm. Until then you sign in with{' '}
        {customer.email}.
      </Text>
      <Group gap="xs" mt={6}>
        <Button size="compact-xs" variant="light" loading={busy === 'resend'} onClick={() => void run('resend', resendEmailChange, SERVER_MESSAGES.emailChangeResent, ACCOUNT_FAILURES.resendEmailChange)}>
          Resend link
        </Button>
        <Button size="compact-xs" variant="default" loading={busy === 'cancel'} onClick={() => void run('cancel', cancelEmailChange, SERVER_MESSAGES.emailChangeCancelled, ACCOUNT_FAILURES.cancelEmailChange)}>
          Cancel change
        </Button>
      </Group>
    </div>
  );
}

import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import type { AdminCustomer, CustomerStatus } from '../../../contract/admin/customers';
import { notify } from '../../../web/components/notify';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useSendPasswordReset, useSetStatus } from './api';

type Action = 'approve' | 'suspend' | 'reactivate' | 'reset';

const ACTIONS: Record<Action, { label: string; title: string; confirm: string; message: (c: AdminCustomer) => string; to?: CustomerStatus }> = {
  approve: { label: 'Approve', title: 'Approve this account?', confirm: 'Approve', to: 'active', message: (c) => `${c.email} will see prices and may order, and is mailed that the account is approved.` },
  suspend: { label: 'Suspend…', title: 'Suspend this account?', confirm: 'Suspend', to: 'suspended', message: () => 'The customer can still sign in and browse but sees no prices and cannot order until reactivated.' },
  reactivate: { label: 'Reactivate', title: 'Reactivate this account?', confirm: 'Reactivate', to: 'active', message: () => 'The customer sees prices and may order again.' },
  reset: { label: 'Send password reset', title: 'Send a password reset?', confirm: 'Send', message: (c) => `${c.email} is mailed a link to choose a new password (valid one hour). You never see the password.` },
};

function actionsFor(status: CustomerStatus): Action[] {
  if (status === 'pending') return ['approve', 'suspend', 'reset'];
  if (status === 'active') return ['suspend', 'reset'];
  return ['reactivate', 'reset'];
}

/** Approve / suspend / reactivate and the reset mail, each after a confirm dialog that shows a refusal in place. */
export function CustomerActions({ customer }: { customer: AdminCustomer }) {
  const [open, setOpen] = useState<Action | null>(null);
  const setStatus = useSetStatus(customer);
  const reset = useSendPasswordReset(customer.id);
  const close = () => {
    setOpen(null);
    setStatus.reset();
    reset.reset();
  };
  const run = (action: Action) => {
    const to = ACTIONS[action].to;
    if (to) setStatus.mutate(to, { onSuccess: () => (notify('green', `${ACTIONS[action].confirm}: done`), close()) });
    else reset.mutate(undefined, { onSuccess: (r) => (notify('green', r.message), close()) });
  };
  const spec = open && ACTIONS[open];
  return (
    <Group gap="sm">
      {actionsFor(customer.status).map((a) => (
        <Button key={a} variant={a === 'approve' || a === 'reactivate' ? 'filled' : 'default'} onClick={() => setOpen(a)}>
          {ACTIONS[a].label}
        </Button>
      ))}
      {open && spec && (
        <ConfirmDialog
          title={spec.title}
          message={spec.message(customer)}
          confirmLabel={spec.confirm}
          pending={setStatus.isPending || reset.isPending}
          error={setStatus.error ?? reset.error}
          onConfirm={() => run(open)}
          onClose={close}
        />
      )}
    </Group>
  );
}

import { Alert, Button, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ROLE_LABELS } from '../../../contract/admin/permissions';
import type { StaffListItem } from '../../../contract/admin/staff';
import { ACTIONS_COLUMN, HeadedTable } from '../../../web/components/headed-table';
import { notify } from '../../../web/components/notify';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { atTime } from '../../components/dates';
import { useStaffSession } from '../../lib/session';
import { useAdminTitle } from '../../lib/title';
import { useResetSignIn, useStaffList } from './api';
import { StaffDialog } from './staff-dialog';
import { StatusBadge } from '../../../web/components/status-badge';

/** "Reset sign-in" for a member who forgot the password or lost the authenticator. */
function ResetSignInDialog({ member, onClose }: { member: StaffListItem; onClose: () => void }) {
  const reset = useResetSignIn();
  return (
    <ConfirmDialog
      title={`Reset the sign-in of ${member.name}?`}
      message={`Their password${member.totpEnabled ? ' and two-step sign-in are' : ' is'} cleared and they are signed out everywhere. ${member.email} gets a link, valid for 72 hours, to choose a new password.`}
      confirmLabel="Reset sign-in"
      pending={reset.isPending}
      error={reset.error}
      onConfirm={() =>
        reset.mutate(member.id, {
          onSuccess: () => {
            notify('green', `${member.name} was signed out and mailed a link to set a new password`);
            onClose();
          },
        })
      }
      onClose={onClose}
    />
  );
}

/** The owner's staff list: add, edit roles, warehouse and active, reset a member's sign-in. */
export default function StaffPage() {
  useAdminTitle('Staff');
  const staff = useStaffList();
  const me = useStaffSession().data?.staff.id;
  const [editing, setEditing] = useState<StaffListItem | 'new' | null>(null);
  const [resetting, setResetting] = useState<StaffListItem | null>(null);
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>Staff</Title>
        <Button onClick={() => setEditing('new')}>Add a staff member</Button>
      </Group>
      {staff.isPending ? (
        <Loader aria-label="Loading staff" />
      ) : staff.isError ? (
        <Alert color="red">{staff.error.message}</Alert>
      ) : (
        <HeadedTable minWidth={720} striped withTableBorder columns={['Name', 'Email', 'Roles', 'Warehouse', 'Sign-in', 'Last sign-in', ACTIONS_COLUMN]}>
          {staff.data.map((m) => (
            <Table.Tr key={m.id}>
              <Table.Td>{m.name}</Table.Td>
              <Table.Td>{m.email}</Table.Td>
              <Table.Td>{m.roles.map((r) => ROLE_LABELS[r]).join(', ')}</Table.Td>
              <Table.Td>{m.warehouse === 'west' ? 'West' : m.warehouse === 'east' ? 'East' : 'Both'}</Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {!m.active && (
                    <StatusBadge tone="neutral">
                      Inactive
                    </StatusBadge>
                  )}
                  {m.totpEnabled && (
                    <StatusBadge tone="good">
                      TOTP
                    </StatusBadge>
                  )}
                  {m.awaitingPassword && (
                    <StatusBadge tone="attention">
                      Awaiting new password
                    </StatusBadge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>{m.lastSignInAt ? atTime(m.lastSignInAt) : <Text size="sm">Never</Text>}</Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Button size="xs" variant="default" onClick={() => setEditing(m)} aria-label={`Edit ${m.name}`}>
                    Edit
                  </Button>
                  {m.id !== me && (
                    <Button size="xs" variant="default" color="red.9" onClick={() => setResetting(m)} aria-label={`Reset the sign-in of ${m.name}`}>
                      Reset sign-in
                    </Button>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </HeadedTable>
      )}
      {editing && <StaffDialog member={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {resetting && <ResetSignInDialog member={resetting} onClose={() => setResetting(null)} />}
    </Stack>
  );
}

import { Alert, Badge, Button, Group, Loader, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { ROLE_LABELS } from '../../../contract/admin/permissions';
import type { StaffListItem } from '../../../contract/admin/staff';
import { atTime } from '../../components/dates';
import { useAdminTitle } from '../../lib/title';
import { useStaffList } from './api';
import { StaffDialog } from './staff-dialog';

/** The owner's staff list: add, and edit roles, warehouse and active. */
export default function StaffPage() {
  useAdminTitle('Staff');
  const staff = useStaffList();
  const [editing, setEditing] = useState<StaffListItem | 'new' | null>(null);
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
        <Table.ScrollContainer minWidth={720}>
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Roles</Table.Th>
                <Table.Th>Warehouse</Table.Th>
                <Table.Th>Sign-in</Table.Th>
                <Table.Th>Last sign-in</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {staff.data.map((m) => (
                <Table.Tr key={m.id}>
                  <Table.Td>{m.name}</Table.Td>
                  <Table.Td>{m.email}</Table.Td>
                  <Table.Td>{m.roles.map((r) => ROLE_LABELS[r]).join(', ')}</Table.Td>
                  <Table.Td>{m.warehouse === 'west' ? 'West' : m.warehouse === 'east' ? 'East' : 'Both'}</Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {!m.active && (
                        <Badge color="gray.8" variant="light">
                          Inactive
                        </Badge>
                      )}
                      {m.totpEnabled && (
                        <Badge color="teal.9" variant="light">
                          TOTP
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>{m.lastSignInAt ? atTime(m.lastSignInAt) : <Text size="sm">Never</Text>}</Table.Td>
                  <Table.Td>
                    <Button size="xs" variant="default" onClick={() => setEditing(m)} aria-label={`Edit ${m.name}`}>
                      Edit
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {editing && <StaffDialog member={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}

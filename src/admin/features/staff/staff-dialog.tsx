import { Alert, Button, Checkbox, Group, Modal, PasswordInput, Select, Stack, Switch, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ROLE_LABELS, ROLES, type Role } from '../../../contract/admin/permissions';
import { newStaffBody, updateStaffBody, type StaffListItem, type WarehouseCode } from '../../../contract/admin/staff';
import { notify } from '../../../web/components/notify';
import { FormProblems } from '../../components/form-problems';
import { SchemaForm } from '../../components/schema-form';
import { useAddStaff, useUpdateStaff } from './api';

/** Add a staff member (with a first password, or mailed a link to choose one) or edit one's name, roles, warehouse and active flag. */
export function StaffDialog({ member, onClose }: { member: StaffListItem | null; onClose: () => void }) {
  const add = useAddStaff();
  const update = useUpdateStaff();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [name, setName] = useState(member?.name ?? '');
  const [roles, setRoles] = useState<Role[]>(member?.roles ?? []);
  const [warehouse, setWarehouse] = useState<WarehouseCode | null>(member?.warehouse ?? null);
  const [active, setActive] = useState(member?.active ?? true);
  const [problems, setProblems] = useState<string[]>([]);
  const call = member ? update : add;

  const submit = () => {
    const body = { name, roles, warehouse };
    const parsed = member ? updateStaffBody.safeParse({ ...body, active }) : newStaffBody.safeParse({ ...body, email, ...(password ? { password } : {}) });
    setProblems(parsed.success ? [] : parsed.error.issues.map((i) => i.message));
    if (!parsed.success) return;
    const done = () => {
      notify('green', member ? `Saved ${name}` : password ? `Added ${name}` : `Added ${name}; they were mailed a link to set a password`);
      onClose();
    };
    if (member) update.mutate({ id: member.id, body: parsed.data }, { onSuccess: done });
    else add.mutate(parsed.data as Parameters<typeof add.mutate>[0], { onSuccess: done });
  };

  return (
    <Modal opened onClose={onClose} title={member ? `Edit ${member.email}` : 'Add a staff member'}>
      <SchemaForm onSubmit={submit}>
        <Stack>
          {!member && <TextInput label="Email" type="email" required value={email} onChange={(e) => setEmail(e.currentTarget.value)} autoComplete="off" data-autofocus />}
          <TextInput label="Name" required value={name} onChange={(e) => setName(e.currentTarget.value)} />
          <Checkbox.Group label="Roles" required value={roles} onChange={(v) => setRoles(v as Role[])}>
            <Stack gap={6} mt={6}>
              {ROLES.map((r) => (
                <Checkbox key={r} value={r} label={ROLE_LABELS[r]} />
              ))}
            </Stack>
          </Checkbox.Group>
          <Select
            label="Warehouse"
            description="Limits a warehouse member to one warehouse"
            data={[
              { value: 'both', label: 'Both' },
              { value: 'west', label: 'West only' },
              { value: 'east', label: 'East only' },
            ]}
            value={warehouse ?? 'both'}
            allowDeselect={false}
            onChange={(v) => setWarehouse(v === 'west' || v === 'east' ? v : null)}
          />
          {!member && (
            <PasswordInput
              label="First password"
              description="Leave empty to mail them a link (valid 72 hours) to choose their own; or at least 10 characters, which they change under My account"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              autoComplete="new-password"
            />
          )}
          {member && <Switch label="Active (may sign in)" checked={active} onChange={(e) => setActive(e.currentTarget.checked)} />}
          <FormProblems problems={problems} />
          {call.error && (
            <Alert color="red" role="alert">
              {call.error.message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            <Button type="submit" loading={call.isPending}>
              {member ? 'Save' : 'Add'}
            </Button>
          </Group>
        </Stack>
      </SchemaForm>
    </Modal>
  );
}

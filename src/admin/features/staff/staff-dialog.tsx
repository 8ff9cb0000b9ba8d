import { Checkbox, PasswordInput, Radio, Select, Stack, Switch, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ROLE_LABELS, ROLES, type Role } from '../../../contract/admin/permissions';
import { ROLE_DESCRIPTIONS } from '../../../contract/admin/role-descriptions';
import { newStaffBody, STAFF, updateStaffBody, type StaffListItem } from '../../../contract/admin/staff';
import type { WarehouseCode } from '../../../contract/admin/staff-session';
import { notify } from '../../../web/components/notify';
import { FormDialog } from '../../components/form-dialog';
import { useAddStaff, useUpdateStaff } from './api';

/** How a new member gets in: mailed an invitation to choose a password (the default), or a first password typed here. */
type Entry = 'invite' | 'password';

/**
 * Add a staff member (invited by mail, or with a first password) or edit one's name, roles,
 * warehouse and active flag. Each role says what it allows, from the permission table.
 */
export function StaffDialog({ member, onClose }: { member: StaffListItem | null; onClose: () => void }) {
  const add = useAddStaff();
  const update = useUpdateStaff();
  const [email, setEmail] = useState('');
  const [entry, setEntry] = useState<Entry>('invite');
  const [password, setPassword] = useState('');
  const [name, setName] = useState(member?.name ?? '');
  const [roles, setRoles] = useState<Role[]>(member?.roles ?? []);
  const [warehouse, setWarehouse] = useState<WarehouseCode | null>(member?.warehouse ?? null);
  const [active, setActive] = useState(member?.active ?? true);
  const [problems, setProblems] = useState<string[]>([]);
  const call = member ? update : add;
  const invite = !member && entry === 'invite';

  const submit = () => {
    const body = { name, roles, warehouse };
    const parsed = member ? updateStaffBody.safeParse({ ...body, active }) : newStaffBody.safeParse({ ...body, email, ...(invite ? {} : { password }) });
    setProblems(parsed.success ? [] : parsed.error.issues.map((i) => i.message));
    if (!parsed.success) return;
    const done = () => {
      notify('green', member ? `Saved ${name}` : invite ? `Invited ${name}: ${email} was mailed a link to choose a password` : `Added ${name}`);
      onClose();
    };
    if (member) update.mutate({ id: member.id, body: parsed.data }, { onSuccess: done });
    else add.mutate(parsed.data as Parameters<typeof add.mutate>[0], { onSuccess: done });
  };

  return (
    <FormDialog
      title={member ? `Edit ${member.email}` : 'Add a staff member'}
      size="lg"
      onSubmit={submit}
      problems={problems}
      error={call.error}
      pending={call.isPending}
      submitLabel={member ? 'Save' : invite ? 'Send the invitation' : 'Add'}
      onClose={onClose}
    >
      {!member && <TextInput label="Email" type="email" required value={email} onChange={(e) => setEmail(e.currentTarget.value)} autoComplete="off" data-autofocus />}
      <TextInput label="Name" required value={name} onChange={(e) => setName(e.currentTarget.value)} />
      <Checkbox.Group label="Roles" required value={roles} onChange={(v) => setRoles(v as Role[])}>
        <Stack gap="xs" mt={6}>
          {ROLES.map((r) => (
            <Checkbox key={r} value={r} label={ROLE_LABELS[r]} description={ROLE_DESCRIPTIONS[r]} />
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
        <Radio.Group label="How they sign in the first time" value={entry} onChange={(v) => setEntry(v === 'password' ? 'password' : 'invite')}>
          <Stack gap="xs" mt={6}>
            <Radio value="invite" label="Send an invitation" description={`A mail with a link, valid ${STAFF.setPasswordLinkHours} hours, where they choose their own password`} />
            <Radio value="password" label="Type a first password" description={`At least ${STAFF.passwordMin} characters; tell it to them, and they change it under My account`} />
          </Stack>
        </Radio.Group>
      )}
      {!member && entry === 'password' && (
        <PasswordInput label="First password" required value={password} onChange={(e) => setPassword(e.currentTarget.value)} autoComplete="new-password" />
      )}
      {member && <Switch label="Active (may sign in)" checked={active} onChange={(e) => setActive(e.currentTarget.checked)} />}
    </FormDialog>
  );
}

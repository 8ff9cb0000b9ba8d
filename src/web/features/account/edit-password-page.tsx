import { PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { updatePasswordSchema } from '../../../contract/accounts';
import { SUCCESS } from '../../../contract/messages';
import { usePageMeta } from '../../lib/page-meta';
import { updatePassword } from './api';
import { EditForm, EditFrame } from './edit-frame';
import { ACCOUNT_FAILURES } from './texts';
import { useAccountSave } from './use-account-save';

export default function EditPasswordPage() {
  usePageMeta('Change password', 'Change the password of your trade account.');
  const { status, save } = useAccountSave();
  const form = useForm({ mode: 'controlled', initialValues: { oldPassword: '', newPassword: '', reenterPassword: '' }, validate: zod4Resolver(updatePasswordSchema) });
  const submit = form.onSubmit((values) => save(() => updatePassword(values), { success: SUCCESS.passwordUpdated, failure: ACCOUNT_FAILURES.updatePassword, then: '/account' }));
  return (
    <EditFrame title="Password" backTo="/account" status={status}>
      <EditForm onSubmit={submit} submitting={form.submitting}>
        <Stack gap="sm">
          <PasswordInput label="Current password" autoComplete="current-password" withAsterisk {...form.getInputProps('oldPassword')} />
          <PasswordInput label="New password" autoComplete="new-password" withAsterisk description="At least 8 characters." {...form.getInputProps('newPassword')} />
          <PasswordInput label="Confirm new password" autoComplete="new-password" withAsterisk {...form.getInputProps('reenterPassword')} />
        </Stack>
      </EditForm>
    </EditFrame>
  );
}

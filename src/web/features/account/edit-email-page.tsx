import { Alert, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { emailChangeSchema } from '../../../contract/accounts';
import { useState } from 'react';
import { ERRORS, SERVER_MESSAGES } from '../../../contract/messages';
import { ApiError } from '../../lib/api-client';
import { usePageMeta } from '../../lib/page-meta';
import { updateEmail, useCustomer, validateNewEmail } from './api';
import { EditForm, EditFrame } from './edit-frame';
import { PasswordPrompt } from './password-prompt';
import { ACCOUNT_FAILURES } from './texts';
import { useAccountSave } from './use-account-save';

/**
 * Change the email: its availability is checked first (spec §5), then UpdateEmail (202), which
 * leaves the change pending until the new address's link is opened (DESIGN.md §3).
 */
export default function EditEmailPage() {
  usePageMeta('Edit email address', 'Change the email address of your trade account.');
  const customer = useCustomer();
  const { status, save } = useAccountSave();
  const [awaitingPassword, setAwaitingPassword] = useState<string | null>(null);
  const form = useForm({ mode: 'controlled', initialValues: { email: customer?.email ?? '' }, validate: zod4Resolver(emailChangeSchema) });
  const submit = form.onSubmit(async ({ email }) => {
    const next = email.trim();
    try {
      await validateNewEmail(next);
    } catch (err) {
      form.setFieldError('email', err instanceof ApiError && err.status === 400 ? (err.serverMessage ?? ERRORS.emailAlreadyRegistered) : ERRORS.unexpected);
      return;
    }
    await change(next);
  });
  /** The change waits for the new address's link; a 403 asks for the password first. */
  const change = (next: string) =>
    save(() => updateEmail(next), { success: SERVER_MESSAGES.emailChangePending, failure: ACCOUNT_FAILURES.updateEmail, then: '/account' }, (err) => {
      if (!(err instanceof ApiError && err.status === 403)) return false;
      setAwaitingPassword(next);
      return true;
    });
  if (!customer) {
    return (
      <EditFrame title="Email address" backTo="/account">
        <Alert color="red" role="alert">
          {ERRORS.userNotFoundSignIn}
        </Alert>
      </EditFrame>
    );
  }
  return (
    <EditFrame title="Email address" backTo="/account" status={status}>
      <EditForm onSubmit={submit} submitting={form.submitting}>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            We will send a link to the new address so you can confirm it. Until you open it, you keep signing in with your
            current address.
          </Text>
          <TextInput label="Email" type="email" autoComplete="email" withAsterisk {...form.getInputProps('email')} />
        </Stack>
      </EditForm>
      <PasswordPrompt
        opened={awaitingPassword !== null}
        onClose={() => setAwaitingPassword(null)}
        onConfirmed={() => {
          const next = awaitingPassword;
          setAwaitingPassword(null);
          if (next) void change(next);
        }}
      />
    </EditFrame>
  );
}

import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { emailChangeSchema } from '../../../contract/accounts';
import { ERRORS, SUCCESS } from '../../../contract/messages';
import { ApiError } from '../../lib/api-client';
import { usePageMeta } from '../../lib/page-meta';
import { updateEmail, useCustomer, validateNewEmail } from './api';
import { EditFrame } from './edit-frame';
import { ACCOUNT_FAILURES } from './texts';
import { useAccountSave } from './use-account-save';

/** Change the email: its availability is checked first (spec §5), then UpdateEmail (202). */
export default function EditEmailPage() {
  usePageMeta('Edit email address', 'Change the email address of your trade account.');
  const customer = useCustomer();
  const { status, save } = useAccountSave();
  const form = useForm({ mode: 'controlled', initialValues: { email: customer?.email ?? '' }, validate: zod4Resolver(emailChangeSchema) });
  const submit = form.onSubmit(async ({ email }) => {
    const next = email.trim();
    try {
      await validateNewEmail(next);
    } catch (err) {
      form.setFieldError('email', err instanceof ApiError && err.status === 400 ? (err.serverMessage ?? ERRORS.emailAlreadyRegistered) : ERRORS.unexpected);
      return;
    }
    await save(() => updateEmail(next), { success: SUCCESS.emailUpdated, failure: ACCOUNT_FAILURES.updateEmail, then: '/account' });
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
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            We will send a link to the new address so you can confirm it.
          </Text>
          <TextInput label="Email" type="email" autoComplete="email" withAsterisk {...form.getInputProps('email')} />
        </Stack>
        <Group justify="flex-end" mt="lg">
          <Button type="submit" loading={form.submitting}>
            Save Changes
          </Button>
        </Group>
      </form>
    </EditFrame>
  );
}

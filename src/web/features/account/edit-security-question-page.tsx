import { Autocomplete, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { securityQuestionSchema } from '../../../contract/accounts';
import { SUCCESS } from '../../../contract/messages';
import { usePageMeta } from '../../lib/page-meta';
import { updateSecurityQuestion, useCustomer } from './api';
import { EditForm, EditFrame } from './edit-frame';
import { SECURITY_QUESTIONS } from './security-questions';
import { ACCOUNT_FAILURES } from './texts';
import { useAccountSave } from './use-account-save';

export default function EditSecurityQuestionPage() {
  usePageMeta('Security question', 'Change the security question of your trade account.');
  const customer = useCustomer();
  const { status, save } = useAccountSave();
  const form = useForm({ mode: 'controlled', initialValues: { question: customer?.securityQuesiton ?? '', answer: '' }, validate: zod4Resolver(securityQuestionSchema) });
  const submit = form.onSubmit((values) =>
    save(() => updateSecurityQuestion(values), { success: SUCCESS.securityQuestionUpdated, failure: ACCOUNT_FAILURES.updateSecurityQuestion, then: '/account' }),
  );
  return (
    <EditFrame title="Security question" backTo="/account" status={status}>
      <EditForm onSubmit={submit} submitting={form.submitting}>
        <Stack gap="sm">
          <Autocomplete label="Security question" withAsterisk data={SECURITY_QUESTIONS} {...form.getInputProps('question')} />
          <TextInput label="Answer" withAsterisk autoComplete="off" {...form.getInputProps('answer')} />
        </Stack>
      </EditForm>
    </EditFrame>
  );
}

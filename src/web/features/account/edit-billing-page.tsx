import { Button, Group } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { billingInfoSchema } from '../../../contract/accounts';
import { SUCCESS } from '../../../contract/messages';
import { usePageMeta } from '../../lib/page-meta';
import { AddressFields, addressValues, type AddressValues } from './address-fields';
import { updateBillingInfo, useCustomer } from './api';
import { EditFrame } from './edit-frame';
import { ACCOUNT_FAILURES } from './texts';
import { useAccountSave } from './use-account-save';

export default function EditBillingPage() {
  usePageMeta('Edit billing information', 'Change the billing address of your trade account.');
  const customer = useCustomer();
  const { status, save } = useAccountSave();
  const form = useForm<AddressValues>({ mode: 'controlled', initialValues: addressValues(customer), validate: zod4Resolver(billingInfoSchema) });
  const submit = form.onSubmit((values) =>
    save(() => updateBillingInfo(customer?.code ?? '', values), { success: SUCCESS.accountUpdated, failure: ACCOUNT_FAILURES.updateAccount, then: '/account' }),
  );
  return (
    <EditFrame title="Billing information" backTo="/account" status={status}>
      <form onSubmit={submit} noValidate>
        <AddressFields form={form} withWeb />
        <Group justify="flex-end" mt="lg">
          <Button type="submit" loading={form.submitting}>
            Save Changes
          </Button>
        </Group>
      </form>
    </EditFrame>
  );
}

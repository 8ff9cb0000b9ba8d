import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { billingInfoSchema } from '../../../contract/accounts';
import { SUCCESS } from '../../../contract/messages';
import { usePageMeta } from '../../lib/page-meta';
import { AddressFields, addressValues, type AddressValues } from './address-fields';
import { updateBillingInfo, useCustomer } from './api';
import { EditForm, EditFrame } from './edit-frame';
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
      <EditForm onSubmit={submit} submitting={form.submitting}>
        <AddressFields form={form} withWeb />
      </EditForm>
    </EditFrame>
  );
}

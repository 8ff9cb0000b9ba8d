import { Alert } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useParams } from 'react-router';
import { shipToInputSchema } from '../../../contract/accounts';
import { ERRORS, SUCCESS } from '../../../contract/messages';
import { usePageMeta } from '../../lib/page-meta';
import { AddressFields, addressValues, type AddressValues } from './address-fields';
import { updateShipTo, useCustomer } from './api';
import { EditForm, EditFrame } from './edit-frame';
import { personName } from './names';
import { ACCOUNT_FAILURES } from './texts';
import { useAccountSave } from './use-account-save';

const MANAGE = '/account/manageshippingaddresses';

/** Edit one ship-to; the body carries the address's email (or the user's), the contact and the code of the route (spec §7). */
export default function EditShippingPage() {
  usePageMeta('Edit shipping address', 'Change one of the shipping addresses of your trade account.');
  const { code = '' } = useParams();
  const customer = useCustomer();
  const shipTo = customer?.shipTo.find((s) => s.code === code) ?? null;
  const { status, save } = useAccountSave();
  const form = useForm<AddressValues>({ mode: 'controlled', initialValues: addressValues(shipTo), validate: zod4Resolver(shipToInputSchema) });
  const submit = form.onSubmit(({ web: _web, ...values }) => {
    const body = { ...values, email: shipTo?.email || customer?.email || '', contact: personName(values), code };
    return save(() => updateShipTo(body), { success: SUCCESS.shipToUpdated, failure: ACCOUNT_FAILURES.updateShipTo, then: MANAGE });
  });
  if (!code || !shipTo) {
    return (
      <EditFrame title="Edit shipping address" backTo={MANAGE}>
        <Alert color="red" role="alert">
          {!code ? ERRORS.shipToCodeMissing : 'Shipping address not found'}
        </Alert>
      </EditFrame>
    );
  }
  return (
    <EditFrame title="Edit shipping address" backTo={MANAGE} status={status}>
      <EditForm onSubmit={submit} submitting={form.submitting}>
        <AddressFields form={form} />
      </EditForm>
    </EditFrame>
  );
}

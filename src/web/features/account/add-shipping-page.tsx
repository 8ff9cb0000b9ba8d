import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useSearchParams } from 'react-router';
import { shipToInputSchema } from '../../../contract/accounts';
import { SUCCESS } from '../../../contract/messages';
import { usePageMeta } from '../../lib/page-meta';
import { AddressFields, addressValues, type AddressValues } from './address-fields';
import { addShipTo } from './api';
import { EditForm, EditFrame } from './edit-frame';
import { ACCOUNT_FAILURES } from './texts';
import { useAccountSave } from './use-account-save';
import { safeReturnTo } from './return-to';

/** Add a ship-to; afterwards back to returnTo (e.g. the checkout) or to the address list (spec §4). */
export default function AddShippingPage() {
  usePageMeta('Add a shipping address', 'Add a shipping address to your trade account.');
  const [params] = useSearchParams();
  const returnTo = safeReturnTo(params.get('returnTo'));
  const manage = `/account/manageshippingaddresses${returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : ''}`;
  const { status, save } = useAccountSave();
  const form = useForm<AddressValues>({ mode: 'controlled', initialValues: addressValues(null), validate: zod4Resolver(shipToInputSchema) });
  const submit = form.onSubmit(({ web: _web, ...values }) =>
    save(() => addShipTo(values), { success: SUCCESS.shipToAdded, failure: ACCOUNT_FAILURES.addShipTo, then: returnTo ?? manage }),
  );
  return (
    <EditFrame title="Add shipping address" backTo={manage} status={status}>
      <EditForm onSubmit={submit} submitting={form.submitting} saveLabel="Save Address">
        <AddressFields form={form} />
      </EditForm>
    </EditFrame>
  );
}

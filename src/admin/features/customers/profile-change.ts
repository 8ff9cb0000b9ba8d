import type { AdminCustomer, CustomerProfileForm } from '../../../contract/admin/customers';
import type { ProfileChange } from './api';

const ADDRESS = ['addressLine1', 'city', 'state', 'zip', 'country'] as const;
const TOP = ['orgName', 'firstName', 'lastName', 'dayPhone', 'web', 'email'] as const;

/** The form's values from the customer as loaded; the email is the one waiting for its link, if any. */
export function valuesOf(c: AdminCustomer): CustomerProfileForm {
  return {
    orgName: c.orgName,
    firstName: c.firstName,
    lastName: c.lastName,
    email: c.pendingEmail || c.email,
    dayPhone: c.dayPhone,
    web: c.web,
    addressLine1: c.billing.addressLine1,
    city: c.billing.city,
    state: c.billing.state,
    zip: c.billing.zip,
    country: c.billing.country,
  };
}

/** Only what differs from the customer as loaded: a partial update, so nothing else is overwritten. */
export function changeOf(before: CustomerProfileForm, after: CustomerProfileForm): ProfileChange {
  const change: ProfileChange = {};
  for (const k of TOP) if (after[k] !== before[k]) change[k] = after[k] ?? '';
  const billing: NonNullable<ProfileChange['billing']> = {};
  for (const k of ADDRESS) if (after[k] !== before[k]) billing[k] = after[k] ?? '';
  if (Object.keys(billing).length > 0) change.billing = billing;
  return change;
}

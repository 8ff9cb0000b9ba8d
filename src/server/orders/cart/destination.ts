import type { Customer } from '../../../contract/accounts';
import { CART_MESSAGES, type OrderAddress } from '../../../contract/cart';
import { NotFound } from '../../platform/errors';

/**
 * The address a cart ships to: '' is the billing address, any other code must be one of the
 * customer's own ship-tos (another customer's code is simply not found).
 */
export function resolveDestination(customer: Customer, shipToCode: string): OrderAddress {
  if (shipToCode === '') {
    return {
      code: '',
      orgName: customer.orgName,
      contact: [customer.firstName, customer.lastName].filter(Boolean).join(' '),
      addressLine1: customer.addressLine1,
      city: customer.city,
      state: customer.state,
      zip: customer.zip,
      country: customer.country,
      dayPhone: customer.dayPhone,
    };
  }
  const s = customer.shipTo.find((x) => x.code === shipToCode);
  if (!s) throw new NotFound(CART_MESSAGES.shipToNotFound);
  return {
    code: s.code,
    orgName: s.orgName,
    contact: s.contact,
    addressLine1: s.addressLine1,
    city: s.city,
    state: s.state,
    zip: s.zip,
    country: s.country,
    dayPhone: s.dayPhone,
  };
}

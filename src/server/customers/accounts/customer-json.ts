import type { Customer, ShipTo } from '../../../contract/accounts';
import type { CustomerRow, ShipToRow } from './queries';

/** Rows to the spec's JSON (§3 field names, including `securityQuesiton`). */

export function contactName(firstName: string, lastName: string): string {
  return `${firstName} ${lastName}`.trim();
}

type Address = Pick<ShipTo, 'addressLine1' | 'city' | 'state' | 'zip' | 'country' | 'dayPhone'>;

/** The postal address and day phone, kept alike on an account (its billing address) and on a ship-to. */
function addressJson(row: Pick<ShipToRow, 'address_line1' | 'city' | 'state' | 'zip' | 'country' | 'day_phone'>): Address {
  return { addressLine1: row.address_line1, city: row.city, state: row.state, zip: row.zip, country: row.country, dayPhone: row.day_phone };
}

/** The columns an account's billing form and a ship-to form write alike: names and address. */
export function nameAndAddressColumns(input: Pick<ShipTo, 'orgName' | 'firstName' | 'lastName'> & Address) {
  return {
    org_name: input.orgName,
    first_name: input.firstName,
    last_name: input.lastName,
    address_line1: input.addressLine1,
    city: input.city,
    state: input.state,
    zip: input.zip,
    country: input.country,
    day_phone: input.dayPhone,
  };
}

export function toShipTo(row: ShipToRow): ShipTo {
  return {
    code: row.code,
    orgName: row.org_name,
    firstName: row.first_name,
    lastName: row.last_name,
    contact: row.contact || contactName(row.first_name, row.last_name),
    ...addressJson(row),
    email: row.email,
  };
}

function permissions(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((p): p is string => typeof p === 'string') : [];
  } catch {
    return [];
  }
}

export function toCustomer(row: CustomerRow, shipTos: ShipToRow[]): Customer {
  const defaultShipTo = shipTos.find((s) => s.id === row.default_ship_to_id);
  return {
    code: row.code,
    orgName: row.org_name,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    ...addressJson(row),
    web: row.web,
    defaultShipTo: defaultShipTo?.code ?? '',
    shipTo: shipTos.map(toShipTo),
    permissions: permissions(row.permissions),
    securityQuesiton: row.security_question,
    emailVerified: row.email_verified === 1,
    pendingEmail: row.pending_email,
    accountStatus: row.status,
  };
}

/** How mails greet a customer: by name, else by company (an account may be either, spec §6). */
export function greetingName(row: Pick<CustomerRow, 'first_name' | 'last_name' | 'org_name'>): string {
  return contactName(row.first_name, row.last_name) || row.org_name;
}

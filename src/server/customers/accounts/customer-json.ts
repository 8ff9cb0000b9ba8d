import type { Customer, ShipTo } from '../../../contract/accounts';
import type { CustomerRow, ShipToRow } from './queries';

/** Rows to the spec's JSON (§3 field names, including `securityQuesiton`). */

export function contactName(firstName: string, lastName: string): string {
  return `${firstName} ${lastName}`.trim();
}

export function toShipTo(row: ShipToRow): ShipTo {
  return {
    code: row.code,
    orgName: row.org_name,
    firstName: row.first_name,
    lastName: row.last_name,
    contact: row.contact || contactName(row.first_name, row.last_name),
    addressLine1: row.address_line1,
    city: row.city,
    state: row.state,
    zip: row.zip,
    country: row.country,
    dayPhone: row.day_phone,
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
    addressLine1: row.address_line1,
    city: row.city,
    state: row.state,
    zip: row.zip,
    country: row.country,
    dayPhone: row.day_phone,
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

import type { Customer, ShipTo } from '../../../contract/accounts';
import { countryName } from './countries';

/** An organisation or a person: the name falls back between them (spec §6). */
export function displayName(a: Pick<Customer, 'orgName' | 'firstName' | 'lastName'>): string {
  return a.orgName.trim() || `${a.firstName} ${a.lastName}`.trim();
}

export const personName = (a: Pick<Customer, 'firstName' | 'lastName'>) => `${a.firstName} ${a.lastName}`.trim();

/** The lines of an address card: organisation, name, street, city/state/zip, country. */
export function addressLines(a: Customer | ShipTo): string[] {
  return [a.orgName, personName(a), a.addressLine1, `${a.city}, ${a.state} ${a.zip}`.trim(), a.country && a.country !== 'US' ? countryName(a.country) : '']
    .map((l) => l.trim())
    .filter((l) => l && l !== ',');
}

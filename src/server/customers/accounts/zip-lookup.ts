import zipcodes from 'zipcodes';
import type { ZipLookup } from '../../../contract/accounts';
import { SERVER_MESSAGES } from '../../../contract/messages';
import { Invalid } from '../../platform/errors';

const US_ZIP = /^(\d{5})(?:-?\d{4})?$/;
/** A Canadian postal code, or just its first half (the data knows areas by the first three). */
const CA_POSTAL = /^([A-Z]\d[A-Z])(?:\s*\d[A-Z]\d)?$/;

/** The first letter of a Canadian postal code names the province (X: both northern territories). */
const PROVINCE_BY_LETTER: Record<string, string> = {
  A: 'NL', B: 'NS', C: 'PE', E: 'NB', G: 'QC', H: 'QC', J: 'QC', K: 'ON', L: 'ON', M: 'ON', N: 'ON',
  P: 'ON', R: 'MB', S: 'SK', T: 'AB', V: 'BC', Y: 'YT',
};

function province(postal: string, areaName: string): string {
  if (postal.startsWith('X')) return /nunavut/i.test(areaName) ? 'NU' : 'NT';
  return PROVINCE_BY_LETTER[postal.charAt(0)] ?? areaName;
}

/**
 * City and state of a US ZIP code or Canadian postal code, from the `zipcodes` data. Throws 400
 * for something that is neither; answers null for a well-formed code that does not exist.
 */
export function lookupZip(input: string): ZipLookup | null {
  const zip = input.trim().toUpperCase();
  const us = US_ZIP.exec(zip);
  if (us?.[1]) {
    const entry = zipcodes.lookup(us[1]);
    return entry && entry.country === 'US' ? { city: entry.city, state: entry.state, country: 'US' } : null;
  }
  const ca = CA_POSTAL.exec(zip);
  if (ca?.[1]) {
    const entry = zipcodes.lookup(ca[1]);
    if (!entry || entry.country !== 'Canada') return null;
    // Canadian areas read like "Calgary (city Centre / Calgary Tower)": the city is the first part.
    const city = entry.city.replace(/\s*\(.*$/, '').trim();
    return { city, state: province(ca[1], entry.state), country: 'CA' };
  }
  throw new Invalid(SERVER_MESSAGES.zipInvalid);
}

import { describe, expect, it } from 'vitest';
import { lookupZip } from './zip-lookup';

describe('lookupZip', () => {
  it('finds US ZIP codes, also ZIP+4', () => {
    expect(lookupZip('93706')).toEqual({ city: 'Fresno', state: 'CA', country: 'US' });
    expect(lookupZip(' 36602-0001 ')).toEqual({ city: 'Mobile', state: 'AL', country: 'US' });
  });

  it('finds Canadian postal codes by their area, with the province code', () => {
    expect(lookupZip('M5V 3L9')).toEqual({ city: 'Downtown Toronto', state: 'ON', country: 'CA' });
    expect(lookupZip('v6b')?.state).toBe('BC');
    expect(lookupZip('X0A 0H0')?.state).toBe('NU');
  });

  it('answers null for a well-formed code that does not exist', () => {
    expect(lookupZip('00000')).toBeNull();
    expect(lookupZip('Z9Z 9Z9')).toBeNull();
  });

  it.each(['', '1234', '123456', 'ABCDE', '93706-12', 'M5V-3L9X'])('refuses the malformed %j with 400', (zip) => {
    expect(() => lookupZip(zip)).toThrow('Please enter a valid US ZIP code or Canadian postal code');
  });
});

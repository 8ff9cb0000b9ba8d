import { describe, expect, it } from 'vitest';
import { isValidUpc, upcCheckDigit, withCheckDigit } from './upc';

describe('UPC-A check digit', () => {
  it('matches published UPC-A codes', () => {
    // Real retail barcodes, quoted with their check digit.
    expect(upcCheckDigit('03600029145')).toBe(2);
    expect(upcCheckDigit('04210000526')).toBe(4);
    expect(upcCheckDigit('01234567890')).toBe(5);
    expect(upcCheckDigit('00000000000')).toBe(0);
  });

  it('accepts a valid code and rejects a wrong check digit', () => {
    expect(isValidUpc('036000291452')).toBe(true);
    expect(isValidUpc('036000291453')).toBe(false);
    expect(isValidUpc('012345678905')).toBe(true);
  });

  it('rejects anything that is not exactly 12 digits', () => {
    for (const bad of ['', '03600029145', '0360002914522', '03600029145a', ' 036000291452', '0360-0029145']) {
      expect(isValidUpc(bad)).toBe(false);
    }
  });

  it('builds codes that validate, and every single-digit typo is caught', () => {
    const upc = withCheckDigit('04738511001');
    expect(isValidUpc(upc)).toBe(true);
    for (let i = 0; i < 12; i++) {
      const d = Number(upc[i]);
      const typo = `${upc.slice(0, i)}${(d + 1) % 10}${upc.slice(i + 1)}`;
      expect(isValidUpc(typo)).toBe(false);
    }
  });

  it('refuses to compute a check digit for a malformed body', () => {
    expect(() => upcCheckDigit('123')).toThrow();
  });
});

import { describe, expect, it } from 'vitest';
import { checkUpc, gs1CheckDigit } from './inventory-lookup';

describe('checkUpc', () => {
  it('accepts a UPC-A and an EAN-13 with the right check digit', () => {
    expect(checkUpc('036000291452')).toEqual({ ok: true, upc: '036000291452' });
    expect(checkUpc('4006381333931')).toEqual({ ok: true, upc: '4006381333931' });
    // An EAN-13 that starts with 0 is the UPC-A the catalogue stores.
    expect(checkUpc('0036000291452')).toEqual({ ok: true, upc: '036000291452' });
    expect(checkUpc(' 0 36000-29145 2 ')).toEqual({ ok: true, upc: '036000291452' });
  });

  it('names what is wrong', () => {
    expect(checkUpc('036000291453')).toEqual({ ok: false, reason: 'Check digit is wrong' });
    expect(checkUpc('4006381333932')).toEqual({ ok: false, reason: 'Check digit is wrong' });
    for (const bad of ['', '12345', '03600029145', '12345678901234', '03600029145x']) expect(checkUpc(bad)).toEqual({ ok: false, reason: 'Not a 12- or 13-digit code' });
  });

  it('computes the GS1 check digit', () => {
    expect(gs1CheckDigit('03600029145')).toBe(2);
    expect(gs1CheckDigit('400638133393')).toBe(1);
  });
});

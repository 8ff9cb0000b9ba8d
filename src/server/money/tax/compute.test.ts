import { describe, expect, it } from 'vitest';
import { splitDiscount, taxDocument, taxOf } from './compute';

describe('sales tax of a document', () => {
  it('rounds each line half up to the cent', () => {
    // 7.25 % of $10.00 is 72.5 cents: 73; of $10.06 is 72.935: 73; of $0.06 is 0.435: 0.
    expect(taxOf(1000, 72_500)).toBe(73);
    expect(taxOf(1006, 72_500)).toBe(73);
    expect(taxOf(6, 72_500)).toBe(0);
    expect(taxOf(2, 250_000)).toBe(1); // 0.5 → 1
    expect(taxOf(0, 72_500)).toBe(0);
  });

  it('is exact beyond 2^53 intermediate products', () => {
    // $90 billion at 9.9999 %: the product passes 2^53, the answer does not lose a cent.
    expect(taxOf(9_000_000_000_000, 99_999)).toBe(899_991_000_000);
  });

  it('refuses amounts that are not whole, non-negative cents', () => {
    expect(() => taxOf(-1, 72_500)).toThrow(RangeError);
    expect(() => taxOf(1.5, 72_500)).toThrow(RangeError);
  });

  it('shares a discount over the lines exactly, largest remainders first', () => {
    const shares = splitDiscount([1000, 1000, 1000], 100);
    expect(shares).toEqual([34, 33, 33]);
    expect(splitDiscount([333, 667], 100)).toEqual([33, 67]);
    expect(splitDiscount([500, 0, 500], 1001)).toEqual([500, 0, 500]);
    expect(splitDiscount([500, 500], 0)).toEqual([0, 0]);
    for (const [lines, d] of [[[1, 2, 3, 4, 5, 6, 7], 13], [[9999, 1, 1], 5000], [[125, 375, 1250], 175]] as const) {
      const s = splitDiscount(lines, d);
      expect(s.reduce((n, x) => n + x, 0)).toBe(Math.min(d, lines.reduce((n, x) => n + x, 0)));
      s.forEach((x, i) => expect(x).toBeLessThanOrEqual(lines[i]!));
    }
  });

  it('taxes lines after their share of the discount, and shipping only where the rate says so', () => {
    // $112.50 + $300.00, 10 % off ($41.25), $15 shipping, 7.25 %.
    const doc = { lineCents: [11_250, 30_000], discountCents: 4_125, shippingCents: 1_500 };
    const ca = taxDocument(doc, { ratePpm: 72_500, shippingTaxable: false });
    // Shares: 1125 and 3000 → taxed on 10125 (734.06 → 734) and 27000 (1957.5 → 1958).
    expect(ca).toEqual({ lineTaxCents: [734, 1958], shippingTaxCents: 0, taxCents: 2692 });
    const ny = taxDocument(doc, { ratePpm: 40_000, shippingTaxable: true });
    expect(ny.shippingTaxCents).toBe(60);
    expect(ny.taxCents).toBe(405 + 1080 + 60);
  });

  it('charges nothing without a rate (another state, an exempt buyer) or at 0 %', () => {
    const doc = { lineCents: [500, 700], discountCents: 0, shippingCents: 900 };
    expect(taxDocument(doc, null)).toEqual({ lineTaxCents: [0, 0], shippingTaxCents: 0, taxCents: 0 });
    expect(taxDocument(doc, { ratePpm: 0, shippingTaxable: true }).taxCents).toBe(0);
  });
});

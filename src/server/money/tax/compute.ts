/**
 * Sales tax of one document (a cart, an order, an invoice, a credit memo), decision 0042:
 * each line is taxed on its amount after its share of the document's discount, rounded half up to
 * the cent; shipping is taxed when the rate says so, rounded the same way. Pure and exact: cents
 * are integers, rates are parts per million, products are taken in BigInt.
 */
import type { RatePpm } from './state-rates';

export interface TaxRate {
  ratePpm: RatePpm;
  shippingTaxable: boolean;
}

export interface TaxedDocument {
  /** Per line, in the order given. */
  lineTaxCents: number[];
  shippingTaxCents: number;
  /** The lines' and the shipping's tax. */
  taxCents: number;
}

const NO_TAX = (lines: number): TaxedDocument => ({ lineTaxCents: new Array<number>(lines).fill(0), shippingTaxCents: 0, taxCents: 0 });

/** round(cents × rate), half up, for cents ≥ 0. */
export function taxOf(cents: number, ratePpm: RatePpm): number {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`tax of ${cents} cents: amounts are whole cents, not negative`);
  if (!Number.isSafeInteger(ratePpm) || ratePpm < 0) throw new RangeError(`rate ${ratePpm} ppm: not a rate`);
  return Number((2n * BigInt(cents) * BigInt(ratePpm) + 1_000_000n) / 2_000_000n);
}

/**
 * The document's discount shared over its lines in proportion to their amounts, each share
 * rounded down and the cents left over given to the lines with the largest remainders (the first
 * of equal ones): the shares add up to the discount exactly and no share passes its line.
 */
export function splitDiscount(lineCents: readonly number[], discountCents: number): number[] {
  const total = lineCents.reduce((n, c) => n + c, 0);
  if (discountCents <= 0 || total <= 0) return lineCents.map(() => 0);
  if (discountCents >= total) return [...lineCents];
  const d = BigInt(discountCents);
  const s = BigInt(total);
  const shares = lineCents.map((c, i) => {
    const p = d * BigInt(c);
    return { i, share: Number(p / s), rest: p % s };
  });
  let left = discountCents - shares.reduce((n, x) => n + x.share, 0);
  const byRest = [...shares].sort((a, b) => (a.rest === b.rest ? a.i - b.i : a.rest > b.rest ? -1 : 1));
  for (const x of byRest) {
    if (left === 0) break;
    x.share += 1;
    left -= 1;
  }
  return shares.map((x) => x.share);
}

/** The tax of a document at `rate` (null: no tax is collected for it: another state, or an exempt buyer). */
export function taxDocument(doc: { lineCents: readonly number[]; discountCents: number; shippingCents: number }, rate: TaxRate | null): TaxedDocument {
  if (!rate || rate.ratePpm === 0) return NO_TAX(doc.lineCents.length);
  const shares = splitDiscount(doc.lineCents, doc.discountCents);
  const lineTaxCents = doc.lineCents.map((c, i) => taxOf(c - shares[i]!, rate.ratePpm));
  const shippingTaxCents = rate.shippingTaxable ? taxOf(doc.shippingCents, rate.ratePpm) : 0;
  return { lineTaxCents, shippingTaxCents, taxCents: lineTaxCents.reduce((n, t) => n + t, 0) + shippingTaxCents };
}

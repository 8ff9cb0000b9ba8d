import { dollars, type TaxBasis } from '../../contract/cart';

/**
 * An order's money after cancels (decision 0026), pure, in integer cents. The order as placed
 * keeps its subtotal S0, discount D0 and shipping H0; its `total` is what remains to be delivered
 * and paid:
 *
 * - subtotal = the units not cancelled (open, backordered and shipped) at the order's prices;
 * - discount = D0 × subtotal / S0, rounded half up: whatever the coupon (a percent, or a fixed
 *   amount whose minimum the rest may no longer meet), the discount was given on the order as
 *   placed, and a cancelled unit takes its share with it, as the invoices have always done
 *   (invoice-amounts.ts, decision 0015). It is never less than what the order's invoices already
 *   gave, and once everything left is invoiced it is exactly that, so the invoices of a fully
 *   shipped order add up to its total to the cent;
 * - shipping stays as charged while anything is left or was invoiced (the first invoice carries
 *   it); an order cancelled before anything shipped owes none;
 * - total = subtotal − discount + shipping; originalTotal = S0 − D0 + H0; cancelledTotal is the
 *   difference.
 */

export interface PlacedMoney {
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  /** Sales tax as placed (decision 0042); absent: none. */
  taxCents?: number;
}

export interface Invoiced {
  /** Invoices the order has. */
  count: number;
  /** Merchandise they bill. */
  merchandiseCents: number;
  /** Discount they give. */
  discountCents: number;
  /** Tax they bill. */
  taxCents?: number;
}

export interface OrderTotals {
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  /** The tax of what remains (worked out by the caller, who has the order's rate: decision 0042). */
  taxCents: number;
  totalCents: number;
}

export const NOTHING_INVOICED: Invoiced = { count: 0, merchandiseCents: 0, discountCents: 0 };

/** round(d × s / s0), half up, exact for any cents (BigInt: d × s may pass 2^53). */
function shareOf(d: number, s: number, s0: number): number {
  if (s0 <= 0 || d <= 0 || s <= 0) return 0;
  if (s >= s0) return d;
  const [bd, bs, bs0] = [BigInt(d), BigInt(s), BigInt(s0)];
  return Number((2n * bd * bs + bs0) / (2n * bs0));
}

/** The order's totals when `remainingCents` of its merchandise is not cancelled; `taxCents`: the tax of what remains. */
export function totalsAfterCancel(placed: PlacedMoney, remainingCents: number, invoiced: Invoiced, taxCents = 0): OrderTotals {
  let discountCents = 0;
  if (remainingCents > 0) {
    const share = shareOf(placed.discountCents, remainingCents, placed.subtotalCents);
    discountCents = remainingCents <= invoiced.merchandiseCents ? invoiced.discountCents : Math.max(share, invoiced.discountCents);
  }
  const shippingCents = remainingCents > 0 || invoiced.count > 0 ? placed.shippingCents : 0;
  return { subtotalCents: remainingCents, discountCents, shippingCents, taxCents, totalCents: remainingCents - discountCents + shippingCents + taxCents };
}

export const originalTotalOf = (placed: PlacedMoney): number => placed.subtotalCents - placed.discountCents + placed.shippingCents + (placed.taxCents ?? 0);

/** The columns an answer's totals come from. */
export interface TotalsColumns {
  total_cents: number | string;
  original_subtotal_cents: number | string;
  original_discount_cents: number | string;
  original_shipping_cents: number | string;
  original_tax_cents: number | string;
}

/** `total`, `originalTotal` and `cancelledTotal` of an order answer, in dollars, worked out in cents. */
export function totalsJson(row: TotalsColumns): { total: number; originalTotal: number; cancelledTotal: number } {
  const total = Number(row.total_cents);
  const original = originalTotalOf({
    subtotalCents: Number(row.original_subtotal_cents),
    discountCents: Number(row.original_discount_cents),
    shippingCents: Number(row.original_shipping_cents),
    taxCents: Number(row.original_tax_cents),
  });
  return { total: dollars(total), originalTotal: dollars(original), cancelledTotal: dollars(original - total) };
}

/** `tax` and how the order is taxed, for an order answer. */
export function taxJson(row: { tax_cents: number | string; tax_rate_ppm: number | string | null; tax_basis: TaxBasis; tax_shipping: number | string }): { tax: number; taxRate: number | null; taxBasis: TaxBasis; taxShipping: boolean } {
  return {
    tax: dollars(Number(row.tax_cents)),
    taxRate: row.tax_rate_ppm === null ? null : Number(row.tax_rate_ppm) / 10_000,
    taxBasis: row.tax_basis,
    taxShipping: Number(row.tax_shipping) === 1,
  };
}

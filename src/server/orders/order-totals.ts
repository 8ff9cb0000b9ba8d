import { dollars } from '../../contract/cart';

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
}

export interface Invoiced {
  /** Invoices the order has. */
  count: number;
  /** Merchandise they bill. */
  merchandiseCents: number;
  /** Discount they give. */
  discountCents: number;
}

export interface OrderTotals {
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
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

/** The order's totals when `remainingCents` of its merchandise is not cancelled. */
export function totalsAfterCancel(placed: PlacedMoney, remainingCents: number, invoiced: Invoiced): OrderTotals {
  let discountCents = 0;
  if (remainingCents > 0) {
    const share = shareOf(placed.discountCents, remainingCents, placed.subtotalCents);
    discountCents = remainingCents <= invoiced.merchandiseCents ? invoiced.discountCents : Math.max(share, invoiced.discountCents);
  }
  const shippingCents = remainingCents > 0 || invoiced.count > 0 ? placed.shippingCents : 0;
  return { subtotalCents: remainingCents, discountCents, shippingCents, totalCents: remainingCents - discountCents + shippingCents };
}

export const originalTotalOf = (placed: PlacedMoney): number => placed.subtotalCents - placed.discountCents + placed.shippingCents;

/** The columns an answer's totals come from. */
export interface TotalsColumns {
  total_cents: number | string;
  original_subtotal_cents: number | string;
  original_discount_cents: number | string;
  original_shipping_cents: number | string;
}

/** `total`, `originalTotal` and `cancelledTotal` of an order answer, in dollars, worked out in cents. */
export function totalsJson(row: TotalsColumns): { total: number; originalTotal: number; cancelledTotal: number } {
  const total = Number(row.total_cents);
  const original = originalTotalOf({
    subtotalCents: Number(row.original_subtotal_cents),
    discountCents: Number(row.original_discount_cents),
    shippingCents: Number(row.original_shipping_cents),
  });
  return { total: dollars(total), originalTotal: dollars(original), cancelledTotal: dollars(original - total) };
}

/**
 * The money of one invoice (DESIGN.md §5 "Invoices"), pure. An order is invoiced shipment by
 * shipment: each invoice bills the shipped units at the order's prices; the FIRST invoice carries
 * the order's whole shipping charge; the order's discount is spread in proportion to merchandise.
 *
 * The discount is rounded on the running total, not per invoice: invoice i gets
 * round(D × shippedSoFar / S) − round(D × shippedBefore / S). So the one after which everything
 * is shipped (the last) takes the rounding, and the discounts of a fully shipped order add up to
 * D to the cent, whatever the number of shipments. Units cancelled are never billed, and their
 * share of the discount is never given.
 */

export interface OrderMoney {
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
}

export interface InvoicedBefore {
  /** Invoices the order has already. */
  count: number;
  /** Merchandise billed by them. */
  merchandiseCents: number;
  /** Discount given by them. */
  discountCents: number;
}

export interface InvoiceAmounts {
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  totalCents: number;
}

function discountUpTo(order: OrderMoney, merchandiseCents: number): number {
  if (order.subtotalCents <= 0) return 0;
  const share = Math.round((order.discountCents * Math.min(merchandiseCents, order.subtotalCents)) / order.subtotalCents);
  return Math.min(share, order.discountCents);
}

/**
 * Invoice i's discount is the running share up to it less what the invoices before it gave, kept
 * between 0 and what is left of the order's discount. Without a cancel the invoices before gave
 * exactly the running share before, so this is the rule above. A cancel between two shipments
 * changes the order's subtotal and discount (order-totals.ts, decision 0026): the next invoices
 * then take the order's new discount less what was given, so the whole still adds up to it.
 */
export function invoiceAmounts(order: OrderMoney, before: InvoicedBefore, merchandiseCents: number): InvoiceAmounts {
  const upTo = discountUpTo(order, before.merchandiseCents + merchandiseCents);
  const discountCents = Math.max(0, Math.min(upTo, order.discountCents) - before.discountCents);
  const shippingCents = before.count === 0 ? order.shippingCents : 0;
  return { subtotalCents: merchandiseCents, discountCents, shippingCents, totalCents: merchandiseCents - discountCents + shippingCents };
}

/** YYYY-MM-DD of `date` plus `days` (UTC). */
export function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

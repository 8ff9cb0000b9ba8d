import { INVOICE_DUE_DAYS, INVOICE_TERMS } from '../../contract/order-lifecycle';
import { bumpCounter } from '../platform/counters';
import { addDays, invoiceAmounts } from './invoice-amounts';
import type { Moved, OrderMoney, OrderState } from '../orders';
import { type Db, insertInvoice, invoicedBefore, type InvoiceInsert, type InvoiceLineInsert, termsOf } from './queries';

/** An invoice worked out, not yet numbered nor written. */
export interface PlannedInvoice {
  row: InvoiceInsert;
  lines: InvoiceLineInsert[];
}

/**
 * The invoice of one shipment, in the shipment's transaction (DESIGN.md §5 "Invoices"): the
 * shipped units at the order's prices, shipping on the first invoice, the discount spread by
 * merchandise (invoice-amounts.ts), due by the customer's terms, and the spec's terms text. Its
 * own number series (from 500001) numbers it when it is written: `createInvoice` on SQLite, with
 * its shipment in one statement on PostgreSQL (`insertShipmentWithInvoice`, lifecycle-queries.ts).
 */
export async function planInvoice(trx: Db, order: OrderState & OrderMoney, moved: readonly Moved[], date: string): Promise<PlannedInvoice> {
  const before = await invoicedBefore(trx, order.id);
  const lines = moved.map((m) => ({
    line_no: m.line.line_no,
    item_num: m.line.item_num,
    title: m.line.title,
    qty: m.qty,
    price_cents: m.line.price_cents,
    extended_cents: m.qty * m.line.price_cents,
  }));
  const merchandise = lines.reduce((n, l) => n + l.extended_cents, 0);
  const amounts = invoiceAmounts(
    { subtotalCents: Number(order.subtotal_cents), discountCents: Number(order.discount_cents), shippingCents: Number(order.shipping_cents) },
    before,
    merchandise,
  );
  // Due by the customer's terms (decision 0022): net N days, or on the invoice date when prepaid.
  const terms = await termsOf(trx, order.customer_id);
  const dueDays = !terms ? INVOICE_DUE_DAYS : terms.terms_kind === 'prepaid' ? 0 : terms.terms_days;
  return {
    row: {
      order_id: order.id,
      customer_id: order.customer_id,
      invoice_date: date,
      due_date: addDays(date, dueDays),
      subtotal_cents: amounts.subtotalCents,
      discount_cents: amounts.discountCents,
      shipping_cents: amounts.shippingCents,
      total_cents: amounts.totalCents,
      status: 'open',
      terms: INVOICE_TERMS,
      created_at: new Date().toISOString(),
    },
    lines,
  };
}

/** SQLite: numbers the planned invoice of this shipment and writes it. Answers its number. */
export async function createInvoice(trx: Db, invoice: PlannedInvoice, shipmentId: number): Promise<number> {
  const invoiceNum = await bumpCounter(trx, 'invoice_num');
  await insertInvoice(trx, { ...invoice.row, invoice_num: invoiceNum, shipment_id: shipmentId }, invoice.lines);
  return invoiceNum;
}

import { INVOICE_DUE_DAYS, INVOICE_TERMS } from '../../contract/order-lifecycle';
import { bumpCounter } from '../platform/counters';
import { addDays, invoiceAmounts } from './invoice-amounts';
import { type Moved, type OrderMoney, type OrderState, orderTaxTerms } from '../orders';
import { type Db, insertInvoice, invoicedBefore, type InvoiceInsert, type InvoiceLineInsert, shippedLineCents, termsOf } from './queries';
import { taxDocument } from './tax/compute';

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
  const taxCents = await invoiceTax(trx, order, before, amounts, moved);
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
      tax_cents: taxCents,
      total_cents: amounts.totalCents + taxCents,
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

/**
 * The tax an invoice bills (decision 0042), rounded on the running total as its discount is
 * (invoice-amounts.ts): the tax of everything invoiced up to and including it, each line on its
 * amount less its share of the discount given so far, rounded half up, plus the shipping's where
 * taxed, less what the invoices before it billed. The invoice after which nothing is left to
 * deliver bills what remains of the order's tax, so a delivered order's invoices add up to its
 * total to the cent. The order's own rate is used, never today's table.
 */
async function invoiceTax(
  trx: Db,
  order: OrderMoney & { id: number },
  before: Awaited<ReturnType<typeof invoicedBefore>>,
  amounts: { subtotalCents: number; discountCents: number; shippingCents: number },
  moved: readonly Moved[],
): Promise<number> {
  const terms = orderTaxTerms(order);
  if (terms.ratePpm === null || terms.ratePpm === 0) return 0;
  const left = Math.max(0, Number(order.tax_cents) - before.taxCents);
  if (before.merchandiseCents + amounts.subtotalCents >= Number(order.subtotal_cents)) return left;
  // Per line, what is invoiced with this one (the lines' shipped units, this shipment's included).
  const upTo = before.count === 0 ? new Map<number, number>() : await shippedLineCents(trx, order.id);
  for (const m of moved) if (before.count === 0) upTo.set(m.line.line_no, (upTo.get(m.line.line_no) ?? 0) + m.qty * Number(m.line.price_cents));
  const soFar = taxDocument(
    { lineCents: [...upTo.values()], discountCents: before.discountCents + amounts.discountCents, shippingCents: before.shippingCents + amounts.shippingCents },
    { ratePpm: terms.ratePpm, shippingTaxable: terms.shippingTaxable },
  );
  return Math.min(left, Math.max(0, soFar.taxCents - before.taxCents));
}

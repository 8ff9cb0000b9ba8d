import { type ExpressionBuilder, type Insertable, type Kysely, type RawBuilder, sql } from 'kysely';
import type { PaymentsQuery } from '../../contract/money';
import type { DB } from '../platform/db/schema';
import type { InvoiceLineTable, InvoiceTable, PaymentMethod } from './tables';

/** Trade terms, credit and payments: the only place of this area that touches Kysely. Each takes `db` (or a transaction) first. */

export type Db = Kysely<DB>;

/** An order held for its customer's credit: it reserves nothing and is not counted in the balance. */
export const CREDIT_HOLD = 'credit limit';

/** Order statuses whose open and backordered units are still to be invoiced. */
const UNINVOICED_STATUSES = ['received', 'accepted', 'on_hold', 'partially_shipped'] as const;

export function termsOf(db: Db, customerId: number) {
  return db.selectFrom('customers').select(['id', 'org_name', 'terms_kind', 'terms_days', 'credit_limit_cents']).where('id', '=', customerId).executeTakeFirst();
}

export interface BalanceParts {
  /** Open invoices' unpaid amounts. */
  openInvoicesCents: number;
  /** Open and backordered units of orders not yet invoiced, at their order prices with their sales tax (credit-held orders excluded). */
  uninvoicedCents: number;
  /** Payments' money not applied to invoices ('credit' payments bring none in), of payments not returned, and credit memos' not applied to invoices. */
  unappliedCents: number;
  /** Charges on the account (returned-cheque fees). */
  chargesCents: number;
}

/** The sums of a customer's balance, in one statement (one round trip: it runs in every checkout). */
export async function balanceParts(db: Db, customerId: number): Promise<BalanceParts> {
  return (await creditStanding(db, customerId))?.parts ?? { openInvoicesCents: 0, uninvoicedCents: 0, unappliedCents: 0, chargesCents: 0 };
}

/**
 * The sums of the balance of the customer `c` (the outer query's `customers as c`), as
 * scalar subqueries, each an index range of that customer: one statement answers them for one
 * customer or a page of them.
 */
function balanceSums(eb: ExpressionBuilder<DB & { c: DB['customers'] }, 'c'>) {
  const n = (expr: RawBuilder<unknown>) => sql<string | number>`coalesce(sum(${expr}), 0)`.as('n');
  return [
    eb.selectFrom('invoices').select(n(sql`total_cents - paid_cents`)).whereRef('invoices.customer_id', '=', 'c.id').where('status', '=', 'open').as('open_invoices'),
    eb
      .selectFrom('order_lines as l')
      .innerJoin('orders as o', 'o.id', 'l.order_id')
      // Each line with its sales tax at the order's rate, rounded half up (decision 0042): the
      // credit check adds a new order's total, tax included, to this.
      .select(n(sql`(cast(l.qty_west + l.qty_east + l.qty_backordered as bigint) * l.price_cents * (1000000 + coalesce(o.tax_rate_ppm, 0)) + 500000) / 1000000`))
      .whereRef('o.customer_id', '=', 'c.id')
      .where('o.status_code', 'in', UNINVOICED_STATUSES)
      .where((w) => w.or([w('o.status_code', '!=', 'on_hold'), w('o.hold_reason', 'is', null), w('o.hold_reason', '!=', CREDIT_HOLD)]))
      .as('uninvoiced'),
    eb.selectFrom('payments').select(n(sql`amount_cents`)).whereRef('payments.customer_id', '=', 'c.id').where('returned_at', 'is', null).where('method', '!=', 'credit').as('received'),
    eb
      .selectFrom('payment_applications as a')
      .innerJoin('payments as p', 'p.id', 'a.payment_id')
      .select(n(sql`a.amount_cents`))
      .whereRef('p.customer_id', '=', 'c.id')
      .where('p.returned_at', 'is', null)
      .as('applied'),
    eb.selectFrom('account_charges').select(n(sql`amount_cents`)).whereRef('account_charges.customer_id', '=', 'c.id').as('charges'),
    // Credit memos (decision 0037): what they did not pay of open invoices is credit on account.
    eb.selectFrom('credit_memos').select(n(sql`total_cents`)).whereRef('credit_memos.customer_id', '=', 'c.id').as('memos'),
    eb
      .selectFrom('credit_memo_applications as ma')
      .innerJoin('credit_memos as m', 'm.id', 'ma.credit_memo_id')
      .select(n(sql`ma.amount_cents`))
      .whereRef('m.customer_id', '=', 'c.id')
      .as('memos_applied'),
  ] as const;
}

type Sum = string | number | null;
type SumsRow = { open_invoices: Sum; uninvoiced: Sum; received: Sum; applied: Sum; charges: Sum; memos: Sum; memos_applied: Sum };

const partsOf = (row: SumsRow): BalanceParts => ({
  openInvoicesCents: Number(row.open_invoices ?? 0),
  uninvoicedCents: Number(row.uninvoiced ?? 0),
  unappliedCents: Number(row.received ?? 0) - Number(row.applied ?? 0) + Number(row.memos ?? 0) - Number(row.memos_applied ?? 0),
  chargesCents: Number(row.charges ?? 0),
});

/**
 * A customer's terms, limit and balance sums in ONE statement (scalar subqueries, each an index
 * range of this customer): checkout reads it inside its transaction, so on PostgreSQL six round
 * trips there would be six waits with the cart row locked. Undefined when there is no customer.
 */
export async function creditStanding(db: Db, customerId: number) {
  const row = await db
    .selectFrom('customers as c')
    .where('c.id', '=', customerId)
    .select((eb) => ['c.terms_kind', 'c.credit_limit_cents', ...balanceSums(eb)])
    .executeTakeFirst();
  if (!row) return undefined;
  return { terms: { kind: row.terms_kind, limitCents: Number(row.credit_limit_cents) }, parts: partsOf(row) };
}

/**
 * `balanceParts` of several customers at once (a page of the customers list), in one statement:
 * one round trip rather than five grouped reads; a customer with none has zeros.
 */
export async function balancePartsOf(db: Db, customerIds: readonly number[]): Promise<Map<number, BalanceParts>> {
  if (customerIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('customers as c')
    .where('c.id', 'in', [...customerIds])
    .select((eb) => ['c.id', ...balanceSums(eb)])
    .execute();
  return new Map(rows.map((r) => [r.id, partsOf(r)]));
}

/** A customer's invoices, open ones first (oldest due first), then the newest others; `onlyOpen` for the open ones alone. */
export function invoicesOf(db: Db, customerId: number, onlyOpen: boolean, limit = 200) {
  return db
    .selectFrom('invoices as i')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .select(['i.id', 'i.invoice_num', 'o.order_num', 'i.invoice_date', 'i.due_date', 'i.tax_cents', 'i.total_cents', 'i.paid_cents', 'i.status', 'i.customer_id'])
    .where('i.customer_id', '=', customerId)
    .$if(onlyOpen, (q) => q.where('i.status', '=', 'open'))
    .orderBy(sql`case when i.status = 'open' then 0 else 1 end`)
    .orderBy(sql`case when i.status = 'open' then i.due_date else '' end`)
    .orderBy('i.invoice_num', 'desc')
    .limit(limit)
    .execute();
}
export type InvoiceRow = Awaited<ReturnType<typeof invoicesOf>>[number];

/** Invoices by number, with their order and status (to check a payment's applications). */
export function invoicesByNum(db: Db, nums: readonly number[]) {
  if (nums.length === 0) return Promise.resolve([]);
  return db.selectFrom('invoices').select(['id', 'invoice_num', 'customer_id', 'order_id', 'status', 'total_cents', 'paid_cents']).where('invoice_num', 'in', [...nums]).execute();
}

/**
 * Applies `cents` to an open invoice unless that would pay more than it owes: one guarded UPDATE,
 * so two payments at once cannot overpay it (the second finds less open and changes nothing).
 * A fully paid invoice becomes 'paid'. Answers whether it applied.
 */
export async function applyToInvoice(db: Db, invoiceId: number, cents: number): Promise<boolean> {
  const r = await db
    .updateTable('invoices')
    .set({
      paid_cents: sql`paid_cents + ${cents}`,
      status: sql`case when paid_cents + ${cents} = total_cents then 'paid' else status end`,
    })
    .where('id', '=', invoiceId)
    .where('status', '=', 'open')
    .where(sql<boolean>`paid_cents + ${cents} <= total_cents`)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Takes `cents` back off an invoice (a returned cheque): it is open again. */
export async function unapplyFromInvoice(db: Db, invoiceId: number, cents: number): Promise<void> {
  await db
    .updateTable('invoices')
    .set({ paid_cents: sql`paid_cents - ${cents}`, status: sql`case when status = 'paid' then 'open' else status end` })
    .where('id', '=', invoiceId)
    .execute();
}

export async function insertPayment(
  db: Db,
  row: { customer_id: number; amount_cents: number; method: PaymentMethod; reference: string; received_on: string; created_by: string; created_at: string },
  applications: { invoice_id: number; amount_cents: number }[],
): Promise<number> {
  const { id } = await db.insertInto('payments').values(row).returning('id').executeTakeFirstOrThrow();
  if (applications.length > 0) await db.insertInto('payment_applications').values(applications.map((a) => ({ payment_id: id, ...a }))).execute();
  return id;
}

export function paymentRow(db: Db, id: number) {
  return db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Marks a payment returned unless it is already: of two staff at once, one does it. */
export async function markReturned(db: Db, id: number, at: string): Promise<boolean> {
  const r = await db.updateTable('payments').set({ returned_at: at }).where('id', '=', id).where('returned_at', 'is', null).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export function applicationsOf(db: Db, paymentIds: readonly number[]) {
  if (paymentIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('payment_applications as a')
    .innerJoin('invoices as i', 'i.id', 'a.invoice_id')
    .select(['a.payment_id', 'a.invoice_id', 'a.amount_cents', 'i.invoice_num', 'i.order_id'])
    .where('a.payment_id', 'in', [...paymentIds])
    .orderBy('a.payment_id')
    .orderBy('i.invoice_num')
    .execute();
}

export async function insertCharge(db: Db, row: { customer_id: number; kind: 'returned_cheque'; payment_id: number; amount_cents: number; description: string; charged_on: string; created_at: string }): Promise<number> {
  const { id } = await db.insertInto('account_charges').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export function chargesOf(db: Db, customerId: number) {
  return db.selectFrom('account_charges').selectAll().where('customer_id', '=', customerId).orderBy('id', 'desc').execute();
}

function paymentFilter(query: Omit<PaymentsQuery, 'page' | 'pageSize'>) {
  return (eb: import('kysely').ExpressionBuilder<DB, 'payments'>) => {
    const where = [];
    if (query.customer !== undefined) where.push(eb('payments.customer_id', '=', query.customer));
    if (query.from) where.push(eb('payments.received_on', '>=', query.from));
    if (query.to) where.push(eb('payments.received_on', '<=', query.to));
    return eb.and(where);
  };
}

/** A page of payments, newest first, and how many the filters keep. */
export async function paymentsPage(db: Db, query: PaymentsQuery) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('payments')
      .innerJoin('customers as c', 'c.id', 'payments.customer_id')
      .selectAll('payments')
      .select('c.org_name')
      .where(paymentFilter(query))
      .orderBy('payments.received_on', 'desc')
      .orderBy('payments.id', 'desc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    db.selectFrom('payments').select((eb) => eb.fn.countAll<string | number>().as('n')).where(paymentFilter(query)).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
export type PaymentRow = Awaited<ReturnType<typeof paymentsPage>>['rows'][number];

/** Orders of these invoices that are shipped and whose every invoice is paid: they close. */
export async function settledOrders(db: Db, orderIds: readonly number[]): Promise<number[]> {
  if (orderIds.length === 0) return [];
  const rows = await db
    .selectFrom('orders as o')
    .select('o.id')
    .where('o.id', 'in', [...new Set(orderIds)])
    .where('o.status_code', '=', 'shipped')
    .where('o.open_west', '=', 0)
    .where('o.open_east', '=', 0)
    .where('o.backordered', '=', 0)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('invoices as i').select('i.id').whereRef('i.order_id', '=', 'o.id').where('i.status', '=', 'open'))))
    .execute();
  return rows.map((r) => r.id);
}

/** Closed orders among these (a returned cheque reopens their invoices: they go back to shipped). */
export async function closedOrders(db: Db, orderIds: readonly number[]): Promise<number[]> {
  if (orderIds.length === 0) return [];
  const rows = await db.selectFrom('orders').select('id').where('id', 'in', [...new Set(orderIds)]).where('status_code', '=', 'closed').execute();
  return rows.map((r) => r.id);
}

export function customerHeader(db: Db, customerId: number) {
  return db
    .selectFrom('customers')
    .select(['id', 'code', 'org_name', 'first_name', 'last_name', 'address_line1', 'city', 'state', 'zip', 'country', 'email', 'terms_kind', 'terms_days', 'credit_limit_cents'])
    .where('id', '=', customerId)
    .executeTakeFirst();
}

// ---- a shipment's invoice ------------------------------------------------------------------------

export type InvoiceInsert = Omit<Insertable<InvoiceTable>, 'invoice_num' | 'shipment_id'>;
export type InvoiceLineInsert = Omit<Insertable<InvoiceLineTable>, 'invoice_id'>;

/** SQLite: a numbered invoice and its lines (PostgreSQL: `invoiceCtes` in the shipment's one statement). */
export async function insertInvoice(db: Db, row: Insertable<InvoiceTable>, lines: readonly InvoiceLineInsert[]): Promise<number> {
  const id = (await db.insertInto('invoices').values(row).returning('id').executeTakeFirstOrThrow()).id;
  for (let i = 0; i < lines.length; i += 100) {
    await db.insertInto('invoice_lines').values(lines.slice(i, i + 100).map((l) => ({ invoice_id: id, ...l }))).execute();
  }
  return id;
}

/**
 * PostgreSQL: a shipment's invoice as common table expressions for the shipment's one statement
 * (flows/lifecycle-steps.ts): `inum` takes the number from its sequence (no counter row is held),
 * `i` writes the invoice of the shipment that the CTE `shipment` answers (`id`), `il` its lines.
 * `number` goes before the shipment's CTEs, `rows` after them. The lines' foreign keys are
 * checked at the statement's end, when the invoice row is there.
 */
export function invoiceCtes(row: InvoiceInsert, lines: readonly InvoiceLineInsert[], shipment: string): { number: RawBuilder<unknown>; rows: RawBuilder<unknown>[] } {
  const s = sql.table(shipment);
  const rows = [
    sql`i as (insert into invoices (invoice_num, order_id, shipment_id, customer_id, invoice_date, due_date, subtotal_cents, discount_cents, shipping_cents, tax_cents, total_cents, status, terms, created_at)
      select inum.value, ${row.order_id}::integer, ${s}.id, ${row.customer_id}::integer, ${row.invoice_date}::text, ${row.due_date}::text, ${row.subtotal_cents}, ${row.discount_cents},
        ${row.shipping_cents}, ${row.tax_cents ?? 0}, ${row.total_cents}, ${row.status}::text, ${row.terms}::text, ${row.created_at}::text from inum, ${s}
      returning id)`,
  ];
  if (lines.length > 0) {
    const values = lines.map(
      (l) => sql`(${l.line_no}::integer, ${l.item_num}::text, ${l.title}::text, ${l.qty}::integer, ${l.price_cents}::integer, ${l.extended_cents}::integer)`,
    );
    rows.push(sql`il as (insert into invoice_lines (invoice_id, line_no, item_num, title, qty, price_cents, extended_cents)
      select i.id, v.line_no, v.item_num, v.title, v.qty, v.price_cents, v.extended_cents from i, (values ${sql.join(values)}) as v(line_no, item_num, title, qty, price_cents, extended_cents))`);
  }
  return { number: sql`inum as (select nextval('invoice_num_seq') as value)`, rows };
}

/** How many invoices the order has, the merchandise they bill, the discount they give, the shipping and tax they bill. */
export async function invoicedBefore(db: Db, orderId: number): Promise<{ count: number; merchandiseCents: number; discountCents: number; shippingCents: number; taxCents: number }> {
  const r = await db
    .selectFrom('invoices')
    .select([
      sql<number>`count(*)`.as('n'),
      sql<number>`coalesce(sum(subtotal_cents), 0)`.as('m'),
      sql<number>`coalesce(sum(discount_cents), 0)`.as('d'),
      sql<number>`coalesce(sum(shipping_cents), 0)`.as('h'),
      sql<number>`coalesce(sum(tax_cents), 0)`.as('t'),
    ])
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow();
  return { count: Number(r.n), merchandiseCents: Number(r.m), discountCents: Number(r.d), shippingCents: Number(r.h), taxCents: Number(r.t) };
}

/** Merchandise shipped (so invoiced: every shipment has its invoice) per line of an order, in cents. */
export async function shippedLineCents(db: Db, orderId: number): Promise<Map<number, number>> {
  const rows = await db.selectFrom('order_lines').select(['line_no', 'qty_shipped', 'price_cents']).where('order_id', '=', orderId).where('qty_shipped', '>', 0).execute();
  return new Map(rows.map((r) => [r.line_no, Number(r.qty_shipped) * Number(r.price_cents)]));
}

import { sql } from 'kysely';
import type { ReturnReason, ReturnStatus } from '../../../contract/returns';
import { nextNumber } from '../../platform/counters';
import type { Db } from '../queries';

/**
 * Returns and their lines (DESIGN.md §7; decision 0037): the only place that writes `returns` and
 * `return_lines`. Each function takes `db` (or a transaction) first; the flows (flows/returns.ts)
 * compose them with stock and money in one transaction.
 */

/** An order line as a return sees it: shipped units, and units already returned or asked back. */
export interface ReturnableLine {
  line_no: number;
  item_num: string;
  title: string;
  price_cents: number;
  qty_shipped: number;
  /** Units of returns not rejected: asked back (requested, approved) or received. */
  returned: number;
}

/**
 * The order's lines with what can still be returned: shipped − (units asked back on returns that
 * are requested or approved + units received on received returns). Rejected returns count nothing.
 */
export async function returnableLines(db: Db, orderId: number): Promise<ReturnableLine[]> {
  const rows = await db
    .selectFrom('order_lines as l')
    .select(['l.line_no', 'l.item_num', 'l.title', 'l.price_cents', 'l.qty_shipped'])
    .select((eb) =>
      eb
        .selectFrom('return_lines as rl')
        .innerJoin('returns as r', 'r.id', 'rl.return_id')
        .select(sql<number>`coalesce(sum(case when r.status = 'received' then rl.restocked + rl.scrapped else rl.qty end), 0)`.as('n'))
        .whereRef('r.order_id', '=', 'l.order_id')
        .whereRef('rl.line_no', '=', 'l.line_no')
        .where('r.status', '!=', 'rejected')
        .as('returned'),
    )
    .where('l.order_id', '=', orderId)
    .orderBy('l.line_no')
    .execute();
  return rows.map((r) => ({ ...r, price_cents: Number(r.price_cents), returned: Number(r.returned ?? 0) }));
}

export interface NewReturn {
  orderId: number;
  customerId: number;
  note: string;
  lines: readonly { lineNo: number; qty: number; reason: ReturnReason }[];
}

/** Numbers (its own series) and writes a requested return with its lines. Answers its id and number. */
export async function insertReturn(db: Db, r: NewReturn): Promise<{ id: number; rmaNum: number }> {
  const rmaNum = await nextNumber(db, 'rma_num');
  const now = new Date().toISOString();
  const { id } = await db
    .insertInto('returns')
    .values({ rma_num: rmaNum, order_id: r.orderId, customer_id: r.customerId, status: 'requested', note: r.note, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('return_lines').values(r.lines.map((l) => ({ return_id: id, line_no: l.lineNo, qty: l.qty, reason: l.reason }))).execute();
  return { id, rmaNum };
}

/** A return's row with its order's number and the buyer's email; locked (PostgreSQL) with `forUpdate`. */
export function lockReturn(db: Db, rmaNum: number, forUpdate: boolean) {
  return db
    .selectFrom('returns as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .leftJoin('customers as c', 'c.id', 'r.customer_id')
    .selectAll('r')
    .select(['o.order_num', 'o.created_at as order_created_at', 'o.ship_to_json', 'c.email'])
    .where('r.rma_num', '=', rmaNum)
    .$if(forUpdate, (q) => q.forUpdate('r'))
    .executeTakeFirst();
}
export type LockedReturn = NonNullable<Awaited<ReturnType<typeof lockReturn>>>;

/**
 * Moves a return from one of `from` to `to` in one guarded UPDATE: of two staff at once, one
 * moves it and the other finds it moved (answers false). `at` sets the matching timestamp.
 */
export async function moveReturn(
  db: Db,
  id: number,
  from: readonly ReturnStatus[],
  to: Exclude<ReturnStatus, 'requested'>,
  more: { rejectReason?: string; warehouse?: 'west' | 'east'; creditShipping?: boolean } = {},
): Promise<boolean> {
  const now = new Date().toISOString();
  const stamp = to === 'approved' ? { approved_at: now } : to === 'rejected' ? { rejected_at: now } : { received_at: now, approved_at: sql<string>`coalesce(approved_at, ${now})` };
  const r = await db
    .updateTable('returns')
    .set({
      status: to,
      updated_at: now,
      ...stamp,
      ...(more.rejectReason !== undefined ? { reject_reason: more.rejectReason } : {}),
      ...(more.warehouse ? { warehouse: more.warehouse } : {}),
      ...(more.creditShipping !== undefined ? { credit_shipping: more.creditShipping ? 1 : 0 } : {}),
    })
    .where('id', '=', id)
    .where('status', 'in', [...from])
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Records what arrived of each line: units back to stock and scrapped. */
export async function recordReceivedLines(db: Db, returnId: number, lines: readonly { lineNo: number; restocked: number; scrapped: number }[]): Promise<void> {
  for (const l of lines) {
    await db.updateTable('return_lines').set({ restocked: l.restocked, scrapped: l.scrapped }).where('return_id', '=', returnId).where('line_no', '=', l.lineNo).execute();
  }
}

/** The lines of these returns with their order line's item, title and price, by return and line. */
export function linesOfReturns(db: Db, returnIds: readonly number[]) {
  if (returnIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('return_lines as rl')
    .innerJoin('returns as r', 'r.id', 'rl.return_id')
    .innerJoin('order_lines as l', (j) => j.onRef('l.order_id', '=', 'r.order_id').onRef('l.line_no', '=', 'rl.line_no'))
    .select(['rl.return_id', 'rl.line_no', 'rl.qty', 'rl.reason', 'rl.restocked', 'rl.scrapped', 'l.item_num', 'l.title', 'l.price_cents'])
    .where('rl.return_id', 'in', [...returnIds])
    .orderBy('rl.return_id')
    .orderBy('rl.line_no')
    .execute();
}
export type ReturnLineRow = Awaited<ReturnType<typeof linesOfReturns>>[number];

const listColumns = [
  'r.id', 'r.rma_num', 'r.status', 'r.created_at', 'r.updated_at', 'r.customer_id', 'o.order_num', 'c.org_name', 'c.email',
] as const;

function withCounts(db: Db) {
  return db
    .selectFrom('returns as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .innerJoin('customers as c', 'c.id', 'r.customer_id')
    .select([...listColumns])
    .select((eb) => [
      eb.selectFrom('return_lines as rl').select(sql<number>`count(*)`.as('n')).whereRef('rl.return_id', '=', 'r.id').as('line_count'),
      eb.selectFrom('return_lines as rl').select(sql<number>`coalesce(sum(rl.qty), 0)`.as('n')).whereRef('rl.return_id', '=', 'r.id').as('units'),
    ]);
}

/** A page of returns, newest first, with customer, order and counts; and how many the filter keeps. */
export async function returnsPage(db: Db, query: { status?: ReturnStatus; orderNum?: number; page: number; pageSize: number }) {
  const [rows, count] = await Promise.all([
    withCounts(db)
      .$if(query.status !== undefined, (q) => q.where('r.status', '=', query.status!))
      .$if(query.orderNum !== undefined, (q) => q.where('o.order_num', '=', query.orderNum!))
      .orderBy('r.id', 'desc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    db
      .selectFrom('returns as r')
      .select(sql<number>`count(*)`.as('n'))
      .$if(query.status !== undefined, (q) => q.where('r.status', '=', query.status!))
      .$if(query.orderNum !== undefined, (q) => q.where('r.order_id', '=', (eb) => eb.selectFrom('orders').select('id').where('order_num', '=', query.orderNum!)))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
export type ReturnListRow = Awaited<ReturnType<typeof returnsPage>>['rows'][number];

/** One return with its list columns (by number). */
export function returnRow(db: Db, rmaNum: number) {
  return withCounts(db)
    .select(['r.order_id', 'r.note', 'r.reject_reason', 'r.warehouse', 'r.credit_shipping', 'r.approved_at', 'r.rejected_at', 'r.received_at'])
    .where('r.rma_num', '=', rmaNum)
    .executeTakeFirst();
}

/** A buyer's returns, newest first (at most `limit`). */
export function returnsOfCustomer(db: Db, customerId: number, limit: number) {
  return db
    .selectFrom('returns as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .select(['r.id', 'r.rma_num', 'r.status', 'r.created_at', 'r.updated_at', 'r.note', 'r.reject_reason', 'o.order_num'])
    .where('r.customer_id', '=', customerId)
    .orderBy('r.id', 'desc')
    .limit(limit)
    .execute();
}

/** The return and order numbers of these returns (a credit memo names both). */
export function returnNumbers(db: Db, returnIds: readonly number[]) {
  if (returnIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('returns as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .select(['r.id', 'r.rma_num', 'o.order_num'])
    .where('r.id', 'in', [...returnIds])
    .execute();
}

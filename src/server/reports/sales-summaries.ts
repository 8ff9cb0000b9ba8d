import { type Kysely, type RawBuilder, sql } from 'kysely';
import { bumpCounters, countersCte } from '../platform/counters';
import { atTransactionEnd, inWriteTransaction, type TransactionEnding } from '../platform/db/database';
import { oneStatementWrites } from '../platform/db/dialect';
import type { DB } from '../platform/db/schema';
import type { SalesDim } from './tables';

/**
 * Keeps the sales summaries (reports/tables.ts) in the caller's transaction: checkout adds an
 * order, a cancel takes back what it cancelled. Sales are orders placed, net of cancellations,
 * on the UTC day the order was placed (decision 0023).
 *
 * Lock order (PostgreSQL): callers run this after they locked the items and before `order_counts`
 * and the counter rows, the same in checkout and in a cancel, and the rows are written in key
 * order, so two transactions touching the same day never deadlock.
 */

export interface SoldLine {
  itemNum: string;
  /** Signed: + placed, − cancelled. */
  units: number;
  merchCents: number;
  /** +1: the line now has units (placed); −1: its last units were cancelled; 0 otherwise. */
  lines: number;
}

export interface SaleChange {
  /** When the order was placed (ISO); its day and month are the rows moved. */
  placedAt: string;
  customerId: number;
  /** The ship-to state. */
  state: string;
  /** +1 placed, −1 wholly cancelled, 0 a partial cancel. */
  orders: number;
  /** The coupon discount counted or taken back (signed). */
  discountCents: number;
  lines: readonly SoldLine[];
}

interface Delta {
  dim: SalesDim;
  key: string;
  orders: number;
  units: number;
  merch_cents: number;
  discount_cents: number;
}

/** Rows per statement: well under both databases' limit of bound parameters. */
const CHUNK = 1000;

export function summaryDeltas(change: SaleChange): Delta[] {
  const units = change.lines.reduce((n, l) => n + l.units, 0);
  const merch = change.lines.reduce((n, l) => n + l.merchCents, 0);
  const items = new Map<string, Delta>();
  for (const l of change.lines) {
    const d = items.get(l.itemNum) ?? { dim: 'item' as const, key: l.itemNum, orders: 0, units: 0, merch_cents: 0, discount_cents: 0 };
    d.orders += l.lines;
    d.units += l.units;
    d.merch_cents += l.merchCents;
    items.set(l.itemNum, d);
  }
  const order = { orders: change.orders, units, merch_cents: merch, discount_cents: change.discountCents };
  const all: Delta[] = [{ dim: 'customer', key: String(change.customerId), ...order }, ...items.values(), { dim: 'state', key: change.state, ...order }];
  // Key order (dim, then key: as the primary key sorts), so concurrent writers lock rows alike.
  return all
    .filter((d) => d.orders !== 0 || d.units !== 0 || d.merch_cents !== 0 || d.discount_cents !== 0)
    .sort((a, b) => (a.dim === b.dim ? (a.key < b.key ? -1 : a.key > b.key ? 1 : 0) : a.dim < b.dim ? -1 : 1));
}

export async function recordSales(db: Kysely<DB>, change: SaleChange): Promise<void> {
  const sale = saleRows(change);
  const { deltas, day, month, totals } = sale;
  if (deltas.length === 0) return;
  // A day before today changed (a cancel of an older order): the processes' sums kept of it are stale.
  const now = new Date().toISOString();
  if (month < now.slice(0, 7)) await bumpAtEnd(db, 'sales_history_seq');
  else if (day < now.slice(0, 10)) await bumpAtEnd(db, 'sales_month_seq');
  const ctes = oneStatementWrites(db) ? ctesOf(sale) : null;
  if (ctes) {
    await sql`with ${ctes} select count(*) from ${sql.id(SALES_LAST)}`.execute(db);
    return;
  }
  await db
    .insertInto('sales_daily')
    .values({ day, orders: totals.orders, lines: totals.lines, units: totals.units, merch_cents: totals.merch_cents, discount_cents: totals.discount_cents })
    .onConflict((oc) =>
      oc.column('day').doUpdateSet({
        orders: sql`sales_daily.orders + excluded.orders`,
        lines: sql`sales_daily.lines + excluded.lines`,
        units: sql`sales_daily.units + excluded.units`,
        merch_cents: sql`sales_daily.merch_cents + excluded.merch_cents`,
        discount_cents: sql`sales_daily.discount_cents + excluded.discount_cents`,
      }),
    )
    .execute();
  for (let i = 0; i < deltas.length; i += CHUNK) {
    const chunk = deltas.slice(i, i + CHUNK);
    await db
      .insertInto('sales_by_day')
      .values(chunk.map((d) => ({ ...d, day })))
      .onConflict((oc) => oc.columns(['dim', 'day', 'key']).doUpdateSet(addUp('sales_by_day')))
      .execute();
  }
  for (let i = 0; i < deltas.length; i += CHUNK) {
    const chunk = deltas.slice(i, i + CHUNK);
    await db
      .insertInto('sales_by_month')
      .values(chunk.map((d) => ({ ...d, month })))
      .onConflict((oc) => oc.columns(['dim', 'month', 'key']).doUpdateSet(addUp('sales_by_month')))
      .execute();
  }
}

/** The CTE of `salesCtes` that runs last: it answers a row per by-month row written. */
export const SALES_LAST = 'sale_by_month';

/**
 * PostgreSQL: the three tables as common table expressions of one statement, one round trip
 * instead of three (checkout puts them in its last statement: flows/checkout-end.ts `finishCheckout`).
 * Every checkout shares the day's row and its state's rows and holds them to its commit, so each
 * round trip after taking them is time every other checkout waits. The rows are written in the
 * order the three statements write them (the day, then by day, then by month, each in key
 * order): the counts in the WHERE make each insert finish before the next one starts. Null when
 * the sale changes nothing, or has more rows than one statement should carry (the caller then
 * writes them statement by statement).
 */
export function salesCtes(change: SaleChange): RawBuilder<unknown> | null {
  return ctesOf(saleRows(change));
}

/** A sale's summary rows: its deltas (key order), its day and month, and the day's totals. */
function saleRows(change: SaleChange) {
  const deltas = summaryDeltas(change);
  const day = change.placedAt.slice(0, 10);
  const t = deltas.filter((d) => d.dim === 'customer')[0] ?? { orders: 0, units: 0, merch_cents: 0, discount_cents: 0 };
  return { deltas, day, month: day.slice(0, 7), totals: { ...t, lines: change.lines.reduce((n, l) => n + l.lines, 0) } };
}

function ctesOf({ deltas, day, month, totals: t }: ReturnType<typeof saleRows>): RawBuilder<unknown> | null {
  if (deltas.length === 0 || deltas.length > CHUNK) return null;
  const rows = sql.join(deltas.map((d, i) => sql`(${d.dim}, ${d.key}, ${d.orders}::integer, ${d.units}::integer, ${d.merch_cents}::bigint, ${d.discount_cents}::bigint, ${i}::integer)`));
  return sql`sale_rows (dim, key, orders, units, merch_cents, discount_cents, n) as (values ${rows}),
    sale_day as (
      insert into sales_daily as s (day, orders, lines, units, merch_cents, discount_cents)
      values (${day}, ${t.orders}, ${t.lines}, ${t.units}, ${t.merch_cents}, ${t.discount_cents})
      on conflict (day) do update set orders = s.orders + excluded.orders, lines = s.lines + excluded.lines, units = s.units + excluded.units,
        merch_cents = s.merch_cents + excluded.merch_cents, discount_cents = s.discount_cents + excluded.discount_cents
      returning 1),
    sale_by_day as (
      insert into sales_by_day as s (dim, day, key, orders, units, merch_cents, discount_cents)
      select dim, ${day}, key, orders, units, merch_cents, discount_cents from sale_rows where (select count(*) from sale_day) > 0 order by n
      on conflict (dim, day, key) do update set orders = s.orders + excluded.orders, units = s.units + excluded.units,
        merch_cents = s.merch_cents + excluded.merch_cents, discount_cents = s.discount_cents + excluded.discount_cents
      returning 1),
    ${sql.id(SALES_LAST)} as (
      insert into sales_by_month as s (dim, month, key, orders, units, merch_cents, discount_cents)
      select dim, ${month}, key, orders, units, merch_cents, discount_cents from sale_rows where (select count(*) from sale_by_day) > 0 order by n
      on conflict (dim, month, key) do update set orders = s.orders + excluded.orders, units = s.units + excluded.units,
        merch_cents = s.merch_cents + excluded.merch_cents, discount_cents = s.discount_cents + excluded.discount_cents
      returning 1)`;
}

function addUp(table: 'sales_by_day' | 'sales_by_month') {
  const t = sql.table(table);
  return {
    orders: sql<number>`${t}.orders + excluded.orders`,
    units: sql<number>`${t}.units + excluded.units`,
    merch_cents: sql<number>`${t}.merch_cents + excluded.merch_cents`,
    discount_cents: sql<number>`${t}.discount_cents + excluded.discount_cents`,
  };
}

/**
 * `recordSales` of today as the FIRST of the transaction's last statements: on PostgreSQL its rows
 * (today's, which every receipt of the day takes) are then written in one statement with the
 * counter rows after them (the stock sequence, the orders feed's stamp) and held for that
 * statement and the commit only. The caller must take no row of a later rank (`order_counts`)
 * before the end. Where it cannot (SQLite, an earlier day, a second change, too many rows) it
 * records at once, as `recordSales`.
 */
export async function recordSalesLast(db: Kysely<DB>, change: SaleChange): Promise<void> {
  const sale = saleRows(change);
  const today = new Date().toISOString().slice(0, 10);
  if (!oneStatementWrites(db) || !inWriteTransaction(db) || sale.day !== today || ctesOf(sale) === null) return recordSales(db, change);
  const pending = atTransactionEnd(db, salesLast);
  if (pending.length > 0) return recordSales(db, change);
  pending.push(change);
}

const salesLast: TransactionEnding<SaleChange[]> = {
  name: 'sales summaries of today',
  last: true,
  rank: -1,
  start: () => [],
  async end(trx, changes) {
    for (const change of changes) await recordSales(trx, change);
  },
  ctes(changes) {
    const ctes = changes[0] ? ctesOf(saleRows(changes[0])) : null;
    return ctes ? { ctes, done: sql`(select count(*) from ${sql.id(SALES_LAST)}) > 0` } : null;
  },
};

type SalesSeq = 'sales_history_seq' | 'sales_month_seq';

/**
 * The counters of kept sums move at the transaction's end, first of its last statements (before
 * the stock sequence and the orders feed's stamp; on PostgreSQL in one statement with them):
 * every edit or cancel of an older order takes the same counter row, and holds it to the commit.
 */
const bumpSeqs: TransactionEnding<Set<SalesSeq>> = {
  name: 'sales summaries kept',
  last: true,
  rank: 0,
  start: () => new Set<SalesSeq>(),
  async end(trx, names) {
    const [first, ...more] = names;
    if (first) await bumpSalesHistory(trx, first, ...more);
  },
  ctes(names, after) {
    if (names.size === 0) return null;
    return {
      ctes: countersCte('sales_seqs', [...names], after),
      done: sql`(select count(*) from sales_seqs) > 0`,
    };
  },
};

async function bumpAtEnd(db: Kysely<DB>, name: SalesSeq): Promise<void> {
  if (db.isTransaction) atTransactionEnd(db, bumpSeqs).add(name);
  else await bumpSalesHistory(db, name);
}

/**
 * Moves `sales_history_seq` (a past month changed) or `sales_month_seq` (an earlier day of this
 * month): every process's kept sums of those days are then read afresh (keyed-sales.ts).
 */
export async function bumpSalesHistory(db: Kysely<DB>, first: SalesSeq, ...more: SalesSeq[]): Promise<void> {
  await bumpCounters(db, [first, ...more]);
}

import { type Kysely, sql } from 'kysely';
import { jsonTextField } from '../platform/db/dialect';
import type { DB } from '../platform/db/schema';
import { bumpSalesHistory } from './sales-summaries';

/**
 * The sales summaries counted afresh from orders and order_lines (a whole scan: the recount test,
 * `rebuildSummaries` after a bulk load, and a check an admin may run). The same rules as
 * sales-summaries.ts and the migration that backfilled them (decision 0023).
 */

export interface SummaryRows {
  daily: { day: string; orders: number; lines: number; units: number; merch_cents: number; discount_cents: number }[];
  byDay: { dim: string; day: string; key: string; orders: number; units: number; merch_cents: number; discount_cents: number }[];
  byMonth: { dim: string; month: string; key: string; orders: number; units: number; merch_cents: number; discount_cents: number }[];
}

const n = (v: unknown) => Number(v);

function perOrder(db: Kysely<DB>) {
  const state = jsonTextField(db, 'o.ship_to_json', 'state');
  return sql`
    select o.id, substr(o.created_at, 1, 10) as day, cast(o.customer_id as text) as customer, ${state} as state, o.discount_cents,
      sum(case when l.qty > l.qty_cancelled then 1 else 0 end) as lines,
      sum(l.qty - l.qty_cancelled) as units,
      sum((l.qty - l.qty_cancelled) * l.price_cents) as merch
    from orders o join order_lines l on l.order_id = o.id
    group by o.id, o.created_at, o.customer_id, o.ship_to_json, o.discount_cents`;
}

/**
 * Credit memos of received returns (decision 0037): returns reduce sales on the day of the credit
 * memo, by the units and merchandise credited and the discount share taken back (orders and
 * lines unchanged), as flows/returns.ts records them.
 */
function perMemo(db: Kysely<DB>) {
  const state = jsonTextField(db, 'o.ship_to_json', 'state');
  return sql`
    select m.id, substr(m.memo_date, 1, 10) as day, cast(m.customer_id as text) as customer, ${state} as state, -m.discount_cents as discount_cents,
      -sum(ml.qty) as units, -sum(ml.extended_cents) as merch
    from credit_memos m join orders o on o.id = m.order_id join credit_memo_lines ml on ml.credit_memo_id = m.id
    group by m.id, m.memo_date, m.customer_id, o.ship_to_json, m.discount_cents`;
}

/** The rows of `sales_daily`, `sales_by_day` and `sales_by_month` as a recount gives them (SQL to run or insert from). */
function recountSql(db: Kysely<DB>) {
  const orders = perOrder(db);
  const memos = perMemo(db);
  // Orders count once, with their lines; a credit memo moves units, merchandise and discount only.
  const sales = sql`
    select day, customer, state, 1 as orders, lines, units, merch, discount_cents from (${orders}) t where units > 0
    union all
    select day, customer, state, 0 as orders, 0 as lines, units, merch, discount_cents from (${memos}) m`;
  const daily = sql`
    select day, sum(orders) as orders, sum(lines) as lines, sum(units) as units, sum(merch) as merch_cents, sum(discount_cents) as discount_cents
    from (${sales}) t group by day`;
  const byDay = sql`
    select 'customer' as dim, day, customer as key, sum(orders) as orders, sum(units) as units, sum(merch) as merch_cents, sum(discount_cents) as discount_cents
    from (${sales}) t group by day, customer
    union all
    select 'state' as dim, day, state as key, sum(orders) as orders, sum(units) as units, sum(merch) as merch_cents, sum(discount_cents) as discount_cents
    from (${sales}) t group by day, state
    union all
    select 'item' as dim, day, key, sum(orders) as orders, sum(units) as units, sum(merch_cents) as merch_cents, 0 as discount_cents from (
      select substr(o.created_at, 1, 10) as day, l.item_num as key, 1 as orders, l.qty - l.qty_cancelled as units, (l.qty - l.qty_cancelled) * l.price_cents as merch_cents
      from order_lines l join orders o on o.id = l.order_id
      where l.qty > l.qty_cancelled
      union all
      select substr(m.memo_date, 1, 10) as day, ml.item_num as key, 0 as orders, -ml.qty as units, -ml.extended_cents as merch_cents
      from credit_memo_lines ml join credit_memos m on m.id = ml.credit_memo_id
    ) i group by day, key`;
  // Months are the sums of their days.
  const byMonth = sql`
    select dim, substr(day, 1, 7) as month, key, sum(orders) as orders, sum(units) as units, sum(merch_cents) as merch_cents, sum(discount_cents) as discount_cents
    from (${byDay}) d group by dim, substr(day, 1, 7), key`;
  return { daily, byDay, byMonth };
}

/** What the summaries should hold, in key order (for tests and checks: it reads every row into memory). */
export async function recountSummaries(db: Kysely<DB>): Promise<SummaryRows> {
  const q = recountSql(db);
  return normalise({
    daily: (await q.daily.execute(db)).rows as SummaryRows['daily'],
    byDay: (await q.byDay.execute(db)).rows as SummaryRows['byDay'],
    byMonth: (await q.byMonth.execute(db)).rows as SummaryRows['byMonth'],
  });
}

/** What the summary tables hold now, without rows that dropped to nothing. */
export async function readSummaries(db: Kysely<DB>): Promise<SummaryRows> {
  const nonZero = <T extends { orders: number; units: number; merch_cents: number; discount_cents: number }>(r: T) =>
    r.orders !== 0 || r.units !== 0 || r.merch_cents !== 0 || r.discount_cents !== 0;
  const rows = normalise({
    daily: await db.selectFrom('sales_daily').selectAll().execute(),
    byDay: await db.selectFrom('sales_by_day').selectAll().execute(),
    byMonth: await db.selectFrom('sales_by_month').selectAll().execute(),
  });
  return { daily: rows.daily.filter(nonZero), byDay: rows.byDay.filter(nonZero), byMonth: rows.byMonth.filter(nonZero) };
}

/** Replaces the summaries with a recount, in one transaction, inside the database (after a bulk load of orders). */
export async function rebuildSummaries(db: Kysely<DB>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const q = recountSql(trx);
    await trx.deleteFrom('sales_daily').execute();
    await trx.deleteFrom('sales_by_day').execute();
    await trx.deleteFrom('sales_by_month').execute();
    await sql`insert into sales_daily (day, orders, lines, units, merch_cents, discount_cents) ${q.daily}`.execute(trx);
    await sql`insert into sales_by_day (dim, day, key, orders, units, merch_cents, discount_cents) ${q.byDay}`.execute(trx);
    await sql`insert into sales_by_month (dim, month, key, orders, units, merch_cents, discount_cents) select dim, substr(day, 1, 7), key, sum(orders), sum(units), sum(merch_cents), sum(discount_cents) from sales_by_day group by dim, substr(day, 1, 7), key`.execute(trx);
    await bumpSalesHistory(trx, 'sales_history_seq', 'sales_month_seq');
  });
}

/** Numbers as numbers (PostgreSQL sums are numeric text), rows in key order. */
function normalise(rows: SummaryRows): SummaryRows {
  const num = <T extends Record<string, unknown>>(r: T): T => {
    const out: Record<string, unknown> = { ...r };
    for (const k of ['orders', 'lines', 'units', 'merch_cents', 'discount_cents']) if (k in out) out[k] = n(out[k]);
    return out as T;
  };
  const key = (r: Record<string, unknown>) => `${String(r.dim ?? '')}\u0000${String(r.day ?? r.month)}\u0000${String(r.key ?? '')}`;
  const sorted = <T extends Record<string, unknown>>(list: T[]) => list.map(num).sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  return { daily: sorted(rows.daily), byDay: sorted(rows.byDay), byMonth: sorted(rows.byMonth) };
}

import { type Kysely, PostgresAdapter, sql } from 'kysely';
import type { DB } from '../db/schema';

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
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const state = pg ? sql.raw(`coalesce(o.ship_to_json::json ->> 'state', '')`) : sql.raw(`coalesce(json_extract(o.ship_to_json, '$.state'), '')`);
  return sql`
    select o.id, substr(o.created_at, 1, 10) as day, cast(o.customer_id as text) as customer, ${state} as state, o.discount_cents,
      sum(case when l.qty > l.qty_cancelled then 1 else 0 end) as lines,
      sum(l.qty - l.qty_cancelled) as units,
      sum((l.qty - l.qty_cancelled) * l.price_cents) as merch
    from orders o join order_lines l on l.order_id = o.id
    group by o.id, o.created_at, o.customer_id, o.ship_to_json, o.discount_cents`;
}

/** What the summaries should hold, rows with nothing left out, in key order. */
export async function recountSummaries(db: Kysely<DB>): Promise<SummaryRows> {
  const orders = perOrder(db);
  const daily = await sql<SummaryRows['daily'][number]>`
    select day, count(*) as orders, sum(lines) as lines, sum(units) as units, sum(merch) as merch_cents, sum(discount_cents) as discount_cents
    from (${orders}) t where units > 0 group by day order by day`.execute(db);
  const byDay: SummaryRows['byDay'] = [];
  for (const [dim, key] of [['customer', 'customer'], ['state', 'state']] as const) {
    const rows = await sql<SummaryRows['byDay'][number]>`
      select ${dim} as dim, day, ${sql.ref(key)} as key, count(*) as orders, sum(units) as units, sum(merch) as merch_cents, sum(discount_cents) as discount_cents
      from (${orders}) t where units > 0 group by day, ${sql.ref(key)}`.execute(db);
    byDay.push(...rows.rows);
  }
  const items = await sql<SummaryRows['byDay'][number]>`
    select 'item' as dim, substr(o.created_at, 1, 10) as day, l.item_num as key, count(*) as orders, sum(l.qty - l.qty_cancelled) as units,
      sum((l.qty - l.qty_cancelled) * l.price_cents) as merch_cents, 0 as discount_cents
    from order_lines l join orders o on o.id = l.order_id
    where l.qty > l.qty_cancelled
    group by substr(o.created_at, 1, 10), l.item_num`.execute(db);
  byDay.push(...items.rows);
  const clean = normalise({ daily: daily.rows, byDay, byMonth: [] });
  // Months are the sums of their days.
  const months = new Map<string, SummaryRows['byMonth'][number]>();
  for (const r of clean.byDay) {
    const id = `${r.dim}\u0000${r.day.slice(0, 7)}\u0000${r.key}`;
    const m = months.get(id) ?? { dim: r.dim, month: r.day.slice(0, 7), key: r.key, orders: 0, units: 0, merch_cents: 0, discount_cents: 0 };
    m.orders += r.orders;
    m.units += r.units;
    m.merch_cents += r.merch_cents;
    m.discount_cents += r.discount_cents;
    months.set(id, m);
  }
  return normalise({ ...clean, byMonth: [...months.values()] });
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

/** Replaces the summaries with a recount, in one transaction (after a bulk load of orders). */
export async function rebuildSummaries(db: Kysely<DB>): Promise<void> {
  const rows = await recountSummaries(db);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('sales_daily').execute();
    await trx.deleteFrom('sales_by_day').execute();
    await trx.deleteFrom('sales_by_month').execute();
    for (const [table, list] of [['sales_daily', rows.daily], ['sales_by_day', rows.byDay], ['sales_by_month', rows.byMonth]] as const) {
      for (let i = 0; i < list.length; i += 2000) await trx.insertInto(table).values(list.slice(i, i + 2000) as never).execute();
    }
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

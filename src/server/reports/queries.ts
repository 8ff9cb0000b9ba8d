import { type Kysely, sql } from 'kysely';
import type { DB } from '../platform/db/schema';
import type { Range } from './ranges';
import type { SalesDim } from './tables';

/** The reports' reads: summaries by range, and the few live tables the as-of-now reports need. */

type Db = Kysely<DB>;
const n = (v: unknown) => Number(v ?? 0);

export interface SalesSums {
  orders: number;
  units: number;
  merchCents: number;
  discountCents: number;
}

export interface DailySales extends SalesSums {
  day: string;
  lines: number;
}

export async function salesDaily(db: Db, range: Range): Promise<DailySales[]> {
  const rows = await db.selectFrom('sales_daily').selectAll().where('day', '>=', range.from).where('day', '<=', range.to).orderBy('day').execute();
  return rows.map((r) => ({ day: r.day, orders: n(r.orders), lines: n(r.lines), units: n(r.units), merchCents: n(r.merch_cents), discountCents: n(r.discount_cents) }));
}

export interface KeyedSales extends SalesSums {
  key: string;
}

type SumRow = { key: string; orders: unknown; units: unknown; merch_cents: unknown; discount_cents: unknown };
const keyed = (r: SumRow): KeyedSales => ({ key: r.key, orders: n(r.orders), units: n(r.units), merchCents: n(r.merch_cents), discountCents: n(r.discount_cents) });
const SUMS = sql`key, sum(orders) as orders, sum(units) as units, sum(merch_cents) as merch_cents, sum(discount_cents) as discount_cents`;

/** One dimension's sums by key over whole months (`YYYY-MM`, inclusive). */
export async function monthSums(db: Db, dim: SalesDim, months: { from: string; to: string }): Promise<KeyedSales[]> {
  const rows = await sql<SumRow>`select ${SUMS} from sales_by_month where dim = ${dim} and month >= ${months.from} and month <= ${months.to} group by key`.execute(db);
  return rows.rows.map(keyed);
}

/** One dimension's sums by key over some ranges of days. */
export async function daySums(db: Db, dim: SalesDim, days: readonly Range[]): Promise<KeyedSales[]> {
  if (days.length === 0) return [];
  const within = sql.join(days.map((d) => sql`(day >= ${d.from} and day <= ${d.to})`), sql` or `);
  const rows = await sql<SumRow>`select ${SUMS} from sales_by_day where dim = ${dim} and (${within}) group by key`.execute(db);
  return rows.rows.map(keyed);
}

/** The counters that move when sales of a day before today change: `history` a past month's, `month` an earlier day of this month's. */
export async function salesSeqs(db: Db): Promise<{ history: number; month: number }> {
  const rows = await db.selectFrom('counters').select(['name', 'value']).where('name', 'in', ['sales_history_seq', 'sales_month_seq']).execute();
  const of = (name: string) => n(rows.find((r) => r.name === name)?.value);
  return { history: of('sales_history_seq'), month: of('sales_month_seq') };
}

/** The category (as the item is filed now) of each of `nums`. */
export async function itemCategories(db: Db, nums: readonly string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (let i = 0; i < nums.length; i += 5000) {
    const rows = await db.selectFrom('items').select(['num', 'category_num']).where('num', 'in', nums.slice(i, i + 5000)).execute();
    for (const r of rows) out.set(r.num, r.category_num);
  }
  return out;
}

export async function categoryNames(db: Db): Promise<Map<number, string>> {
  const rows = await db.selectFrom('categories').select(['num', 'description']).execute();
  return new Map(rows.map((r) => [r.num, r.description]));
}

export async function itemTitles(db: Db, nums: readonly string[]): Promise<Map<string, string>> {
  if (nums.length === 0) return new Map();
  const rows = await db.selectFrom('items').select(['num', 'web_title']).where('num', 'in', nums).execute();
  return new Map(rows.map((r) => [r.num, r.web_title]));
}

export async function customerNames(db: Db, ids: readonly number[]): Promise<Map<number, { orgName: string; state: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('customers').select(['id', 'org_name', 'state']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, { orgName: r.org_name, state: r.state }]));
}

/** Units sold of `nums` in the last 30 and 90 days up to `today`. */
export async function recentUnits(db: Db, nums: readonly string[], today: { d30: string; d90: string; to: string }): Promise<Map<string, { d30: number; d90: number }>> {
  if (nums.length === 0) return new Map();
  const rows = await db
    .selectFrom('sales_by_day')
    .select(['key', sql<number>`sum(case when day >= ${today.d30} then units else 0 end)`.as('d30'), sql<number>`sum(units)`.as('d90')])
    .where('dim', '=', 'item')
    .where('day', '>=', today.d90)
    .where('day', '<=', today.to)
    .where('key', 'in', nums)
    .groupBy('key')
    .execute();
  return new Map(rows.map((r) => [r.key, { d30: n(r.d30), d90: n(r.d90) }]));
}

export const OPEN_STATUSES = ['received', 'accepted', 'on_hold', 'partially_shipped'] as const;

export async function openOrdersByStatus(db: Db) {
  const rows = await db
    .selectFrom('orders')
    .select([
      'status_code',
      sql<number>`count(*)`.as('orders'),
      sql<number>`sum(total_cents)`.as('total_cents'),
      sql<number>`sum(open_west + open_east)`.as('open_units'),
      sql<number>`sum(backordered)`.as('backordered'),
    ])
    .where('status_code', 'in', OPEN_STATUSES)
    .groupBy('status_code')
    .execute();
  return rows.map((r) => ({ status: r.status_code, orders: n(r.orders), totalCents: n(r.total_cents), openUnits: n(r.open_units), backordered: n(r.backordered) }));
}

/**
 * Backordered units of live orders by item, most first: the first `limit` items, each with its
 * orders waiting, and the totals of all. Summed in SQL from two partial indexes: lines that wait
 * (`order_lines_backordered`: item, order, units) of orders with backordered units
 * (`orders_backordered`) that are neither cancelled nor closed.
 */
export async function backordersByItem(db: Db, limit: number) {
  const live = db.selectFrom('orders').select('id').where('backordered', '>', 0).where('status_code', 'not in', ['cancelled', 'closed']);
  // `+order_id`: SQLite would otherwise read every line of those orders by the primary key instead of the index of waiting lines.
  const waiting = () => db.selectFrom('order_lines as l').where('l.qty_backordered', '>', 0).where(sql<number>`+${sql.ref('l.order_id')}`, 'in', live);
  const [top, all] = await Promise.all([
    waiting()
      .select(['l.item_num', sql<number>`sum(l.qty_backordered)`.as('units'), sql<number>`count(distinct l.order_id)`.as('orders')])
      .groupBy('l.item_num')
      .orderBy('units', 'desc')
      .orderBy('l.item_num')
      .limit(limit)
      .execute(),
    // The totals from the orders alone: an order's `backordered` is the sum of its lines' (kept with them).
    live.clearSelect().select([sql<number>`coalesce(sum(backordered), 0)`.as('units'), sql<number>`count(*)`.as('orders')]).executeTakeFirstOrThrow(),
  ]);
  const lines =
    top.length === 0
      ? []
      : await waiting()
          .innerJoin('orders as o', 'o.id', 'l.order_id')
          .select(['l.item_num', 'l.title', 'o.order_num'])
          .where('l.item_num', 'in', top.map((r) => r.item_num))
          .orderBy('o.order_num')
          .execute();
  const waitingOrders = new Map<string, { title: string; orders: number[] }>();
  for (const l of lines) {
    const e = waitingOrders.get(l.item_num) ?? { title: l.title, orders: [] };
    if (!e.orders.includes(l.order_num)) e.orders.push(l.order_num);
    waitingOrders.set(l.item_num, e);
  }
  return {
    items: top.map((r) => ({ itemNum: r.item_num, title: waitingOrders.get(r.item_num)?.title ?? '', units: n(r.units), orderCount: n(r.orders), orders: waitingOrders.get(r.item_num)?.orders ?? [] })),
    units: n(all.units),
    orders: n(all.orders),
  };
}

export async function couponUses(db: Db, range: Range) {
  const rows = await db
    .selectFrom('coupon_redemptions')
    .select(['code', 'name', sql<number>`count(*)`.as('uses'), sql<number>`count(distinct customer_id)`.as('customers'), sql<number>`sum(discount_cents)`.as('discount_cents')])
    .where('created_at', '>=', range.from)
    .where('created_at', '<', `${range.to}T99`)
    .groupBy(['code', 'name'])
    .orderBy('uses', 'desc')
    .execute();
  return rows.map((r) => ({ code: r.code, name: r.name, uses: n(r.uses), customers: n(r.customers), discountCents: n(r.discount_cents) }));
}

/** What is still owed on an open invoice (the index `invoices_open_aging` holds both). */
const OPEN_AMOUNT = sql<number>`total_cents - paid_cents`;

/** Open invoices by customer in buckets of days past due (as of `today`): 0–30 (and not yet due), 31–60, 61–90, over 90. */
export async function agingByCustomer(db: Db, today: string, addDays: (d: string, k: number) => string) {
  const [d30, d60, d90] = [30, 60, 90].map((k) => addDays(today, -k));
  const bucket = (from: string | null, to: string | null) =>
    sql<number>`sum(case when ${from === null ? sql`1 = 1` : sql`due_date >= ${from}`} and ${to === null ? sql`1 = 1` : sql`due_date < ${to}`} then ${OPEN_AMOUNT} else 0 end)`;
  const rows = await db
    .selectFrom('invoices')
    .select([
      'customer_id',
      sql<number>`count(*)`.as('invoices'),
      bucket(d30!, null).as('b0'),
      bucket(d60!, d30!).as('b31'),
      bucket(d90!, d60!).as('b61'),
      bucket(null, d90!).as('b91'),
      sql<number>`sum(${OPEN_AMOUNT})`.as('open'),
    ])
    .where('status', '=', 'open')
    .groupBy('customer_id')
    .orderBy('open', 'desc')
    .execute();
  return rows.map((r) => ({ customerId: r.customer_id, invoices: n(r.invoices), b0: n(r.b0), b31: n(r.b31), b61: n(r.b61), b91: n(r.b91), open: n(r.open) }));
}

/** Backordered units by item of the orders still open (every item, for the waiting-demand report). */
export async function backorderedUnitsByItem(db: Db): Promise<{ item_num: string; title: string; units: number }[]> {
  const live = db.selectFrom('orders').select('id').where('backordered', '>', 0).where('status_code', 'not in', ['cancelled', 'closed']);
  const rows = await db
    .selectFrom('order_lines as l')
    .where('l.qty_backordered', '>', 0)
    .where(sql<number>`+${sql.ref('l.order_id')}`, 'in', live)
    .select(['l.item_num', sql<string>`max(l.title)`.as('title'), sql<number>`sum(l.qty_backordered)`.as('units')])
    .groupBy('l.item_num')
    .execute();
  return rows.map((r) => ({ ...r, units: Number(r.units) }));
}

import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { type BulkColumns, bulkInsert, syncIdentity, withoutTriggersIfAllowed } from '../../platform/db/bulk-insert';
import type { DB } from '../../platform/db/schema';
import { rebuildSummaries } from '../../reports/recount';
import { countKeys } from '../../orders/counts';
import type { OrderStatusCode } from '../../orders/tables';
import { type CouponRef, type OrderRows, type Sequences, SyntheticOrderGenerator } from './order-generator';
import { syntheticCustomers } from '../../customers/demo/synthetic-customers';
import { withStockLevels } from '../../stock/levels';

/**
 * `npm run db:seed -- --orders N`: N synthetic orders (about ten lines each, one in 333 with 200
 * lines) with their shipments, invoices and timelines, for the back office's benchmarks. Items
 * come from the catalogue already there; units wait only for items out of stock at both
 * warehouses, as in a shop whose fills ran (so a cancel in the benchmark fills what one would,
 * not every order waiting for an item that has units). Written with multi-row inserts, thousands
 * of orders per transaction; the counters move past what was written, `order_counts` and the
 * sales summaries are recounted.
 */

export interface SyntheticOrdersOptions {
  /** How many customers place them; by default one per 20 orders, 2,000 to 10,000. */
  customers?: number;
  seed?: number;
  onProgress?: (done: number) => void;
}

export interface SyntheticOrdersResult {
  orders: number;
  lines: number;
  customers: number;
  firstOrderNum: number;
  lastOrderNum: number;
}

/** Orders per transaction: about 50,000 lines, a few seconds of work. */
const BATCH = 5_000;

const TABLES: [keyof OrderRows, string, BulkColumns][] = [
  ['orders', 'orders', [
    ['id', 'int'], ['order_num', 'int'], ['customer_id', 'int'], ['status', 'text'], ['created_at', 'text'], ['subtotal_cents', 'int'],
    ['discount_cents', 'int'], ['shipping_cents', 'int'], ['total_cents', 'int'], ['ship_to_code', 'text'], ['ship_to_json', 'text'],
    ['shipping_code', 'text'], ['shipping_name', 'text'], ['po_number', 'text'], ['comments', 'text'], ['line_count', 'int'], ['total_qty', 'int'],
    ['status_code', 'text'], ['version', 'int'], ['open_west', 'int'], ['open_east', 'int'], ['backordered', 'int'], ['shipped_qty', 'int'],
    ['hold_reason', 'text'], ['updated_at', 'text'], ['original_subtotal_cents', 'int'], ['original_discount_cents', 'int'], ['original_shipping_cents', 'int'],
  ]],
  ['lines', 'order_lines', [
    ['order_id', 'int'], ['line_no', 'int'], ['item_num', 'text'], ['title', 'text'], ['qty', 'int'], ['price_cents', 'int'],
    ['extended_cents', 'int'], ['qty_west', 'int'], ['qty_east', 'int'], ['qty_backordered', 'int'], ['qty_shipped', 'int'], ['qty_cancelled', 'int'],
  ]],
  ['shipments', 'shipments', [['id', 'int'], ['shipment_num', 'int'], ['order_id', 'int'], ['warehouse', 'text'], ['carrier', 'text'], ['tracking_number', 'text'], ['shipped_at', 'text'], ['actor', 'text']]],
  ['shipmentLines', 'shipment_lines', [['shipment_id', 'int'], ['line_no', 'int'], ['qty', 'int']]],
  ['invoices', 'invoices', [
    ['id', 'int'], ['invoice_num', 'int'], ['order_id', 'int'], ['shipment_id', 'int'], ['customer_id', 'int'], ['invoice_date', 'text'], ['due_date', 'text'],
    ['subtotal_cents', 'bigint'], ['discount_cents', 'bigint'], ['shipping_cents', 'bigint'], ['total_cents', 'bigint'], ['status', 'text'], ['terms', 'text'], ['created_at', 'text'],
  ]],
  ['invoiceLines', 'invoice_lines', [['invoice_id', 'int'], ['line_no', 'int'], ['item_num', 'text'], ['title', 'text'], ['qty', 'int'], ['price_cents', 'bigint'], ['extended_cents', 'bigint']]],
  ['events', 'order_events', [['order_id', 'int'], ['at', 'text'], ['actor', 'text'], ['kind', 'text'], ['detail', 'text'], ['public', 'int']]],
  ['redemptions', 'coupon_redemptions', [['coupon_id', 'int'], ['customer_id', 'int'], ['order_id', 'int'], ['code', 'text'], ['name', 'text'], ['discount_cents', 'int'], ['created_at', 'text']]],
];

export async function seedSyntheticOrders(db: Kysely<DB>, n: number, options: SyntheticOrdersOptions = {}): Promise<SyntheticOrdersResult> {
  if (!Number.isInteger(n) || n < 0) throw new Error(`order count must be a whole number, got ${n}`);
  const items = await withStockLevels(db.selectFrom('items as i').select(['i.num', 'i.web_title', 'i.price_cents']), 'i.id').where('i.active', '=', 1).orderBy('i.num').execute();
  if (items.length === 0) throw new Error('synthetic orders need a catalogue: load the demo catalogue first');
  const seed = options.seed ?? 17;
  const customers = await syntheticCustomers(db, options.customers ?? Math.min(10_000, Math.max(2_000, Math.round(n / 20))), seed);
  const coupon = await db.selectFrom('coupons').select(['id', 'code', 'name']).orderBy('id').executeTakeFirst();
  const seq = await sequences(db);
  const firstOrderNum = seq.orderNum;
  const generator = new SyntheticOrderGenerator(
    n,
    customers,
    items.map((i) => ({ num: i.num, title: i.web_title, priceCents: i.price_cents, outOfStock: i.qty_fr <= i.reserve_fr && i.qty_fh <= i.reserve_fh })),
    (coupon as CouponRef | undefined) ?? null,
    seq,
    seed + seq.orderId,
  );

  let lines = 0;
  let redeemed = 0;
  for (let done = 0; done < n; ) {
    const count = Math.min(BATCH, n - done);
    const rows = generator.batch(done, count);
    await db.transaction().execute(async (trx) => {
      await withoutTriggersIfAllowed(trx);
      for (const [key, table, columns] of TABLES) await bulkInsert(trx, table, columns, rows[key]);
    });
    lines += rows.lines.length;
    redeemed += rows.redemptions.length;
    done += count;
    options.onProgress?.(done);
  }

  await db.transaction().execute(async (trx) => {
    const counters = { order_num: seq.orderNum - 1, shipment_num: seq.shipmentNum - 1, invoice_num: seq.invoiceNum - 1 };
    for (const [name, value] of Object.entries(counters)) await trx.updateTable('counters').set({ value }).where('name', '=', name).execute();
    if (coupon && redeemed > 0) await trx.updateTable('coupons').set({ uses: sql<number>`uses + ${redeemed}` }).where('id', '=', coupon.id).execute();
    for (const table of ['orders', 'shipments', 'invoices']) await syncIdentity(trx, table);
    // PostgreSQL numbers shipments and invoices from sequences (migration number-sequences).
    if (trx.getExecutor().adapter instanceof PostgresAdapter) {
      await sql`select setval('shipment_num_seq', ${counters.shipment_num}::bigint), setval('invoice_num_seq', ${counters.invoice_num}::bigint)`.execute(trx);
    }
    // The orders change feed (orders/change-feed.ts) sees the loaded orders as one change.
    const feed = await trx.updateTable('counters').set({ value: sql<number>`value + 1` }).where('name', '=', 'order_change_seq').returning('value').executeTakeFirstOrThrow();
    await trx.updateTable('orders').set({ change_seq: feed.value }).where('change_seq', '=', 0).execute();
    await recountOrderCounts(trx);
  });
  // The reports' sales summaries, counted once from what was loaded (checkout keeps them after).
  await rebuildSummaries(db);
  // PostgreSQL plans with the statistics from before the load until autovacuum comes round, and
  // reads an index alone only where its visibility map says so: a live shop's old orders are
  // vacuumed long ago, so the benchmark's should be too.
  if (n > 0 && db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`vacuum (analyze) customers, orders, order_lines, order_events, shipments, shipment_lines, invoices, invoice_lines, coupon_redemptions, order_counts, sales_daily, sales_by_day, sales_by_month`.execute(db);
  }
  return { orders: n, lines, customers: customers.length, firstOrderNum, lastOrderNum: seq.orderNum - 1 };
}

/** The next id and number of each table, past whatever is there. */
async function sequences(db: Kysely<DB>): Promise<Sequences> {
  const maxId = async (table: 'orders' | 'shipments' | 'invoices') =>
    Number((await db.selectFrom(table).select(sql<number>`coalesce(max(id), 0)`.as('m')).executeTakeFirstOrThrow()).m) + 1;
  const counters = new Map((await db.selectFrom('counters').select(['name', 'value']).execute()).map((c) => [c.name, Number(c.value)]));
  // On PostgreSQL the shop's own shipments and invoices take their numbers from sequences, not the counters.
  const maxNum = async (table: 'shipments' | 'invoices', column: 'shipment_num' | 'invoice_num') =>
    Number((await db.selectFrom(table).select(sql<number>`coalesce(max(${sql.ref(column)}), 0)`.as('m')).executeTakeFirstOrThrow()).m);
  counters.set('shipment_num', Math.max(counters.get('shipment_num') ?? 0, await maxNum('shipments', 'shipment_num')));
  counters.set('invoice_num', Math.max(counters.get('invoice_num') ?? 500_000, await maxNum('invoices', 'invoice_num')));
  return {
    orderId: await maxId('orders'),
    orderNum: (counters.get('order_num') ?? 100_000) + 1,
    shipmentId: await maxId('shipments'),
    shipmentNum: (counters.get('shipment_num') ?? 0) + 1,
    invoiceId: await maxId('invoices'),
    invoiceNum: (counters.get('invoice_num') ?? 500_000) + 1,
  };
}

/** Sets every `order_counts` row from the orders table, with the keys `countKeys` gives (a whole scan: seeding only). */
export async function recountOrderCounts(db: Kysely<DB>): Promise<void> {
  const groups = await db
    .selectFrom('orders')
    .select([
      'status_code',
      sql<number>`case when open_west > 0 then 1 else 0 end`.as('w'),
      sql<number>`case when open_east > 0 then 1 else 0 end`.as('e'),
      sql<number>`case when backordered > 0 then 1 else 0 end`.as('b'),
      sql<number>`count(*)`.as('n'),
    ])
    .groupBy(['status_code', sql`2`, sql`3`, sql`4`])
    .execute();
  const counts = new Map<string, number>();
  const statuses: OrderStatusCode[] = ['received', 'accepted', 'on_hold', 'partially_shipped', 'shipped', 'closed', 'cancelled'];
  for (const key of [...statuses.map((s) => `status:${s}`), 'ship:west', 'ship:east', 'backordered']) counts.set(key, 0);
  for (const g of groups) {
    const keys = countKeys({ status_code: g.status_code, open_west: Number(g.w), open_east: Number(g.e), backordered: Number(g.b) });
    for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + Number(g.n));
  }
  for (const [key, n] of counts) {
    await db.insertInto('order_counts').values({ key, n }).onConflict((oc) => oc.column('key').doUpdateSet({ n })).execute();
  }
}

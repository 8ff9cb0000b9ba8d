import { type Kysely, sql } from 'kysely';
import { type BulkColumns, bulkInsert, syncIdentity } from '../platform/db/bulk-insert';
import type { DB } from '../platform/db/schema';
import { countKeys } from './counts';
import type { OrderStatusCode } from './tables';

/**
 * Bulk writes of the orders module for seeding (flows/demo/synthetic-orders.ts): rows as arrays in
 * the column order below, many per statement, without the checks and numbering of checkout.
 */

/** An order's rows, each an array of values in its table's column order below. */
export interface OrderSeedRows {
  orders: readonly (readonly unknown[])[];
  lines: readonly (readonly unknown[])[];
  shipments: readonly (readonly unknown[])[];
  shipmentLines: readonly (readonly unknown[])[];
  events: readonly (readonly unknown[])[];
  redemptions: readonly (readonly unknown[])[];
}

const TABLES: [keyof OrderSeedRows, 'orders' | 'order_lines' | 'shipments' | 'shipment_lines' | 'order_events' | 'coupon_redemptions', BulkColumns][] = [
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
  ['events', 'order_events', [['order_id', 'int'], ['at', 'text'], ['actor', 'text'], ['kind', 'text'], ['detail', 'text'], ['public', 'int']]],
  ['redemptions', 'coupon_redemptions', [['coupon_id', 'int'], ['customer_id', 'int'], ['order_id', 'int'], ['code', 'text'], ['name', 'text'], ['discount_cents', 'int'], ['created_at', 'text']]],
];

/** Writes orders with their lines, shipments, timelines and coupon redemptions, in the caller's transaction. */
export async function seedOrderRows(trx: Kysely<DB>, rows: OrderSeedRows): Promise<void> {
  for (const [key, table, columns] of TABLES) await bulkInsert(trx, table, columns, rows[key]);
}

/**
 * After a load: the coupon's uses count what was redeemed, the id sequences move past the loaded
 * rows, and the orders change feed (change-feed.ts) sees the loaded orders as one change `feedSeq`.
 */
export async function finishOrderSeed(trx: Kysely<DB>, coupon: { id: number; redeemed: number } | null, feedSeq: number): Promise<void> {
  if (coupon && coupon.redeemed > 0) await trx.updateTable('coupons').set({ uses: sql<number>`uses + ${coupon.redeemed}` }).where('id', '=', coupon.id).execute();
  for (const table of ['orders', 'shipments'] as const) await syncIdentity(trx, table);
  await trx.updateTable('orders').set({ change_seq: feedSeq }).where('change_seq', '=', 0).execute();
  await recountOrderCounts(trx);
}

/** Sets every `order_counts` row from the orders table, with the keys `countKeys` gives (a whole scan: seeding only). */
async function recountOrderCounts(db: Kysely<DB>): Promise<void> {
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

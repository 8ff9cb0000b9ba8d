import { type Kysely, sql } from 'kysely';
import { bumpCounter, setCounter } from '../../platform/counters';
import { withoutTriggersIfAllowed } from '../../platform/db/bulk-insert';
import { setSequence, vacuumAnalyze } from '../../platform/db/dialect';
import type { DB } from '../../platform/db/schema';
import { rebuildSummaries } from '../../reports';
import { finishInvoiceSeed, seedInvoiceRows } from '../../money';
import { finishOrderSeed, seedOrderRows } from '../../orders';
import { type CouponRef, SyntheticOrderGenerator } from './order-generator';
import type { Sequences } from './synthetic-types';
import { syntheticCustomers } from '../../customers';
import { withStockLevels } from '../../stock';

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
      await seedOrderRows(trx, rows);
      await seedInvoiceRows(trx, rows);
    });
    lines += rows.lines.length;
    redeemed += rows.redemptions.length;
    done += count;
    options.onProgress?.(done);
  }

  await db.transaction().execute(async (trx) => {
    const counters = { order_num: seq.orderNum - 1, shipment_num: seq.shipmentNum - 1, invoice_num: seq.invoiceNum - 1 };
    for (const [name, value] of Object.entries(counters) as [keyof typeof counters, number][]) await setCounter(trx, name, value);
    // PostgreSQL numbers shipments and invoices from sequences (migration number-sequences).
    await setSequence(trx, 'shipment_num_seq', counters.shipment_num);
    await setSequence(trx, 'invoice_num_seq', counters.invoice_num);
    // The orders change feed (orders/change-feed.ts) sees the loaded orders as one change.
    await finishOrderSeed(trx, coupon ? { id: coupon.id, redeemed } : null, await bumpCounter(trx, 'order_change_seq'));
    await finishInvoiceSeed(trx);
  });
  // The reports' sales summaries, counted once from what was loaded (checkout keeps them after).
  await rebuildSummaries(db);
  // PostgreSQL plans with the statistics from before the load until autovacuum comes round, and
  // reads an index alone only where its visibility map says so: a live shop's old orders are
  // vacuumed long ago, so the benchmark's should be too.
  if (n > 0) {
    await vacuumAnalyze(db, ['customers', 'orders', 'order_lines', 'order_events', 'shipments', 'shipment_lines', 'invoices', 'invoice_lines', 'coupon_redemptions', 'order_counts', 'sales_daily', 'sales_by_day', 'sales_by_month']);
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

import { type Insertable, type Kysely, PostgresAdapter, type Selectable, sql } from 'kysely';
import type { DB } from '../platform/db/schema';
import { randomInt } from 'node:crypto';
import { enqueue, type NewOutboxMessage, outboxInsertCte } from '../platform/outbox/outbox';
import { recordSales, SALES_LAST, type SaleChange, salesCtes } from '../reports/sales-summaries';
import { type CheckoutStock, checkoutStockCtes, recordCheckoutStock } from '../stock/movements';
import { noteOrderChanged, orderFeedCte } from './change-feed';
import type { OrderLineTable, OrderTable } from './tables';

/** The only place the orders module touches Kysely. Functions take `db` (or a transaction) first. */
export type Db = Kysely<DB>;
export type OrderRow = Selectable<OrderTable>;
export type OrderLineRow = Selectable<OrderLineTable>;

// ---- the cart being ordered --------------------------------------------------------------------
// Cart edits run while a checkout does. On PostgreSQL (READ COMMITTED) the checkout must lock the
// lines it orders and afterwards delete exactly those: a line deleted or changed after an unlocked
// read would be ordered as it was while the edit is acknowledged, and a line added meanwhile would
// be emptied away without being ordered. The lines are read with the cart's own `listLines`, locked.

/** Empties what was ordered: those lines, those coupons, the comments. Lines and coupons added since stay in the cart. */
export async function removeOrderedFromCart(db: Db, customerId: number, itemNums: string[], couponIds: number[]): Promise<void> {
  if (itemNums.length > 0) await db.deleteFrom('cart_lines').where('customer_id', '=', customerId).where('item_num', 'in', itemNums).execute();
  if (couponIds.length > 0) await db.deleteFrom('cart_coupons').where('customer_id', '=', customerId).where('coupon_id', 'in', couponIds).execute();
  await db.updateTable('carts').set({ comments: '', updated_at: new Date().toISOString() }).where('customer_id', '=', customerId).execute();
}

// ---- order numbers and idempotency ------------------------------------------------------------

/** The next order number: one atomic UPDATE … RETURNING, so numbers are sequential and never repeat. */
export async function nextOrderNum(db: Db): Promise<number> {
  const row = await db
    .updateTable('counters')
    .set({ value: sql<number>`value + 1` })
    .where('name', '=', 'order_num')
    .returning('value')
    .executeTakeFirstOrThrow();
  return Number(row.value);
}

/**
 * Claims an Idempotency-Key for this checkout. False when the key is already claimed: on
 * PostgreSQL a concurrent claim waits here until the first checkout commits or rolls back.
 */
export async function claimIdempotencyKey(db: Db, customerId: number, key: string, requestHash: string): Promise<boolean> {
  const r = await db
    .insertInto('idempotency_keys')
    .values({ customer_id: customerId, key, request_hash: requestHash, order_id: null, created_at: new Date().toISOString() })
    .onConflict((oc) => oc.columns(['customer_id', 'key']).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}

export function findIdempotencyKey(db: Db, customerId: number, key: string) {
  return db.selectFrom('idempotency_keys').select(['request_hash', 'order_id']).where('customer_id', '=', customerId).where('key', '=', key).executeTakeFirst();
}

export async function setIdempotencyOrder(db: Db, customerId: number, key: string, orderId: number): Promise<void> {
  await db.updateTable('idempotency_keys').set({ order_id: orderId }).where('customer_id', '=', customerId).where('key', '=', key).execute();
}

// ---- orders ----------------------------------------------------------------------------------

export async function insertOrder(db: Db, row: Insertable<OrderTable>): Promise<number> {
  const r = await db.insertInto('orders').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

/**
 * Inserts a checkout's order. On SQLite it gets the next order number at once (the write
 * transaction holds the whole database anyway). On PostgreSQL the counter row, which every
 * checkout needs, would stay locked from here to the commit, across the order's lines, coupons and
 * stock changes: the order is written under a placeholder number (minus its id, unique, never
 * visible to another transaction) and `numberOrderAndMarkStock` gives it its number just before the commit.
 */
export async function insertOrderForCheckout(db: Db, row: Omit<Insertable<OrderTable>, 'order_num'>): Promise<{ id: number; orderNum: number | null }> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const columns = (Object.keys(row) as (keyof typeof row)[]).filter((c) => row[c] !== undefined);
    const r = await sql<{ id: number }>`with i as (select nextval(pg_get_serial_sequence('orders', 'id'))::integer as id)
      insert into orders (id, order_num, ${sql.join(columns.map((c) => sql.ref(c)))})
      select i.id, -i.id, ${sql.join(columns.map((c) => row[c]))} from i
      returning id`.execute(db);
    return { id: r.rows[0]!.id, orderNum: null };
  }
  const orderNum = await nextOrderNum(db);
  return { id: await insertOrder(db, { ...row, order_num: orderNum }), orderNum };
}

/** What a checkout writes last, once its order has a number (`finishCheckout`). */
export interface CheckoutEnd {
  stock: CheckoutStock;
  /** The order_counts keys the new order adds one to. */
  countKeys: readonly string[];
  sale: SaleChange;
  /** The confirmation mail of the order numbered `orderNum`. */
  mail: (orderNum: number) => NewOutboxMessage;
}

/**
 * A number no order has, that a mail shows where its order's number goes until the database
 * gives the number (`finishCheckout`). Random per process, so no text a buyer types can hold it.
 */
const ORDER_NUM_MARKER = 900_000_000_000_000 + randomInt(0, 2 ** 47);

/**
 * The checkout's writes to rows every checkout shares, then its number. SQLite (the order has
 * its number already): the sales summaries, the stock feed and movements, the counts and the
 * confirmation mail, one statement each (one writer at a time anyway).
 *
 * PostgreSQL: the order inserted by `insertOrderForCheckout` takes the next order number in ONE
 * statement that also adds the sale to the summaries, moves the counts, the stock sequence (for
 * the items whose stock the checkout changed) and its movements, writes the confirmation mail to
 * the outbox with the number in it, and stamps the order with the next change sequence (the
 * orders feed). Every checkout shares those rows (the day's and the state's summaries, the
 * counters, the counts) and holds them to its commit, so each round trip after the first of them
 * is time every other checkout waits: this makes it none. The WHERE counts chain the CTEs, so the
 * rows are locked in the order every other transaction takes them (sales summaries, order
 * number, counts, stock sequence, change sequence: cancel's order, with the change sequence last
 * as in every transaction; see sales-summaries.ts, orders/change-feed.ts). Answers the number.
 */
export async function finishCheckout(db: Db, order: { id: number; orderNum: number | null }, end: CheckoutEnd): Promise<number> {
  if (order.orderNum !== null) {
    await recordSales(db, end.sale);
    await recordCheckoutStock(db, end.stock, order.orderNum);
    await db.updateTable('order_counts').set({ n: sql<number>`n + 1` }).where('key', 'in', end.countKeys).execute();
    await enqueue(db, end.mail(order.orderNum));
    await noteOrderChanged(db, order.id);
    return order.orderNum;
  }
  const sales = salesCtes(end.sale);
  // A sale too big for one statement (over 1,000 items) writes its summaries first.
  if (!sales) await recordSales(db, end.sale);
  const stockCtes = checkoutStockCtes(end.stock, 'next', sql`(select count(*) from counted) > 0`);
  const r = await sql<{ order_num: number }>`with ${sales === null ? sql`` : sql`${sales},`}
    next as (update counters set value = value + 1 where name = 'order_num'${sales === null ? sql`` : sql` and (select count(*) from ${sql.id(SALES_LAST)}) >= 0`} returning value),
    counted as (update order_counts set n = n + 1 where key in (${sql.join(end.countKeys)}) and (select count(*) from next) > 0 returning 1),
    ${stockCtes === null ? sql`` : sql`${stockCtes},`}
    ${orderFeedCte('feed', [sql`(select count(*) from counted) > 0`, ...(stockCtes === null ? [] : [sql`(select count(*) from stock_seq) > 0`])])},
    ${outboxInsertCte('mail', end.mail(ORDER_NUM_MARKER), String(ORDER_NUM_MARKER), 'next')}
    update orders set order_num = next.value, change_seq = feed.value from next, feed where orders.id = ${order.id} returning orders.order_num`.execute(db);
  return r.rows[0]!.order_num;
}

export async function insertOrderLines(db: Db, rows: Insertable<OrderLineTable>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 100) await db.insertInto('order_lines').values(rows.slice(i, i + 100)).execute();
}

/** A customer's order by number: another customer's order is simply not found. */
export function findOrder(db: Db, customerId: number, orderNum: number): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('customer_id', '=', customerId).where('order_num', '=', orderNum).executeTakeFirst();
}

export function findOrderById(db: Db, customerId: number, id: number): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('customer_id', '=', customerId).where('id', '=', id).executeTakeFirst();
}

/** The order's lines, or only those numbered `lineNos` (shipping or cancelling a few lines of a long order reads just those). */
export function orderLines(db: Db, orderId: number, lineNos?: readonly number[]): Promise<OrderLineRow[]> {
  return db
    .selectFrom('order_lines')
    .selectAll()
    .where('order_id', '=', orderId)
    .$if(lineNos !== undefined, (q) => q.where('line_no', 'in', [...new Set(lineNos)]))
    .orderBy('line_no')
    .execute();
}

export async function listOrders(db: Db, customerId: number, offset: number, limit: number): Promise<{ rows: OrderRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    db.selectFrom('orders').selectAll().where('customer_id', '=', customerId).orderBy('order_num', 'desc').limit(limit).offset(offset).execute(),
    db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).where('customer_id', '=', customerId).executeTakeFirst(),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

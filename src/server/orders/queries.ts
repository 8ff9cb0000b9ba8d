import { type Insertable, type Kysely, PostgresAdapter, type Selectable, sql } from 'kysely';
import type { DB } from '../db/schema';
import { type CheckoutStock, checkoutStockCtes, recordCheckoutStock } from '../stock/movements';
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

/**
 * PostgreSQL: the order inserted by `insertOrderForCheckout` takes the next order number, and the
 * stock sequence moves for the items whose stock the checkout changed (`markStockChanged`'s
 * work) and their movements are written (stock/movements.ts), in one statement: the two counter
 * rows every checkout updates are locked for that statement and the commit only. Answers the
 * order number. SQLite: the order has its number already; the stock module records the change.
 */
export async function numberOrderAndMarkStock(db: Db, order: { id: number; orderNum: number | null }, stock: CheckoutStock, countKeys: readonly string[]): Promise<number> {
  if (order.orderNum !== null) {
    await recordCheckoutStock(db, stock, order.orderNum);
    await db.updateTable('order_counts').set({ n: sql<number>`n + 1` }).where('key', 'in', countKeys).execute();
    return order.orderNum;
  }
  const stockCtes = checkoutStockCtes(stock, 'next');
  const r = await sql<{ order_num: number }>`with next as (update counters set value = value + 1 where name = 'order_num' returning value),
    counted as (update order_counts set n = n + 1 where key in (${sql.join(countKeys)}))
    ${stockCtes === null ? sql`` : sql`, ${stockCtes}`}
    update orders set order_num = next.value from next where orders.id = ${order.id} returning orders.order_num`.execute(db);
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

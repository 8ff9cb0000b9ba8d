import { type Insertable, type Kysely, type RawBuilder, type Selectable, sql } from 'kysely';
import type { DB } from '../platform/db/schema';
import { bumpCounter } from '../platform/counters';
import { oneStatementWrites } from '../platform/db/dialect';
import type { OrderLineTable, OrderTable } from './tables';

/** The only place the orders module touches Kysely. Functions take `db` (or a transaction) first. */
export type Db = Kysely<DB>;
/** An order's row as the app reads and writes it (`ship_to_key` is the database's own, for the search). */
export type OrderRow = Omit<Selectable<OrderTable>, 'ship_to_key'>;
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
 * visible to another transaction) and `numberCheckoutOrder` gives it its number just before the commit.
 */
export async function insertOrderForCheckout(db: Db, row: Omit<Insertable<OrderTable>, 'order_num'>): Promise<{ id: number; orderNum: number | null }> {
  if (oneStatementWrites(db)) {
    const columns = (Object.keys(row) as (keyof typeof row)[]).filter((c) => row[c] !== undefined);
    const r = await sql<{ id: number }>`with i as (select nextval(pg_get_serial_sequence('orders', 'id'))::integer as id)
      insert into orders (id, order_num, ${sql.join(columns.map((c) => sql.ref(c)))})
      select i.id, -i.id, ${sql.join(columns.map((c) => row[c]))} from i
      returning id`.execute(db);
    return { id: r.rows[0]!.id, orderNum: null };
  }
  const orderNum = await bumpCounter(db, 'order_num');
  return { id: await insertOrder(db, { ...row, order_num: orderNum }), orderNum };
}

/**
 * PostgreSQL: a checkout's last statement (flows/checkout-end.ts). After `ctes`, the other owners'
 * fragments in their lock order, of which `numbered` answers the order number (`value`) and `feed`
 * the orders feed's sequence, the order written under a placeholder number by
 * `insertOrderForCheckout` takes its number and change sequence. Answers the number.
 */
export async function numberCheckoutOrder(db: Db, orderId: number, ctes: readonly RawBuilder<unknown>[], numbered: string, feed: string): Promise<number> {
  const r = await sql<{ order_num: number }>`with ${sql.join(ctes)}
    update orders set order_num = ${sql.ref(`${numbered}.value`)}, change_seq = ${sql.ref(`${feed}.value`)} from ${sql.table(numbered)}, ${sql.table(feed)}
    where orders.id = ${orderId} returning orders.order_num`.execute(db);
  return r.rows[0]!.order_num;
}

export async function insertOrderLines(db: Db, rows: Insertable<OrderLineTable>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 100) await db.insertInto('order_lines').values(rows.slice(i, i + 100)).execute();
}

/** A customer's order by number: another customer's order is simply not found. */
export function findOrder(db: Db, customerId: number, orderNum: number): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('customer_id', '=', customerId).where('order_num', '=', orderNum).executeTakeFirst();
}

/** The number of the order with this id. */
export async function orderNumOf(db: Db, id: number): Promise<number> {
  const r = await db.selectFrom('orders').select('order_num').where('id', '=', id).executeTakeFirstOrThrow();
  return r.order_num;
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

/** Each line's merchandise as placed (its units, cancelled ones too) and not cancelled, in cents: what an order's tax is worked out on. */
export async function lineAmounts(db: Db, orderId: number): Promise<{ line_no: number; placedCents: number; remainingCents: number }[]> {
  const rows = await db.selectFrom('order_lines').select(['line_no', 'qty', 'qty_cancelled', 'price_cents']).where('order_id', '=', orderId).orderBy('line_no').execute();
  return rows.map((r) => ({ line_no: r.line_no, placedCents: Number(r.qty) * Number(r.price_cents), remainingCents: (Number(r.qty) - Number(r.qty_cancelled)) * Number(r.price_cents) }));
}

export async function listOrders(db: Db, customerId: number, offset: number, limit: number): Promise<{ rows: OrderRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    db.selectFrom('orders').selectAll().where('customer_id', '=', customerId).orderBy('order_num', 'desc').limit(limit).offset(offset).execute(),
    db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).where('customer_id', '=', customerId).executeTakeFirst(),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

/** The buyer by name as staff read it on a timeline: their contact name, else their company. */
export async function buyerName(db: Db, customerId: number): Promise<string> {
  const c = await db.selectFrom('customers').select(['first_name', 'last_name', 'org_name']).where('id', '=', customerId).executeTakeFirst();
  return c ? `${c.first_name} ${c.last_name}`.trim() || c.org_name : '';
}

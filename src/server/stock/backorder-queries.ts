import { sql } from 'kysely';
import type { OrderState } from '../orders/order-state';
import { chunks } from '../platform/db/chunks';
import { rowLocks } from '../platform/db/dialect';
import type { Db } from './queries';

/** The backorder fills' reads and writes of order lines (stock/backorders.ts). */

/** Orders in these statuses wait: their backorders get no units (DESIGN.md §5). */
const NOT_FILLED = ['on_hold', 'cancelled', 'closed'] as const;

/** Which of these items have backordered lines at all (the partial index `order_lines_backordered`). */
export async function itemsWithBackorders(db: Db, itemNums: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  const unique = [...new Set(itemNums)];
  for (let i = 0; i < unique.length; i += 500) {
    const rows = await db
      .selectFrom('order_lines')
      .select('item_num')
      .distinct()
      .where('item_num', 'in', unique.slice(i, i + 500))
      .where('qty_backordered', '>', 0)
      .execute();
    for (const r of rows) found.push(r.item_num);
  }
  return found.sort();
}

export interface Waiting {
  item_num: string;
  order_id: number;
  qty_backordered: number;
}

/** How many waiting lines of one item to read after order `after`. */
export interface QueueRead {
  itemNum: string;
  after: number;
  limit: number;
}

/**
 * The first `limit` backordered lines of each item after order `after`, in orders that may be
 * filled, oldest order first: what the index `order_lines_backordered` holds, read in order and
 * no further than asked (an item out of stock for long can have a thousand orders waiting, and a
 * cancel releasing one unit needs the first). One statement per 100 items.
 */
export async function waitingQueue(db: Db, reads: readonly QueueRead[]): Promise<Waiting[]> {
  const rows: Waiting[] = [];
  for (const part of chunks(reads, 300)) {
    const branches = part.map(
      (r) => sql`select * from (select l.item_num, l.order_id, l.qty_backordered from order_lines l join orders o on o.id = l.order_id
        where l.item_num = ${r.itemNum} and l.order_id > ${r.after} and l.qty_backordered > 0 and o.status_code not in (${sql.join(NOT_FILLED)})
        order by l.order_id limit ${r.limit}) as q`,
    );
    rows.push(...(await sql<Waiting>`${sql.join(branches, sql` union all `)}`.execute(db)).rows);
  }
  return rows;
}

export interface WaitingLine extends Waiting {
  line_no: number;
  title: string;
}

/** The backordered lines of these items in these orders, as they are now, oldest order first per item. */
export async function waitingLines(db: Db, itemNums: readonly string[], orderIds: readonly number[]): Promise<WaitingLine[]> {
  const rows: WaitingLine[] = [];
  // Parts of at most 10,000 items and 10,000 orders (one part but for a big import).
  for (const items of chunks(itemNums, 3)) {
    for (const orders of chunks(orderIds, 3)) {
      const part = await db
        .selectFrom('order_lines')
        .select(['order_id', 'line_no', 'item_num', 'title', 'qty_backordered'])
        .where('item_num', 'in', items)
        .where('order_id', 'in', orders)
        .where('qty_backordered', '>', 0)
        .execute();
      rows.push(...part);
    }
  }
  return rows.sort((a, b) => (a.item_num < b.item_num ? -1 : a.item_num > b.item_num ? 1 : a.order_id - b.order_id || a.line_no - b.line_no));
}

export interface LockedOrder extends OrderState {
  shipping_code: string;
  ship_to_json: string;
}

/**
 * These order rows, locked on PostgreSQL in one statement (in id order), leaving out those that
 * may not be filled now and those another transaction holds (SKIP LOCKED). A fill never waits
 * for an order: a cancel or a shipment locks its order and then the items it changes, a fill
 * locks items and then orders, and waiting here could deadlock the two. An order skipped this way
 * gets its units at the next change of that item's stock.
 */
export async function lockOrdersForFill(db: Db, orderIds: readonly number[]): Promise<LockedOrder[]> {
  const locked: LockedOrder[] = [];
  for (const ids of chunks([...orderIds].sort((a, b) => a - b), 1)) {
    const part = await db
      .selectFrom('orders')
      .select(['id', 'order_num', 'customer_id', 'status_code', 'version', 'open_west', 'open_east', 'backordered', 'shipped_qty', 'shipping_code', 'ship_to_json'])
      .where('id', 'in', ids)
      .where('status_code', 'not in', NOT_FILLED)
      .orderBy('id')
      .$if(rowLocks(db), (q) => q.forUpdate().skipLocked())
      .execute();
    locked.push(...part);
  }
  return locked;
}

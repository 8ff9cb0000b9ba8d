import { sql } from 'kysely';
import type { OrderState } from '../orders/order-state';
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

export interface WaitingLine {
  order_id: number;
  line_no: number;
}

/** An item's backordered lines of orders that may be filled, oldest order first. */
export function waitingLines(db: Db, itemNum: string): Promise<WaitingLine[]> {
  return db
    .selectFrom('order_lines as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .select(['l.order_id', 'l.line_no'])
    .where('l.item_num', '=', itemNum)
    .where('l.qty_backordered', '>', 0)
    .where('o.status_code', 'not in', NOT_FILLED)
    .orderBy('l.order_id')
    .orderBy('l.line_no')
    .execute();
}

export interface LockedOrder extends OrderState {
  shipping_code: string;
  ship_to_json: string;
}

/**
 * The order row, locked on PostgreSQL; undefined when another transaction holds it (SKIP LOCKED)
 * or it may not be filled now. A fill never waits for an order: a cancel locks its order and then
 * the items it releases, a fill locks items and then orders, and waiting here could deadlock the
 * two. An order skipped this way gets its units at the next change of that item's stock.
 */
export async function lockOrderForFill(db: Db, orderId: number, forUpdate: boolean): Promise<LockedOrder | undefined> {
  const row = await db
    .selectFrom('orders')
    .select(['id', 'order_num', 'customer_id', 'status_code', 'version', 'open_west', 'open_east', 'backordered', 'shipped_qty', 'shipping_code', 'ship_to_json'])
    .where('id', '=', orderId)
    .$if(forUpdate, (q) => q.forUpdate().skipLocked())
    .executeTakeFirst();
  if (!row || (NOT_FILLED as readonly string[]).includes(row.status_code)) return undefined;
  return row;
}

/** A line as it is now (read after its order is locked). */
export function lineOf(db: Db, orderId: number, lineNo: number) {
  return db
    .selectFrom('order_lines')
    .select(['line_no', 'item_num', 'title', 'qty_backordered'])
    .where('order_id', '=', orderId)
    .where('line_no', '=', lineNo)
    .executeTakeFirstOrThrow();
}

/** Moves `west` + `east` units of a line from backordered to open at those warehouses. */
export async function allocateBackordered(db: Db, orderId: number, lineNo: number, west: number, east: number): Promise<void> {
  await db
    .updateTable('order_lines')
    .set({
      qty_backordered: sql<number>`qty_backordered - ${west + east}`,
      qty_west: sql<number>`qty_west + ${west}`,
      qty_east: sql<number>`qty_east + ${east}`,
    })
    .where('order_id', '=', orderId)
    .where('line_no', '=', lineNo)
    .execute();
}

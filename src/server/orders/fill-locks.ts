import { chunks } from '../platform/db/chunks';
import { rowLocks } from '../platform/db/dialect';
import type { OrderState } from './order-state';
import type { Db } from './queries';

/** Orders whose backorders a fill may not give units to now. */
const NOT_FILLED = ['on_hold', 'cancelled', 'closed'] as const;

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

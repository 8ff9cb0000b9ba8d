import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema';
import type { Actor } from '../audit/audit';
import { noteOrderChanged } from './change-feed';
import { type CountMoves, updateCounts, type CountedOrder } from './counts';
import type { OrderStatusCode } from './tables';

/**
 * The pieces every change of an order shares, whoever makes it (the lifecycle's actions, backorder
 * fills, a buyer's cancel): the order's sums over its lines, its version, the counts and the
 * timeline. All run in the caller's transaction.
 */

export interface OrderState extends CountedOrder {
  id: number;
  order_num: number;
  customer_id: number;
  version: number;
  shipped_qty: number;
}

/** The order's money, as its invoices need it (read with the locked row: no second query). */
export interface OrderMoney {
  subtotal_cents: number;
  discount_cents: number;
  shipping_cents: number;
}

/** When and where to the order was placed, as the sales summaries need it (read with the locked row too). */
export interface OrderPlaced {
  created_at: string;
  ship_to_json: string;
}

/** The order's kept sums over its lines. */
export type OrderSums = Pick<OrderState, 'open_west' | 'open_east' | 'backordered' | 'shipped_qty'>;

/** The order row, locked on PostgreSQL (SQLite's write transaction holds the whole database). */
export async function lockOrder(db: Kysely<DB>, where: { orderNum: number } | { id: number }, forUpdate: boolean): Promise<(OrderState & OrderMoney & OrderPlaced) | undefined> {
  return db
    .selectFrom('orders')
    .select(['id', 'order_num', 'customer_id', 'status_code', 'version', 'open_west', 'open_east', 'backordered', 'shipped_qty', 'subtotal_cents', 'discount_cents', 'shipping_cents', 'created_at', 'ship_to_json'])
    .$if('orderNum' in where, (q) => q.where('order_num', '=', (where as { orderNum: number }).orderNum))
    .$if('id' in where, (q) => q.where('id', '=', (where as { id: number }).id))
    .$if(forUpdate, (q) => q.forUpdate())
    .executeTakeFirst();
}

/**
 * After the lines of `before` changed: recomputes the order's sums from its lines (or takes
 * `known` ones, worked out by a caller that changed the lines of a locked order itself), sets its
 * status (when given), moves its version and updated_at, and moves the counts (or, with `deferCounts`,
 * adds the move to it for the caller's `applyCountMoves`). Answers the new state.
 */
export async function saveOrderState(
  db: Kysely<DB>,
  before: OrderState,
  change: { status?: OrderStatusCode; holdReason?: string | null } = {},
  known?: OrderSums,
  deferCounts?: CountMoves,
): Promise<OrderState> {
  const sums = known ?? await db
    .selectFrom('order_lines')
    .select([
      sql<number>`coalesce(sum(qty_west), 0)`.as('open_west'),
      sql<number>`coalesce(sum(qty_east), 0)`.as('open_east'),
      sql<number>`coalesce(sum(qty_backordered), 0)`.as('backordered'),
      sql<number>`coalesce(sum(qty_shipped), 0)`.as('shipped_qty'),
    ])
    .where('order_id', '=', before.id)
    .executeTakeFirstOrThrow();
  const after: OrderState = {
    ...before,
    open_west: Number(sums.open_west),
    open_east: Number(sums.open_east),
    backordered: Number(sums.backordered),
    shipped_qty: Number(sums.shipped_qty),
    status_code: change.status ?? before.status_code,
    version: before.version + 1,
  };
  await db
    .updateTable('orders')
    .set({
      open_west: after.open_west,
      open_east: after.open_east,
      backordered: after.backordered,
      shipped_qty: after.shipped_qty,
      status_code: after.status_code,
      version: after.version,
      updated_at: new Date().toISOString(),
      ...(change.holdReason !== undefined ? { hold_reason: change.holdReason } : {}),
    })
    .where('id', '=', before.id)
    .execute();
  await noteOrderChanged(db, before.id);
  if (deferCounts) deferCounts.push({ before, after });
  else await updateCounts(db, before, after);
  return after;
}

/** One entry of the order's timeline; `public` ones the buyer sees. */
export async function addOrderEvent(db: Kysely<DB>, orderId: number, actor: Actor, kind: string, detail: string, isPublic: boolean): Promise<void> {
  await db
    .insertInto('order_events')
    .values({ order_id: orderId, at: new Date().toISOString(), actor: actor.display, kind, detail, public: isPublic ? 1 : 0 })
    .execute();
}

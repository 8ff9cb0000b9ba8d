import { type RawBuilder, sql } from 'kysely';
import type { MOVEMENT_REASONS } from '../../contract/admin/stock';
import type { Actor } from '../platform/audit/audit';
import type { Warehouse } from './allocation';
import { type Db, insertMovements, markStockChanged, movementsCte, stockChangeCtes } from './queries';

/**
 * The movements history: one row per item and warehouse for every change of stock.
 *
 * `delta` is the change of AVAILABLE units (what the shop can still sell) for every reason but
 * one: checkout and backorder fills take units off available (they stay on hand, allocated);
 * cancel gives them back; adjustments and imports change available and on hand alike. Shipping
 * does not change available units (they were allocated at checkout), it changes ON HAND: so a
 * 'ship' row's delta is the on-hand change (negative), and the Movements answer says so in
 * `affects` ('onHand' for ship, 'available' for the rest). A row of delta 0 would say nothing.
 */

export type MovementReason = (typeof MOVEMENT_REASONS)[number];

/** Units of one item at one warehouse. */
export interface StockUnits {
  itemNum: string;
  warehouse: Warehouse;
  units: number;
}

export interface Move {
  itemNum: string;
  warehouse: Warehouse;
  delta: number;
}

export interface MoveFields {
  reason: MovementReason;
  /** "order 100123", "shipment 5", an adjustment's note. */
  ref: string;
  actor: Actor;
}

/** One statement per 500 rows; a move's own `ref` wins over the fields' (a fill spans orders). */
export async function recordMovements(db: Db, moves: readonly (Move & { ref?: string })[], fields: MoveFields): Promise<void> {
  const at = new Date().toISOString();
  await insertMovements(
    db,
    moves.map((m) => ({ item_num: m.itemNum, warehouse: m.warehouse, delta: m.delta, reason: fields.reason, ref: m.ref ?? fields.ref, actor: fields.actor.label, at })),
  );
}

/** What a checkout did to stock: the items whose stock changed and the units each warehouse allocated. */
export interface CheckoutStock {
  itemIds: readonly number[];
  /** Negative deltas, one per item and warehouse allocated. */
  moves: readonly Move[];
  actor: Actor;
}

/**
 * PostgreSQL: the checkout's stock feed and movements as common table expressions for its last
 * statement (where the order number is first known: `from` names a CTE with the number in
 * `value`), so the movements cost no round trip (decision 0008). Empty when nothing was allocated.
 */
export function checkoutStockCtes(change: CheckoutStock, from: string, after?: RawBuilder<unknown>) {
  if (change.moves.length === 0) return null;
  return sql`${stockChangeCtes(change.itemIds, after)},
    ${movementsCte('moved', change.moves, { reason: 'checkout', ref: sql<string>`'order ' || ${sql.id(from)}.value`, actor: change.actor.label, at: new Date().toISOString(), from })}`;
}

/** SQLite: the same, once the order has its number. */
export async function recordCheckoutStock(db: Db, change: CheckoutStock, orderNum: number): Promise<void> {
  await markStockChanged(db, change.itemIds);
  await recordMovements(db, change.moves, { reason: 'checkout', ref: `order ${orderNum}`, actor: change.actor });
}

/**
 * Shipping: units leave the shelf. Available stock does not change (they were allocated at
 * checkout), so the items table and the stock feed are untouched; the history records the
 * on-hand change (see above). `ref` is e.g. "shipment 5".
 */
export async function recordShipMovements(db: Db, units: readonly StockUnits[], move: { ref: string; actor: Actor }): Promise<void> {
  const moves = units.filter((u) => u.units > 0).map((u) => ({ itemNum: u.itemNum, warehouse: u.warehouse, delta: -u.units }));
  await recordMovements(db, moves, { reason: 'ship', ref: move.ref, actor: move.actor });
}

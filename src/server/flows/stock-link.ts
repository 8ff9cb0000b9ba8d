import type { Actor } from '../platform/audit/audit';
import type { CountMoves, Db, Released } from '../orders';
import type { Filled } from '../stock';
import { fillBackorders, releaseUnits } from './backorders';
import { recordShipMovements } from '../stock';
import { markStockChanged } from '../stock';

/**
 * Where the lifecycle meets the stock area (which owns the stock columns and their history):
 * units released by a cancel go back to available stock and, in the same transaction, to
 * waiting backorders; shipped units leave the warehouse (on hand, not available: that was taken
 * at checkout).
 */

export type FilledBackorder = Filled;

/**
 * Call before the cancelled order's own saveOrderState. Answers the orders whose backorders were
 * filled (mail them after the commit); adds the items whose stock changed to `changed`: pass them
 * to `markReleased` as the transaction's last statement; adds the filled orders' count moves to
 * `counts`: apply them after the sales summaries (`applyCountMoves`).
 */
export function releaseToStock(db: Db, released: readonly Released[], ref: string, actor: Actor, changed: number[], counts: CountMoves): Promise<Filled[]> {
  return releaseUnits(db, released, { reason: 'cancel', ref, actor }, changed, counts);
}

/** The stock feed's mark of a cancel's changed items: last, so the stock counter row is held for the commit only. */
export function markReleased(db: Db, changed: readonly number[]): Promise<void> {
  return markStockChanged(db, changed);
}

export function recordShipped(db: Db, shipped: readonly Released[], ref: string, actor: Actor): Promise<void> {
  return recordShipMovements(db, shipped, { ref, actor });
}

/**
 * A released order's waiting units (a credit hold took none; any hold let its backorders wait)
 * take available stock like a backorder fill, oldest waiting order first. Call after the order's
 * status is saved; the changed items go to `changed` for `markReleased`, the filled orders' count
 * moves to `counts` (apply them after: `applyCountMoves`).
 */
export async function fillReleased(db: Db, orderId: number, actor: Actor, changed: number[], counts: CountMoves): Promise<Filled[]> {
  const rows = await db.selectFrom('order_lines').select('item_num').distinct().where('order_id', '=', orderId).where('qty_backordered', '>', 0).execute();
  return fillBackorders(db, rows.map((r) => r.item_num), actor, changed, counts);
}

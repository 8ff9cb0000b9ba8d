import type { Actor } from '../audit/audit';
import { type Filled, releaseUnits } from '../stock/backorders';
import { recordShipMovements } from '../stock/movements';
import { markStockChanged } from '../stock/queries';
import type { Released } from './line-changes';
import type { Db } from './queries';

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
 * to `markReleased` as the transaction's last statement.
 */
export function releaseToStock(db: Db, released: readonly Released[], ref: string, actor: Actor, changed: number[]): Promise<Filled[]> {
  return releaseUnits(db, released, { reason: 'cancel', ref, actor }, changed);
}

/** The stock feed's mark of a cancel's changed items: last, so the stock counter row is held for the commit only. */
export function markReleased(db: Db, changed: readonly number[]): Promise<void> {
  return markStockChanged(db, changed);
}

export function recordShipped(db: Db, shipped: readonly Released[], ref: string, actor: Actor): Promise<void> {
  return recordShipMovements(db, shipped, { ref, actor });
}

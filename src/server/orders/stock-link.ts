import { sql } from 'kysely';
import type { Actor } from '../audit/audit';
import { markStockChanged } from '../catalogue/queries';
import type { Released } from './line-changes';
import type { Db } from './queries';

/**
 * Where the lifecycle meets the stock area: units released by a cancel go back to available
 * stock (and to waiting backorders), shipped units leave the warehouse. Interim version until
 * the stock area's `releaseUnits` / `recordShipMovements` are merged: available units only.
 */

export interface FilledBackorder {
  orderNum: number;
  customerId: number;
}

export async function releaseToStock(db: Db, released: readonly Released[], ref: string, _actor: Actor): Promise<FilledBackorder[]> {
  if (released.length === 0) return [];
  const ids: number[] = [];
  for (const r of released) {
    const column = r.warehouse === 'west' ? 'qty_fr' : 'qty_fh';
    const row = await db
      .updateTable('items')
      .set({ [column]: sql<number>`${sql.ref(column)} + ${r.units}` })
      .where('num', '=', r.itemNum)
      .returning('id')
      .executeTakeFirst();
    if (row) ids.push(row.id);
  }
  await markStockChanged(db, ids);
  void ref;
  return [];
}

export async function recordShipped(_db: Db, _shipped: readonly Released[], _ref: string, _actor: Actor): Promise<void> {}

import type { Kysely } from 'kysely';
import type { DB } from '../platform/db/schema';
import { withStockLevels } from './levels';

/**
 * Test helpers of the stock module. `itemsWithStock`: every column of items with each item's
 * stock under the names it had as columns of `items` (qty_fr, qty_fh, reserve_fr, reserve_fh,
 * ordqty_fr, ordqty_fh; West/East), for tests that check what a change left in the database.
 * Filter on `i.` columns.
 */
export function itemsWithStock(db: Kysely<DB>) {
  return withStockLevels(db.selectFrom('items as i').selectAll('i'), 'i.id');
}
export { seedStock } from './counts';
export { recordShipMovements } from './movements';
export { markStockChanged } from './queries';

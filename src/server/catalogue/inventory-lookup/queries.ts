import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema';
import { withStockLevels } from '../../stock';

/**
 * The only place the lookup module touches Kysely. It reads the catalogue's item rows and their
 * stock for what the in-memory index does not hold (UPCs and stock quantities), fresh on every call.
 */

export interface ItemStockRow {
  num: string;
  upc: string;
  qty_fr: number;
  qty_fh: number;
  reserve_fr: number;
  reserve_fh: number;
}

/** Active items with their stock (stock's `withStockLevels`: two primary-key joins per item). */
function withStock(db: Kysely<DB>) {
  return withStockLevels(db.selectFrom('items as i').select(['i.num', 'i.upc']), 'i.id').where('i.active', '=', 1);
}

export function stockByNums(db: Kysely<DB>, nums: string[]): Promise<ItemStockRow[]> {
  if (nums.length === 0) return Promise.resolve([]);
  return withStock(db).where('i.num', 'in', nums).execute();
}

export function stockByUpcs(db: Kysely<DB>, upcs: string[]): Promise<ItemStockRow[]> {
  if (upcs.length === 0) return Promise.resolve([]);
  return withStock(db).where('i.upc', 'in', upcs).orderBy('i.num').execute();
}

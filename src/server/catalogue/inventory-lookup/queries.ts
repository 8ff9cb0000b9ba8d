import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema';

/**
 * The only place the lookup module touches Kysely. It reads the catalogue's item rows for what
 * the in-memory index does not hold (UPCs and stock quantities), fresh on every call.
 */

export interface ItemStockRow {
  num: string;
  upc: string;
  qty_fr: number;
  qty_fh: number;
  reserve_fr: number;
  reserve_fh: number;
}

const columns = ['num', 'upc', 'qty_fr', 'qty_fh', 'reserve_fr', 'reserve_fh'] as const;

export function stockByNums(db: Kysely<DB>, nums: string[]): Promise<ItemStockRow[]> {
  if (nums.length === 0) return Promise.resolve([]);
  return db.selectFrom('items').select(columns).where('active', '=', 1).where('num', 'in', nums).execute();
}

export function stockByUpcs(db: Kysely<DB>, upcs: string[]): Promise<ItemStockRow[]> {
  if (upcs.length === 0) return Promise.resolve([]);
  return db.selectFrom('items').select(columns).where('active', '=', 1).where('upc', 'in', upcs).orderBy('num').execute();
}

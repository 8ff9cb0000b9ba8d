import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { DB } from '../platform/db/schema';
import type { StockLevels } from './tables';

/**
 * Reads of items with their stock, for other modules to compose: stock owns this SQL, the
 * catalogue's queries call it. Two LEFT JOINs on `item_stock` by primary key, one per warehouse
 * (aliases `sw` and `se`), and the six levels under their old column names (`StockLevels`); an
 * item and warehouse without a row reads as 0 (rows are made by the first stock write).
 */

type WithLevels<QB> = QB extends SelectQueryBuilder<infer D, infer T, infer O> ? SelectQueryBuilder<D, T, O & StockLevels> : never;

/** `qb` with the stock of the item whose id is the column `itemId` (for example `'i.id'`). */
export function withStockLevels<QB extends SelectQueryBuilder<any, any, any>>(qb: QB, itemId: string): WithLevels<QB> {
  const id = sql.ref(itemId);
  return (qb as SelectQueryBuilder<any, any, any>)
    .leftJoin('item_stock as sw', (j) => j.on(sql<boolean>`sw.item_id = ${id} and sw.warehouse = 'west'`))
    .leftJoin('item_stock as se', (j) => j.on(sql<boolean>`se.item_id = ${id} and se.warehouse = 'east'`))
    .select(LEVEL_COLUMNS) as WithLevels<QB>;
}

const LEVEL_COLUMNS = [
  sql<number>`coalesce(sw.qty, 0)`.as('qty_fr'),
  sql<number>`coalesce(se.qty, 0)`.as('qty_fh'),
  sql<number>`coalesce(sw.reserved, 0)`.as('reserve_fr'),
  sql<number>`coalesce(se.reserved, 0)`.as('reserve_fh'),
  sql<number>`coalesce(sw.on_order, 0)`.as('ordqty_fr'),
  sql<number>`coalesce(se.on_order, 0)`.as('ordqty_fh'),
];

/** SQL condition: the item whose id is the column `itemId` has units to sell at either warehouse (no join needed). */
export function hasAvailableStock(itemId: string) {
  return sql<boolean>`exists (select 1 from item_stock s where s.item_id = ${sql.ref(itemId)} and s.qty - s.reserved > 0)`;
}

/**
 * The stock of the items whose stock changed after stock sequence `since` (the stock feed that
 * every process polls). Inactive items come too: the read index patches only the items it holds.
 */
export function stockChangedSince(db: Kysely<DB>, since: number) {
  return withStockLevels(db.selectFrom('stock_changes as c').select('c.item_id as id'), 'c.item_id').where('c.seq', '>', since).execute();
}

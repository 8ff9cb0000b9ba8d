import type { ItemTable } from '../tables';
import type { LowStockTable, StockedItem } from '../../stock';
import { lowerBound } from './arrays';

/* The index's view of stock: each item's West/East flags and the dashboard's low stock. */

/** The stock columns of an item row. */
export type StockRow = Pick<ItemTable, 'qty_fr' | 'qty_fh' | 'reserve_fr' | 'reserve_fh'>;

/** Units available at West (Fresno): on hand less reserved. */
export function westAvailable(r: StockRow): number {
  return r.qty_fr - r.reserve_fr;
}

/** Units available at East (Fairhope): on hand less reserved. */
export function eastAvailable(r: StockRow): number {
  return r.qty_fh - r.reserve_fh;
}

/** Records an item's available units in the low-stock table. */
export function noteStock(lowStock: LowStockTable, item: StockedItem, r: StockRow): void {
  lowStock.note(item, westAvailable(r), eastAvailable(r));
}

/** An item as a stock change finds it: by id, and with its flags to set. */
interface FlaggedItem extends StockedItem {
  readonly id: number;
  inWest: boolean;
  inEast: boolean;
}

/**
 * Replaces the West/East stock flags (and the low stock) of the items of `rows` after a stock
 * change, without a rebuild; `idOrder` holds the positions of `items` in ascending id order.
 * Rows of items the index does not hold are skipped.
 */
export function updateStockFlags(items: readonly FlaggedItem[], idOrder: Uint32Array, lowStock: LowStockTable, rows: (StockRow & { id: number })[]): void {
  const ids = Float64Array.from(idOrder, (p) => items[p]!.id);
  for (const r of rows) {
    const k = lowerBound(ids, r.id);
    if (ids[k] !== r.id) continue;
    const item = items[idOrder[k]!]!;
    item.inWest = westAvailable(r) > 0;
    item.inEast = eastAvailable(r) > 0;
    noteStock(lowStock, item, r);
  }
}

import type { Generated } from 'kysely';

/** Every change of stock, one row per item and warehouse (migration 2026-11-25T10-00-back-office). */
export interface StockMovementTable {
  id: Generated<number>;
  item_num: string;
  warehouse: 'west' | 'east';
  /** Change of available units. */
  delta: number;
  reason: string;
  ref: string;
  actor: string;
  at: string;
}

/**
 * The last stock change of an item: the `stock_seq` counter's value of the transaction that made
 * it. Each process re-reads only the items with a newer sequence than its index has.
 */
export interface StockChangeTable {
  item_id: number;
  seq: number;
}


/**
 * Stock of an item at one warehouse (migration 2026-11-28T12-00-item-stock). An item and
 * warehouse without a row has none of anything: rows are made by the first stock write.
 */
export interface ItemStockTable {
  item_id: number;
  warehouse: 'west' | 'east';
  /** Units on the shelf not yet allocated to orders (never below 0). */
  qty: number;
  /** Units held back from sale: available = qty − reserved. */
  reserved: number;
  /** Units on order from the factory. */
  on_order: number;
  /** Where the item sits on the shelves ("A-03-2"; "" for none; migration 2026-11-29T02-00-stock-bins). */
  bin: Generated<string>;
}

/**
 * An item's stock at both warehouses under the names they had as columns of `items` (West was
 * Fresno, `_fr`; East Fairhope, `_fh`), as reads that join `item_stock` to items answer it
 * (`stockLevelColumns`): the read index and the item detail answer keep these names.
 */
export interface StockLevels {
  qty_fr: number;
  qty_fh: number;
  reserve_fr: number;
  reserve_fh: number;
  ordqty_fr: number;
  ordqty_fh: number;
}


declare module '../platform/db/schema' {
  interface DB {
    stock_movements: StockMovementTable;
    stock_changes: StockChangeTable;
    item_stock: ItemStockTable;
  }
}

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


declare module '../platform/db/schema' {
  interface DB {
    stock_movements: StockMovementTable;
    stock_changes: StockChangeTable;
  }
}

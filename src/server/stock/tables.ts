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

export interface StockTables {
  stock_movements: StockMovementTable;
}

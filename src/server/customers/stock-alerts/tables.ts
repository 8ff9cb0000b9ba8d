import type { Generated } from 'kysely';

/** A buyer's back-in-stock alert (migration 2026-11-30T07-00-stock-alerts; decision 0041). */
export interface StockAlertTable {
  id: Generated<number>;
  customer_id: number;
  item_id: number;
  created_at: string;
  /** Null while the alert waits; set once, when its mail is queued or the buyer stops it. */
  ended_at: string | null;
  ended_by: 'mail' | 'buyer' | null;
}

declare module '../../platform/db/schema' {
  interface DB {
    stock_alerts: StockAlertTable;
  }
}

/**
 * The reports' summary tables (migration 2026-11-26T04-30-report-summaries, decision 0023):
 * orders placed, net of cancellations, by the UTC day they were placed.
 */

export type SalesDim = 'item' | 'customer' | 'state';

export interface SalesDailyTable {
  day: string;
  orders: number;
  lines: number;
  units: number;
  merch_cents: number;
  discount_cents: number;
}

interface SalesByTable {
  dim: SalesDim;
  /** Item number, customer id or ship-to state. */
  key: string;
  /** For items: orders with the item. */
  orders: number;
  units: number;
  merch_cents: number;
  /** Items: always 0 (a coupon's discount is the order's, not a line's). */
  discount_cents: number;
}

export interface SalesByDayTable extends SalesByTable {
  day: string;
}

export interface SalesByMonthTable extends SalesByTable {
  month: string;
}

declare module '../platform/db/schema' {
  interface DB {
    sales_daily: SalesDailyTable;
    sales_by_day: SalesByDayTable;
    sales_by_month: SalesByMonthTable;
  }
}

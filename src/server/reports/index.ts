/**
 * The reports module's public face (DESIGN.md §6): what flows/ and the composition root may use.
 * It owns the sales summaries (sales_daily, sales_by_day, sales_by_month).
 */
export { rebuildSummaries } from './recount';
export { recordSales, recordSalesLast, SALES_LAST, salesCtes } from './sales-summaries';
export type { SaleChange } from './sales-summaries';
export type { ReportsContext } from './context';
export { reportsModule } from './manifest';

import { z } from 'zod';
import { orderStatusSchema } from '../order-lifecycle';
import { warehouseSchema } from './staff-session';

// A file of its own: the dashboard is the back office's first screen after sign-in, and loading the
// whole orders contract (with the cart's) for it cost its first load some kilobytes.

/** Orders placed in a span of whole UTC days (inclusive), net of cancellations, as the sales report counts them (decision 0023). */
export const dashboardSalesSchema = z.object({
  from: z.string(),
  to: z.string(),
  orders: z.number().int(),
  /** Merchandise less coupon discounts, in cents (shipping and tax are not sales). */
  salesCents: z.number().int(),
});
export type DashboardSales = z.infer<typeof dashboardSalesSchema>;

/**
 * `GET /beapi/Admin/Dashboard`, shaped by the permission table and the member's warehouse: a figure
 * is left out when the member cannot act on it (no "To accept" without orders:write), and a member
 * limited to one warehouse gets that warehouse's figures only.
 */
export const dashboardSchema = z.object({
  /** The warehouses whose work the member sees: both, or the one they are limited to. */
  warehouses: z.array(warehouseSchema),
  /** Orders to accept (orders:write). */
  toAccept: z.number().int().optional(),
  /** Orders on hold (orders:write). */
  onHold: z.number().int().optional(),
  /** Orders with units to ship, at each warehouse the member sees (orders:read). */
  toShip: z.object({ west: z.number().int().optional(), east: z.number().int().optional() }).optional(),
  /** Orders with backordered units, not on hold, cancelled or closed (orders:read, both warehouses). */
  backorderedOrders: z.number().int().optional(),
  /** Items low at a warehouse the member sees (stock:read); a limited member's rows carry their warehouse only. */
  lowStock: z.array(z.object({ invNum: z.string(), title: z.string(), west: z.number().int().optional(), east: z.number().int().optional() })).optional(),
  byStatus: z.record(orderStatusSchema, z.number().int()).optional(),
  /**
   * Orders and sales (reports:read): today and this week (Monday to today, UTC), each against the
   * same weekdays of last week (the same weekday; Monday to that weekday), whole days.
   */
  sales: z
    .object({ today: dashboardSalesSchema, sameDayLastWeek: dashboardSalesSchema, thisWeek: dashboardSalesSchema, sameDaysLastWeek: dashboardSalesSchema })
    .optional(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

import { z } from 'zod';
import { invNumParam } from './cart';

/**
 * Back-in-stock alerts (DESIGN.md §7 "Buying faster", decision 0041): a signed-in buyer asks
 * for one mail when an item out of stock at both warehouses can be ordered again.
 * `POST /beapi/Shop/NotifyWhenInStock/{invNum}` starts one (201; 200 with the same alert when it
 * already waits), `DELETE` stops it (204; 404 when none waits), `GET /beapi/Shop/NotifyWhenInStock`
 * lists the buyer's waiting alerts, newest first.
 */

export const STOCK_ALERT_MESSAGES = {
  inStock: 'This item is in stock now: order it',
  notFound: 'Item not found',
  noAlert: 'You have no alert for this item',
} as const;

export const stockAlertParams = z.object({ invNum: invNumParam });

export const stockAlertSchema = z.object({
  invNum: z.string(),
  title: z.string(),
  /** When the buyer asked (ISO time). */
  createdAt: z.string(),
});
export type StockAlert = z.infer<typeof stockAlertSchema>;

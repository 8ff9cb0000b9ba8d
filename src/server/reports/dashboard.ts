import type { Dashboard, DashboardSales } from '../../contract/admin/dashboard';
import { ORDER_STATUSES } from '../../contract/admin/orders';
import type { Permission } from '../../contract/admin/permissions';
import { type Db, readCounts } from '../orders';
import { addDays } from './ranges';
import * as q from './queries';

type Warehouse = 'west' | 'east';

/** Who asks: what the permission table lets them do, and the one warehouse they may be limited to. */
export interface DashboardViewer {
  can: (permission: Permission) => boolean;
  warehouse: Warehouse | null;
}

export interface DashboardSources {
  db: Db;
  lowStock: (warehouse: Warehouse | null) => Promise<{ invNum: string; title: string; west: number; east: number }[]>;
  /** Now, for the sales periods (a parameter so a test can name the day). */
  now?: Date;
}

/**
 * The dashboard as the viewer may act on it (DESIGN.md §5, issue 29): the order figures from
 * `order_counts` and the sales from `sales_daily` (two small reads, whatever the number of orders),
 * the low stock from the stock feed's in-memory table. A figure the viewer cannot act on is left
 * out; a member limited to one warehouse sees that warehouse's figures only.
 */
export async function dashboardFor(viewer: DashboardViewer, sources: DashboardSources): Promise<Dashboard> {
  const warehouses: Warehouse[] = viewer.warehouse ? [viewer.warehouse] : ['west', 'east'];
  const seesOrders = viewer.can('orders:read');
  const [counts, low, sales] = await Promise.all([
    seesOrders ? readCounts(sources.db) : null,
    viewer.can('stock:read') ? sources.lowStock(viewer.warehouse) : null,
    viewer.can('reports:read') ? dashboardSales(sources.db, sources.now ?? new Date()) : null,
  ]);
  const n = (key: string) => counts?.get(key) ?? 0;
  const out: Dashboard = { warehouses };
  if (counts && viewer.can('orders:write')) {
    out.toAccept = n('status:received');
    out.onHold = n('status:on_hold');
  }
  if (counts) out.toShip = Object.fromEntries(warehouses.map((w) => [w, n(`ship:${w}`)]));
  // Backorders and the status counts are of both warehouses: not a limited member's work.
  if (counts && !viewer.warehouse) {
    out.backorderedOrders = n('backordered');
    out.byStatus = Object.fromEntries(ORDER_STATUSES.map((s) => [s, n(`status:${s}`)])) as NonNullable<Dashboard['byStatus']>;
  }
  if (low) out.lowStock = low.map((i) => ({ invNum: i.invNum, title: i.title, ...Object.fromEntries(warehouses.map((w) => [w, i[w]])) }));
  if (sales) out.sales = sales;
  return out;
}

/** Monday of the ISO week of `day` (UTC). */
export function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 Sunday … 6 Saturday
  return addDays(day, -((weekday + 6) % 7));
}

/**
 * Today and this week (Monday to today) against the same weekdays of last week: whole UTC days,
 * as the sales report counts them (orders placed, net of cancellations; merchandise less discount).
 * Today is a day in progress and is set against the whole of last week's same weekday.
 */
export async function dashboardSales(db: Db, now: Date): Promise<NonNullable<Dashboard['sales']>> {
  const today = now.toISOString().slice(0, 10);
  const monday = mondayOf(today);
  const rows = await q.salesDaily(db, { from: addDays(monday, -7), to: today });
  const span = (from: string, to: string): DashboardSales => {
    let orders = 0;
    let salesCents = 0;
    for (const r of rows) {
      if (r.day < from || r.day > to) continue;
      orders += r.orders;
      salesCents += r.merchCents - r.discountCents;
    }
    return { from, to, orders, salesCents };
  };
  const weekAgo = addDays(today, -7);
  return { today: span(today, today), sameDayLastWeek: span(weekAgo, weekAgo), thisWeek: span(monday, today), sameDaysLastWeek: span(addDays(monday, -7), weekAgo) };
}

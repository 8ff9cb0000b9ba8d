import type { Permission } from './permissions';

/**
 * The back office's screens (DESIGN.md §5) and the permission each needs: one list, read by the
 * admin app's router (which screen a path opens, behind which permission) and its navigation
 * (the screens with a label, in this order, shown to those allowed). A new screen is one entry here
 * plus its page in the router.
 */
export interface Screen {
  /** Under /admin; '' is the dashboard. */
  path: string;
  permission: Permission;
  /** The navigation's entry; none for screens reached from another (detail pages, editors). */
  label?: string;
}

export const SCREENS = {
  dashboard: { path: '', label: 'Dashboard', permission: 'dashboard:read' },
  orders: { path: 'orders', label: 'Orders', permission: 'orders:read' },
  order: { path: 'orders/:orderNum', permission: 'orders:read' },
  pick: { path: 'pick', label: 'Pick', permission: 'orders:ship' },
  customers: { path: 'customers', label: 'Customers', permission: 'customers:read' },
  customer: { path: 'customers/:id', permission: 'customers:read' },
  payments: { path: 'payments', label: 'Payments', permission: 'invoices:read' },
  reports: { path: 'reports', label: 'Reports', permission: 'reports:read' },
  priceLevels: { path: 'price-levels', label: 'Price levels', permission: 'customers:read' },
  stock: { path: 'stock', label: 'Stock', permission: 'stock:read' },
  itemStock: { path: 'stock/:invNum', permission: 'stock:read' },
  items: { path: 'items', label: 'Items', permission: 'catalogue:read' },
  newItem: { path: 'items/new', permission: 'catalogue:write' },
  item: { path: 'items/:num', permission: 'catalogue:read' },
  categories: { path: 'categories', label: 'Categories', permission: 'catalogue:read' },
  itemsImport: { path: 'items/import', label: 'Import / export', permission: 'catalogue:write' },
  coupons: { path: 'coupons', label: 'Coupons', permission: 'catalogue:read' },
  orderForms: { path: 'order-forms', label: 'Order forms', permission: 'catalogue:read' },
  orderForm: { path: 'order-forms/:masterId', permission: 'catalogue:read' },
  distributors: { path: 'distributors', label: 'Distributors', permission: 'catalogue:read' },
  pages: { path: 'pages', label: 'Pages', permission: 'catalogue:read' },
  page: { path: 'pages/:slug', permission: 'catalogue:read' },
  audit: { path: 'audit', label: 'Audit log', permission: 'audit:read' },
  staff: { path: 'staff', label: 'Staff', permission: 'staff:manage' },
  messages: { path: 'messages', label: 'Messages', permission: 'outbox:manage' },
  webhooks: { path: 'webhooks', label: 'Webhooks', permission: 'webhooks:manage' },
  webhookDeliveries: { path: 'webhooks/:id', permission: 'webhooks:manage' },
  apiKeys: { path: 'api-keys', label: 'API keys', permission: 'apikeys:manage' },
  account: { path: 'account', label: 'My account', permission: 'self' },
} as const satisfies Record<string, Screen>;

export type ScreenName = keyof typeof SCREENS;

/** The navigation: the labelled screens, in order, as links under /admin. */
export const NAV_ITEMS: { to: string; label: string; permission: Permission }[] = Object.values(SCREENS as Record<string, Screen>)
  .filter((s) => s.label !== undefined)
  .map((s) => ({ to: `/${s.path}`, label: s.label!, permission: s.permission }));

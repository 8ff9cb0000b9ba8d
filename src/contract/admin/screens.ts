import type { Permission } from './permissions';

/** The navigation's groups, in the order the sidebar shows them. */
export const NAV_GROUPS = ['Sell', 'Catalogue', 'Stock', 'Content', 'Insights', 'Settings'] as const;
export type NavGroup = (typeof NAV_GROUPS)[number];

/**
 * The back office's screens (DESIGN.md §5) and the permission each needs: one list, read by the
 * admin app's router (which screen a path opens, behind which permission) and its navigation
 * (the screens with a label, in this order, shown to those allowed). A new screen is one entry here
 * plus its page in the router.
 */
export type Screen = {
  /** Under /admin; '' is the dashboard. */
  path: string;
  permission: Permission;
} & (
  | {
      /** The navigation's entry, under its group (null: the dashboard, above the groups). */
      label: string;
      group: NavGroup | null;
    }
  | {
      /** None for screens reached from another (detail pages, editors). */
      label?: undefined;
      group?: undefined;
    }
);

export const SCREENS = {
  dashboard: { path: '', label: 'Dashboard', group: null, permission: 'dashboard:read' },
  orders: { path: 'orders', label: 'Orders', group: 'Sell', permission: 'orders:read' },
  newOrder: { path: 'orders/new', permission: 'orders:write' },
  order: { path: 'orders/:orderNum', permission: 'orders:read' },
  returns: { path: 'returns', label: 'Returns', group: 'Sell', permission: 'orders:write' },
  return: { path: 'returns/:rma', permission: 'orders:write' },
  pick: { path: 'pick', label: 'Pick', group: 'Stock', permission: 'orders:ship' },
  customers: { path: 'customers', label: 'Customers', group: 'Sell', permission: 'customers:read' },
  customer: { path: 'customers/:id', permission: 'customers:read' },
  taxCertificates: { path: 'tax-certificates', label: 'Tax certificates', group: 'Sell', permission: 'customers:read' },
  payments: { path: 'payments', label: 'Payments', group: 'Sell', permission: 'invoices:read' },
  salesTax: { path: 'sales-tax', label: 'Sales tax', group: 'Sell', permission: 'invoices:read' },
  reports: { path: 'reports', label: 'Reports', group: 'Insights', permission: 'reports:read' },
  priceLevels: { path: 'price-levels', label: 'Price levels', group: 'Sell', permission: 'customers:read' },
  stock: { path: 'stock', label: 'Stock', group: 'Stock', permission: 'stock:read' },
  itemStock: { path: 'stock/:invNum', permission: 'stock:read' },
  items: { path: 'items', label: 'Items', group: 'Catalogue', permission: 'catalogue:read' },
  newItem: { path: 'items/new', permission: 'catalogue:write' },
  item: { path: 'items/:num', permission: 'catalogue:read' },
  categories: { path: 'categories', label: 'Categories', group: 'Catalogue', permission: 'catalogue:read' },
  itemsImport: { path: 'items/import', label: 'Import / export', group: 'Catalogue', permission: 'catalogue:write' },
  searchSynonyms: { path: 'search-synonyms', label: 'Search synonyms', group: 'Catalogue', permission: 'catalogue:read' },
  coupons: { path: 'coupons', label: 'Coupons', group: 'Sell', permission: 'catalogue:read' },
  orderForms: { path: 'order-forms', label: 'Order forms', group: 'Catalogue', permission: 'catalogue:read' },
  orderForm: { path: 'order-forms/:masterId', permission: 'catalogue:read' },
  distributors: { path: 'distributors', label: 'Distributors', group: 'Content', permission: 'catalogue:read' },
  pages: { path: 'pages', label: 'Pages', group: 'Content', permission: 'catalogue:read' },
  page: { path: 'pages/:slug', permission: 'catalogue:read' },
  audit: { path: 'audit', label: 'Audit log', group: 'Insights', permission: 'audit:read' },
  staff: { path: 'staff', label: 'Staff', group: 'Settings', permission: 'staff:manage' },
  messages: { path: 'messages', label: 'Messages', group: 'Settings', permission: 'outbox:manage' },
  webhooks: { path: 'webhooks', label: 'Webhooks', group: 'Settings', permission: 'webhooks:manage' },
  webhookDeliveries: { path: 'webhooks/:id', permission: 'webhooks:manage' },
  apiKeys: { path: 'api-keys', label: 'API keys', group: 'Settings', permission: 'apikeys:manage' },
  account: { path: 'account', label: 'My account', group: 'Settings', permission: 'self' },
} as const satisfies Record<string, Screen>;

export type ScreenName = keyof typeof SCREENS;

export interface NavItem {
  to: string;
  label: string;
  permission: Permission;
  group: NavGroup | null;
}

/** The navigation: the labelled screens, in order, as links under /admin. */
export const NAV_ITEMS: NavItem[] = Object.values(SCREENS as Record<string, Screen>).flatMap((s) =>
  s.label === undefined ? [] : [{ to: `/${s.path}`, label: s.label, permission: s.permission, group: s.group }],
);

/** The navigation as the sidebar shows it: the ungrouped entries (the dashboard), then each group with its entries in screen order. */
export function navSections(items: NavItem[]): { group: NavGroup | null; items: NavItem[] }[] {
  return [null, ...NAV_GROUPS].map((group) => ({ group, items: items.filter((i) => i.group === group) })).filter((s) => s.items.length > 0);
}

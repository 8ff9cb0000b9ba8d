import type { Permission } from '../../contract/admin/permissions';

/** The navigation, each entry shown only when the session's permissions allow its screen. */
export const NAV_ITEMS: { to: string; label: string; permission: Permission }[] = [
  { to: '/', label: 'Dashboard', permission: 'dashboard:read' },
  { to: '/orders', label: 'Orders', permission: 'orders:read' },
  { to: '/customers', label: 'Customers', permission: 'customers:read' },
  { to: '/payments', label: 'Payments', permission: 'invoices:read' },
  { to: '/reports', label: 'Reports', permission: 'reports:read' },
  { to: '/price-levels', label: 'Price levels', permission: 'customers:read' },
  { to: '/stock', label: 'Stock', permission: 'stock:read' },
  { to: '/items', label: 'Items', permission: 'catalogue:read' },
  { to: '/categories', label: 'Categories', permission: 'catalogue:read' },
  { to: '/items/import', label: 'Import / export', permission: 'catalogue:write' },
  { to: '/coupons', label: 'Coupons', permission: 'catalogue:read' },
  { to: '/order-forms', label: 'Order forms', permission: 'catalogue:read' },
  { to: '/distributors', label: 'Distributors', permission: 'catalogue:read' },
  { to: '/pages', label: 'Pages', permission: 'catalogue:read' },
  { to: '/audit', label: 'Audit log', permission: 'audit:read' },
  { to: '/staff', label: 'Staff', permission: 'staff:manage' },
  { to: '/messages', label: 'Messages', permission: 'outbox:manage' },
  { to: '/webhooks', label: 'Webhooks', permission: 'webhooks:manage' },
  { to: '/api-keys', label: 'API keys', permission: 'apikeys:manage' },
  { to: '/account', label: 'My account', permission: 'self' },
];

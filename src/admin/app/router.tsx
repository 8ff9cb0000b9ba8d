import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouteError } from '../../web/app/route-error';
import type { Permission } from '../../contract/admin/permissions';
import { AdminLayout } from './layout';

/** A code-split screen behind the staff guard: signed in, and allowed `permission`. */
function screen(permission: Permission, load: () => Promise<{ default: React.ComponentType }>): Pick<RouteObject, 'lazy'> {
  return {
    lazy: async () => {
      const [{ withStaff }, page] = await Promise.all([import('./require-staff'), load()]);
      return { Component: withStaff(permission, page.default) };
    },
  };
}

const lazyPage = (load: () => Promise<{ default: React.ComponentType }>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

/** The back office's screens (DESIGN.md §5), under /admin. */
const routes: RouteObject[] = [
  { index: true, ...screen('dashboard:read', () => import('../features/dashboard/dashboard-page')) },
  { path: 'orders', ...screen('orders:read', () => import('../features/orders/orders-page')) },
  { path: 'orders/:orderNum', ...screen('orders:read', () => import('../features/orders/order-detail-page')) },
  { path: 'customers', ...screen('customers:read', () => import('../features/customers/customers-page')) },
  { path: 'customers/:id', ...screen('customers:read', () => import('../features/customers/customer-detail-page')) },
  { path: 'payments', ...screen('invoices:read', () => import('../features/payments/payments-page')) },
  { path: 'reports', ...screen('reports:read', () => import('../features/reports/reports-page')) },
  { path: 'price-levels', ...screen('customers:read', () => import('../features/price-levels/price-levels-page')) },
  { path: 'stock', ...screen('stock:read', () => import('../features/stock/stock-page')) },
  { path: 'stock/:invNum', ...screen('stock:read', () => import('../features/stock/item-stock-page')) },
  { path: 'items', ...screen('catalogue:read', () => import('../features/items/items-page')) },
  { path: 'items/new', ...screen('catalogue:write', () => import('../features/items/item-editor-page')) },
  { path: 'items/:num', ...screen('catalogue:read', () => import('../features/items/item-editor-page')) },
  { path: 'categories', ...screen('catalogue:read', () => import('../features/categories/categories-page')) },
  { path: 'items/import', ...screen('catalogue:write', () => import('../features/items-import/import-page')) },
  { path: 'coupons', ...screen('catalogue:read', () => import('../features/coupons/coupons-page')) },
  { path: 'order-forms', ...screen('catalogue:read', () => import('../features/order-forms/order-forms-page')) },
  { path: 'order-forms/:masterId', ...screen('catalogue:read', () => import('../features/order-forms/order-form-editor-page')) },
  { path: 'distributors', ...screen('catalogue:read', () => import('../features/distributors/distributors-page')) },
  { path: 'pages', ...screen('catalogue:read', () => import('../features/pages/pages-page')) },
  { path: 'pages/:slug', ...screen('catalogue:read', () => import('../features/pages/page-editor-page')) },
  { path: 'audit', ...screen('audit:read', () => import('../features/audit/audit-page')) },
  { path: 'staff', ...screen('staff:manage', () => import('../features/staff/staff-page')) },
  { path: 'messages', ...screen('outbox:manage', () => import('../features/outbox/messages-page')) },
  { path: 'webhooks', ...screen('webhooks:manage', () => import('../features/webhooks/webhooks-page')) },
  { path: 'webhooks/:id', ...screen('webhooks:manage', () => import('../features/webhooks/deliveries-page')) },
  { path: 'api-keys', ...screen('apikeys:manage', () => import('../features/api-keys/api-keys-page')) },
  { path: 'account', ...screen('self', () => import('../features/account/account-page')) },
  { path: '*', ...lazyPage(() => import('./not-found-page')) },
];

export const router = createBrowserRouter(
  [
    { path: 'signin', ErrorBoundary: RouteError, ...lazyPage(() => import('../features/session/sign-in-page')) },
    // The link of an owner's "Reset sign-in": no session needed.
    { path: 'set-password', ErrorBoundary: RouteError, ...lazyPage(() => import('../features/set-password/set-password-page')) },
    { path: '/', Component: AdminLayout, ErrorBoundary: RouteError, HydrateFallback: () => null, children: routes },
  ],
  { basename: '/admin' },
);

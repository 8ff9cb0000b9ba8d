import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouteError } from '../../web/app/route-error';
import { SCREENS, type ScreenName } from '../../contract/admin/screens';

/** A code-split screen behind the staff guard: signed in, and allowed the screen's permission (contract/admin/screens.ts). */
function screen(name: ScreenName, load: () => Promise<{ default: React.ComponentType }>): RouteObject {
  const { path, permission } = SCREENS[name];
  return {
    ...(path === '' ? { index: true } : { path }),
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
  screen('dashboard', () => import('../features/dashboard/dashboard-page')),
  screen('orders', () => import('../features/orders/orders-page')),
  screen('newOrder', () => import('../features/orders/new-order/new-order-page')),
  screen('order', () => import('../features/orders/order-detail-page')),
  screen('returns', () => import('../features/orders/returns/returns-page')),
  screen('return', () => import('../features/orders/returns/return-detail-page')),
  screen('pick', () => import('../features/orders/pick/pick-page')),
  screen('customers', () => import('../features/customers/customers-page')),
  screen('customer', () => import('../features/customers/customer-detail-page')),
  screen('taxCertificates', () => import('../features/customers/tax-certificates/tax-certificates-page')),
  screen('payments', () => import('../features/payments/payments-page')),
  screen('salesTax', () => import('../features/sales-tax/sales-tax-page')),
  screen('reports', () => import('../features/reports/reports-page')),
  screen('priceLevels', () => import('../features/price-levels/price-levels-page')),
  screen('stock', () => import('../features/stock/stock-page')),
  screen('itemStock', () => import('../features/stock/item-stock-page')),
  screen('items', () => import('../features/items/items-page')),
  screen('newItem', () => import('../features/items/item-editor-page')),
  screen('item', () => import('../features/items/item-editor-page')),
  screen('categories', () => import('../features/categories/categories-page')),
  screen('itemsImport', () => import('../features/items-import/import-page')),
  screen('searchSynonyms', () => import('../features/search-synonyms/search-synonyms-page')),
  screen('coupons', () => import('../features/coupons/coupons-page')),
  screen('orderForms', () => import('../features/order-forms/order-forms-page')),
  screen('orderForm', () => import('../features/order-forms/order-form-editor-page')),
  screen('distributors', () => import('../features/distributors/distributors-page')),
  screen('pages', () => import('../features/pages/pages-page')),
  screen('page', () => import('../features/pages/page-editor-page')),
  screen('audit', () => import('../features/audit/audit-page')),
  screen('staff', () => import('../features/staff/staff-page')),
  screen('messages', () => import('../features/outbox/messages-page')),
  screen('webhooks', () => import('../features/webhooks/webhooks-page')),
  screen('webhookDeliveries', () => import('../features/webhooks/deliveries-page')),
  screen('apiKeys', () => import('../features/api-keys/api-keys-page')),
  screen('account', () => import('../features/account/account-page')),
  { path: '*', ...lazyPage(() => import('./not-found-page')) },
];

export const router = createBrowserRouter(
  [
    { path: 'signin', ErrorBoundary: RouteError, ...lazyPage(() => import('../features/session/sign-in-page')) },
    // The link of an owner's "Reset sign-in": no session needed.
    { path: 'set-password', ErrorBoundary: RouteError, ...lazyPage(() => import('../features/set-password/set-password-page')) },
    // The shell (AppShell, navigation) loads with the first signed-in screen, not with the sign-in page.
    { path: '/', ...lazyPage(() => import('./layout').then((m) => ({ default: m.AdminLayout }))), ErrorBoundary: RouteError, HydrateFallback: () => null, children: routes },
  ],
  { basename: '/admin' },
);

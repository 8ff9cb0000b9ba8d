import type { RouteOptions } from 'fastify';
import { ADMIN_PREFIX } from '../staff';

/** The app's routes as registered (pass `collect` as buildApp's `onRoute`): the security tests are built from it. */
export interface CollectedRoute {
  method: string;
  url: string;
  schema: RouteOptions['schema'];
  /** What a /beapi/Admin route declares it needs (`config.permission`); undefined elsewhere. */
  permission: string | undefined;
}

/** A back-office route: under /beapi/Admin. */
export const isAdminRoute = (route: { url: string }): boolean => route.url === ADMIN_PREFIX || route.url.startsWith(`${ADMIN_PREFIX}/`);

export function routeCollector(): { routes: CollectedRoute[]; collect: (route: RouteOptions) => void } {
  const routes: CollectedRoute[] = [];
  const collect = (route: RouteOptions) => {
    for (const method of [route.method].flat()) {
      if (!routes.some((r) => r.method === method && r.url === route.url)) routes.push({ method, url: route.url, schema: route.schema, permission: route.config?.permission });
    }
  };
  return { routes, collect };
}

/** Routes that anyone may call (HEAD follows GET). Prices on the catalogue calls need a token (catalogue tests). */
export const PUBLIC = new Set([
  'GET /beapi/docs',
  'GET /beapi/docs/*',
  'GET /beapi/docs/json',
  'GET /beapi/docs/yaml',
  'GET /beapi/docs/static/index.html',
  'GET /beapi/docs/static/swagger-initializer.js',
  'GET /beapi/docs/static/*',
  'GET /beapi/health',
  'GET /beapi/Categories/GetMainCategories',
  'GET /beapi/Categories/GetChildCategories',
  'GET /beapi/Categories/GetCategoryInfo',
  'GET /beapi/Categories/GetNVCategories',
  'GET /beapi/Inventory/GetPagedItemsForCategory',
  'GET /beapi/Inventory/GetPagedItemsForNVCategory',
  'GET /beapi/Inventory/GetPagedItemsForNVSearch',
  'GET /beapi/Inventory/GetPagedItemsForSearch',
  'GET /beapi/Inventory/GetItemDetail',
  'GET /beapi/Inventory/LookupUpc', 'GET /beapi/Inventory/LookupItems', 'GET /beapi/Inventory/GetGrid',
  'GET /beapi/Customer/ValidateNewEmail',
  'GET /beapi/Customer/ValidateZip',
  'POST /beapi/Customer/NewAccount',
  'POST /beapi/System/Login',
  'POST /beapi/System/ForgotPassword',
  'POST /beapi/System/ResetPassword',
  'GET /beapi/System/VerifyEmail',
  'GET /beapi/System/RevertEmailChange',
  'POST /beapi/System/ContactUs',
  // The storefront's /act-as page: the one-time link's token is the proof (decision 0035).
  'POST /beapi/Customer/ActAs',
  'GET /beapi/Distributors/Search',
  'GET /beapi/Content/Pages/:slug',
  // The staff sign-in (its session is a cookie; admin-matrix.api.test.ts).
  'POST /beapi/Admin/Login',
  // Setting a password with the one-time link an owner's Reset sign-in mailed (the token is the proof).
  'POST /beapi/Admin/SetPassword',
  // Outside /beapi: generated pictures and catalogue PDFs (SRP only).
  'GET /images/items/:num',
  'GET /images/logos/:name.svg',
  'GET /images/categories/:num.svg',
  // Real product photos by content hash (photos/image-routes.ts).
  'GET /img/:file',
  'GET /catalogs/:file.pdf',
]);

export const isPublic = (r: { method: string; url: string }) => PUBLIC.has(`${r.method === 'HEAD' ? 'GET' : r.method} ${r.url}`);

/** Harmless values for path parameters, by name (back office: numbers nothing has, so a call finds nothing to change). */
export const placeholders: Record<string, string> = {
  code: 'C000001', email: 'x@example.com', invNum: '12001', coupon: 'WELCOME10', orderNum: '100001', num: '12001', name: 'latex', file: 'latex', id: '1',
  slug: 'about', masterId: 'WINTER', shipmentNum: '999999', invoiceNum: '999999', n: '100001', photoId: '999999', deliveryId: '999999',
  jobId: '00000000-0000-4000-8000-000000000000', categoryNum: '999999', sessionId: '999999', rmaNum: '999999', creditMemoNum: '999999',
};

/** Routes whose parameter needs a value of its own: the shared one would reach them only as a 400. */
const routeValues: Record<string, Record<string, string>> = {
  '/beapi/Admin/Reports/:name': { name: 'sales' },
};

/** A concrete path for a route pattern; a parameter without a value fails the test that meets it. */
export function pathFor(url: string, values: Record<string, string> = { ...placeholders, ...routeValues[url] }): string {
  return url
    .replace(/:(\w+)/g, (_m, name: string) => {
      const v = values[name];
      if (v === undefined) throw new Error(`route ${url}: no value for :${name}; add one to the security tests`);
      return encodeURIComponent(v);
    })
    .replace('*', 'anything');
}

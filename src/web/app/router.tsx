import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { Layout } from './layout/layout';
import { RouteError } from './route-error';

/** A code-split page: its module loads only when the route is visited. */
function page(load: () => Promise<{ default: React.ComponentType }>): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: (await load()).default }) };
}

/** A protected page: sign-in guard around the (code-split) page. */
function protectedPage(load: () => Promise<{ default: React.ComponentType }>): RouteObject {
  return { lazy: async () => ({ Component: (await import('./require-sign-in')).withSignIn((await load()).default) }) };
}

/**
 * Starts a page's data calls when a visitor enters it, in parallel with its code (the catalogue's
 * api module comes with the page's chunks, which the server's index.html already asks for). Never
 * waits: the page shows its own loading state. Only on entering the page: changes of its query
 * (filters, search, paging) are the page's own calls.
 */
function prefetch(run: (api: typeof import('../features/catalogue/api'), params: URLSearchParams) => void): Pick<RouteObject, 'loader' | 'shouldRevalidate'> {
  return {
    loader: ({ request }: LoaderFunctionArgs) => {
      void import('../features/catalogue/api').then((api) => run(api, new URL(request.url).searchParams));
      return null;
    },
    shouldRevalidate: ({ currentUrl, nextUrl }) => currentUrl.pathname !== nextUrl.pathname,
  };
}

/** Every route of the spec's route table (spec §2), then the not-found page for any other path. */
const routes: RouteObject[] = [
  { index: true, ...page(() => import('../features/content/home-page')) },
  { path: 'products', ...prefetch((api, params) => void api.prefetchListing(params, { pictures: true })), ...page(() => import('../features/catalogue/products-page')) },
  { path: 'productdetail', ...prefetch((api, params) => api.prefetchItemDetail(params)), ...page(() => import('../features/catalogue/product-detail-page')) },
  { path: 'categories', ...page(() => import('../features/catalogue/categories-page')) },
  { path: 'categories/:categoryNum', ...page(() => import('../features/catalogue/category-page')) },
  { path: 'order-grid/:categoryNum', ...page(() => import('../features/catalogue/grid-page')) },
  { path: 'distributors', ...page(() => import('../features/distributors/distributors-page')) },
  { path: 'about', ...page(() => import('../features/content/text-page')) },
  { path: 'aboutus', ...page(() => import('../features/content/text-page')) },
  { path: 'contactus', ...page(() => import('../features/content/contact-page')) },
  { path: 'degradability', ...page(() => import('../features/content/text-page')) },
  { path: 'terms', ...page(() => import('../features/content/text-page')) },
  { path: 'privacy', ...page(() => import('../features/content/text-page')) },
  // Cart and checkout are open to visitors (spec §2); they ask a visitor to sign in.
  { path: 'cart', ...page(() => import('../features/cart/cart-page')) },
  { path: 'checkout/suggested', ...page(() => import('../features/checkout/suggested-page')) },
  { path: 'checkout', ...page(() => import('../features/checkout/checkout-page')) },
  { path: 'checkout/complete/:orderNum', ...protectedPage(() => import('../features/checkout/complete-page')) },
  // Check Order Status (the landing page's tile).
  { path: 'orders', ...protectedPage(() => import('../features/orders/orders-page')) },
  { path: 'orders/:orderNum', ...protectedPage(() => import('../features/orders/order-page')) },
  { path: 'orders/:orderNum/return', ...protectedPage(() => import('../features/orders/return-request-page')) },
  { path: 'signin', ...page(() => import('../features/account/sign-in-page')) },
  { path: 'signup', ...page(() => import('../features/account/sign-up-page')) },
  { path: 'forgotpassword', ...page(() => import('../features/account/forgot-password-page')) },
  { path: 'forgot-password', ...page(() => import('../features/account/forgot-password-page')) },
  { path: 'resetpassword', ...page(() => import('../features/account/reset-password-page')) },
  { path: 'resetsuccessful', ...page(() => import('../features/account/reset-successful-page')) },
  { path: 'reset-successful', ...page(() => import('../features/account/reset-successful-page')) },
  // Staff viewing the shop as a customer exchange their one-time link here (decision 0035).
  { path: 'act-as', ...page(() => import('../features/account/act-as-page')) },
  // Sign-in only (spec §2, §6).
  { path: 'survey/:id', ...protectedPage(() => import('../features/survey/survey-page')) },
  { path: 'landingpage', ...protectedPage(() => import('../features/account/landing-page')) },
  { path: 'account', ...protectedPage(() => import('../features/account/profile-page')) },
  { path: 'account/editbillinginfo', ...protectedPage(() => import('../features/account/edit-billing-page')) },
  { path: 'account/editshippingaddress/:code', ...protectedPage(() => import('../features/account/edit-shipping-page')) },
  { path: 'account/editemailaddress', ...protectedPage(() => import('../features/account/edit-email-page')) },
  { path: 'account/editpassword', ...protectedPage(() => import('../features/account/edit-password-page')) },
  { path: 'account/editsecurityquestion', ...protectedPage(() => import('../features/account/edit-security-question-page')) },
  { path: 'account/manageshippingaddresses', ...protectedPage(() => import('../features/account/manage-addresses-page')) },
  { path: 'account/addshippingaddress', ...protectedPage(() => import('../features/account/add-shipping-page')) },
  // The landing page's trade tools.
  { path: 'speedlists', ...protectedPage(() => import('../features/speed-lists/speed-lists-page')) },
  { path: 'speedlists/:id', ...protectedPage(() => import('../features/speed-lists/speed-list-page')) },
  { path: 'upclookup', ...protectedPage(() => import('../features/upc-lookup/upc-lookup-page')) },
  { path: '*', ...page(() => import('./not-found-page')) },
];

export const router = createBrowserRouter([{ path: '/', Component: Layout, ErrorBoundary: RouteError, HydrateFallback: () => null, children: routes }]);

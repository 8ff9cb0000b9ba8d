/**
 * The early data script (docs/decisions/0010-front-end-speed.md). index.html loads it before the
 * app's entry (vite.config.ts, `earlyDataScript`): a few hundred bytes that start a landing page's
 * API calls while the app's JavaScript is still downloading, and preload the item's picture (the
 * page's largest paint) as soon as the answer names it. The API client (lib/api-client.ts) takes a
 * call's response from here instead of calling again, when it asks for the same path with the same
 * token. Self-contained on purpose: it imports nothing, so it stays one small file.
 * It knows the item detail page's calls and the order grid's; any other page is left to the app.
 */

/** What lib/api-client.ts reads: the calls started here, by path under /beapi. */
export interface EarlyCall {
  token: string | null;
  response: Promise<Response>;
}

declare global {
  interface Window {
    shopEarlyCalls?: Map<string, EarlyCall>;
  }
}

const TOKEN_KEY = 'shop.userToken';

/** As lib/api-client.ts: a tab where staff view the shop as a customer uses that session only. */
function storedToken(): string | null {
  try {
    const acting = sessionStorage.getItem('shop.actingAs');
    if (acting) return (JSON.parse(acting) as { token?: string }).token || null;
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

function start(calls: Map<string, EarlyCall>, path: string, token: string | null): Promise<Response> {
  const response = fetch(`/beapi${path}`, { headers: token ? { 'user-token': token } : {} });
  // A failed early call is simply made again by the app; no unhandled rejection here.
  response.catch(() => undefined);
  calls.set(path, { token, response });
  return response;
}

/**
 * A real photo's `preload`: the AVIF `srcset` the detail page's <picture> offers, in the sizes it
 * shows it at (components/picture-preload.ts, contract/photos.ts `photoSources`; a web test keeps
 * the two equal), so the browser fetches the one variant the page will show. Null for a
 * generated picture, preloaded by its address.
 */
export function photoPreload(src: string): { type: string; srcset: string; sizes: string } | null {
  const m = /^\/img\/([0-9a-f]{32})-(\d{1,4})\.jpg$/.exec(src);
  if (!m) return null;
  const largest = Number(m[2]);
  const boxes = [...[160, 320, 640, 1280].filter((b) => b < largest), largest];
  return { type: 'image/avif', srcset: boxes.map((b) => `/img/${m[1]}-${b}.avif ${b}w`).join(', '), sizes: '(max-width: 48em) 300px, 520px' };
}

function preloadPicture(src: unknown): void {
  if (typeof src !== 'string' || !src.startsWith('/')) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  const photo = photoPreload(src);
  if (photo) {
    link.type = photo.type;
    link.imageSrcset = photo.srcset;
    link.imageSizes = photo.sizes;
  } else {
    link.href = src;
  }
  link.fetchPriority = 'high';
  document.head.appendChild(link);
}

function itemDetail(params: URLSearchParams, calls: Map<string, EarlyCall>, token: string | null): void {
  const itemNum = params.get('productNum') ?? '';
  if (itemNum) {
    start(calls, `/Inventory/GetItemDetail?${new URLSearchParams({ itemNum })}`, token)
      .then((r) => (r.ok ? r.clone().json() : null))
      .then((item: { picture?: unknown } | null) => preloadPicture(item?.picture))
      .catch(() => undefined);
  }
  // The breadcrumb (features/catalogue/api.ts): the category, and the main categories its parent usually is.
  const categoryNum = Number(params.get('categoryNum'));
  if (Number.isInteger(categoryNum) && categoryNum > 0) {
    start(calls, `/Categories/GetCategoryInfo?${new URLSearchParams({ categoryNum: String(categoryNum) })}`, token);
    start(calls, '/Categories/GetMainCategories', token);
  }
}

/**
 * /order-grid/{categoryNum}?group=: the grid's call (features/catalogue/api.ts `useGrid`, the same
 * query string) and the breadcrumb's; null for any other path.
 */
export function orderGridCalls(pathname: string, search: string): string[] | null {
  const m = /^\/order-grid\/([1-9]\d{0,8})$/.exec(pathname);
  if (!m) return null;
  const query = new URLSearchParams({ categoryNum: m[1]! });
  const group = new URLSearchParams(search).get('group');
  if (group) query.append('group', group);
  return [`/Inventory/GetGrid?${query}`, `/Categories/GetCategoryInfo?categoryNum=${m[1]}`, '/Categories/GetMainCategories'];
}

const calls = new Map<string, EarlyCall>();
window.shopEarlyCalls = calls;
if (location.pathname === '/productdetail') itemDetail(new URLSearchParams(location.search), calls, storedToken());
for (const path of orderGridCalls(location.pathname, location.search) ?? []) start(calls, path, storedToken());

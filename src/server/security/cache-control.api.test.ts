import { beforeAll, describe, expect, it } from 'vitest';
import { call, newCustomer, shipToForm, type TestCustomer, withToken } from '../customers/testing';
import { withShop } from '../test-support/shop';
import { type CollectedRoute, pathFor, placeholders, routeCollector } from './route-table';

/**
 * Issue 16, finding 5: answers that depend on the caller (GetCustomerInfo, the customer JSON of
 * the ship-to and account calls) had no Cache-Control, and the token travels in a header a shared
 * cache does not key on. Generated from the app's route table: every route that reads a token
 * must answer `no-store`, or `private` with a Vary that names the token headers (the catalogue's
 * priced answers, cached on purpose). A route reads a token when it refuses to work without one,
 * or when its answer with a token differs from the anonymous one.
 */

const { routes, collect } = routeCollector();
let a: TestCustomer;
let shipToCode: string;

const { t } = withShop({ catalogue: true, coupons: true, options: { onRoute: collect } });
beforeAll(async () => {
  a = await newCustomer(t);
  shipToCode = (await call(t, { method: 'POST', url: '/Customer/NewShipto', headers: withToken(a.token), payload: shipToForm() })).body.code;
}, 60_000);

/** One query and one body that most routes accept, so that most answers below are successes. */
function requestFor(route: CollectedRoute, headers: Record<string, string>) {
  const values = { ...placeholders, code: a.customer.code, email: `new.${process.pid}@example.com`, invNum: '11002', coupon: 'WELCOME10' };
  const query = 'shiptocode=&InvNum=11002&qty=1&page=1&masterid=WINTER&upc=071234110018&nums=11002&catnum=1&itemNum=11002&searchText=red&comments=Back%20door';
  const body = route.url.endsWith('/Lines')
    ? [{ invNum: '11002', qty: 2 }]
    : { ...shipToForm({ code: shipToCode }), web: '', shipToCode: '', shippingOption: 'ground', name: `List ${Math.random()}`, password: a.password };
  return t.app.inject({
    method: route.method as 'GET',
    url: `${pathFor(route.url, values)}?${query}`,
    headers,
    remoteAddress: '10.55.0.1',
    ...(['POST', 'PUT', 'DELETE'].includes(route.method) ? { payload: body } : {}),
  });
}

function cacheSafe(headers: Record<string, unknown>): boolean {
  const cc = String(headers['cache-control'] ?? '').toLowerCase();
  if (/\bno-store\b/.test(cc)) return true;
  const vary = String(headers.vary ?? '').toLowerCase();
  return /\bprivate\b/.test(cc) && ['user-token', 'x-user-token', 'authorization'].every((h) => vary.includes(h));
}

describe('Cache-Control of every answer that depends on the caller', () => {
  it('the customer JSON of the calls named in the issue is no-store', async () => {
    const as = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => call(t, { method, url, headers: withToken(a.token), payload, remoteAddress: '10.55.0.2' });
    const answers = [
      await as('GET', '/Customer/GetCustomerInfo'),
      await as('PUT', '/Customer/UpdateDefaultShipto?shiptocode='),
      await as('POST', '/Customer/NewShipto', shipToForm()),
      await as('PUT', '/Customer/UpdateShipto', shipToForm({ code: shipToCode })),
      await as('PUT', `/Customer/updateAccount/${a.customer.code}`, { ...shipToForm(), web: '', code: a.customer.code }),
      await as('PUT', `/Customer/UpdateEmail/${encodeURIComponent(`other.${process.pid}@example.com`)}`),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 202, 201, 202, 200, 202]);
    for (const r of answers) expect(r.headers['cache-control']).toBe('no-store');
  });

  it('every route that reads a token answers no-store, or private with Vary on the token', async () => {
    const api = routes.filter((r) => r.url.startsWith('/beapi/') && r.method !== 'HEAD' && !r.url.startsWith('/beapi/docs'));
    // Logout ends the session and ConfirmPassword counts as a sign-in: they go last, with their own token.
    api.sort((x, y) => Number(x.url.endsWith('/Logout')) - Number(y.url.endsWith('/Logout')));
    const wrong: string[] = [];
    let readers = 0;
    let successes = 0;
    for (const route of api) {
      const token = route.url.endsWith('/Logout') ? (await newCustomer(t)).token : a.token;
      const anonymous = await requestFor(route, {});
      const signedIn = await requestFor(route, withToken(token));
      const readsToken = anonymous.statusCode === 401 || anonymous.body !== signedIn.body;
      if (!readsToken) continue;
      readers += 1;
      if (signedIn.statusCode < 300) successes += 1;
      if (!cacheSafe(signedIn.headers)) wrong.push(`${route.method} ${route.url}: ${signedIn.statusCode} cache-control=${String(signedIn.headers['cache-control'])} vary=${String(signedIn.headers.vary)}`);
    }
    expect(wrong).toEqual([]);
    expect(readers).toBeGreaterThan(30);
    expect(successes).toBeGreaterThan(20);
  });
});

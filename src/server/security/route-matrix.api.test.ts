import { beforeAll, describe, expect, it } from 'vitest';
import { call, login, newCustomer, shipToForm, type TestCustomer, withToken } from '../customers/testing';
import { hashToken } from '../platform/auth/tokens';
import { withShop } from '../test-support/shop';
import { type CollectedRoute, isAdminRoute, isPublic, pathFor, placeholders, routeCollector } from './route-table';

/**
 * The access-control matrix, generated from the app's own route table: every route the app
 * registers is called without a token and with a bad, an expired and a revoked one. A route
 * must either be in PUBLIC (route-table.ts) or answer 401, so a new route nobody thought about fails here.
 * The back office (/beapi/Admin) is in the first check too (no customer token opens it); its
 * roles and permissions have their own matrix (admin-matrix.api.test.ts).
 */

const { routes, collect } = routeCollector();

let a: TestCustomer;
let b: TestCustomer;

const { t } = withShop({ catalogue: true, coupons: true, options: { onRoute: collect } });
beforeAll(async () => {
  a = await newCustomer(t, { orgName: 'Alpha Party' });
  b = await newCustomer(t, { orgName: 'Bravo Secret Org' });
}, 60_000);

function request(route: CollectedRoute, headers: Record<string, string>) {
  const url = pathFor(route.url, placeholders);
  const body = ['POST', 'PUT', 'DELETE'].includes(route.method) ? { payload: {} } : {};
  return t.app.inject({ method: route.method as 'GET', url, headers, ...body });
}

describe('route table', () => {
  it('has the routes the matrix is built from', () => {
    const api = routes.filter((r) => r.url.startsWith('/beapi/'));
    expect(api.length).toBeGreaterThan(40);
    expect(routes).toContainEqual(expect.objectContaining({ method: 'POST', url: '/beapi/Shop/Checkout' }));
  });
});

describe('every route without a valid token', () => {
  async function tokens() {
    const expired = await login(t, a.email, a.password);
    await t.ctx.database.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', hashToken(expired))
      .execute();
    const revoked = await login(t, a.email, a.password);
    expect((await call(t, { method: 'GET', url: '/System/Logout', headers: withToken(revoked) })).status).toBe(204);
    return {
      none: {},
      malformed: withToken('not-a-token'),
      unknown: withToken('A'.repeat(43)),
      expired: withToken(expired),
      revoked: withToken(revoked),
      'revoked as Bearer': { authorization: `Bearer ${revoked}` },
    } as Record<string, Record<string, string>>;
  }

  it('answers 401 problem+json on every protected route, and never 401 or 5xx on a public one', async () => {
    const variants = await tokens();
    const wrong: string[] = [];
    for (const route of routes) {
      for (const [name, headers] of Object.entries(variants)) {
        const res = await request(route, headers);
        const label = `${route.method} ${route.url} (${name}): ${res.statusCode}`;
        if (isPublic(route)) {
          if (res.statusCode === 401 || res.statusCode >= 500) wrong.push(label);
        } else if (res.statusCode !== 401 || (route.method !== 'HEAD' && !String(res.headers['content-type']).startsWith('application/problem+json'))) {
          wrong.push(`${label} — neither public-listed nor 401`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('with a valid token, no protected route answers 401 (the 401s above come from the token)', async () => {
    const token = await login(t, a.email, a.password);
    // Logout (GET and HEAD) ends the session: each gets its own.
    const statuses = [];
    for (const route of routes.filter((r) => !isPublic(r) && !isAdminRoute(r))) {
      const own = route.url.endsWith('/Logout') ? await login(t, a.email, a.password) : token;
      statuses.push(`${route.method} ${route.url}: ${(await request(route, withToken(own))).statusCode}`);
    }
    expect(statuses.filter((s) => / (401|5\d\d)$/.test(s))).toEqual([]);
  });
});

describe("customer A's token against customer B's codes on every protected route", () => {
  it("reads nothing of B's and changes nothing of B's", async () => {
    const asB = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => call(t, { method, url, headers: withToken(b.token), payload });
    const bShipTo = (await asB('POST', '/Customer/NewShipto', shipToForm({ city: 'Bsecretville' }))).body.code as string;
    await asB('POST', '/Shop/AddItem?InvNum=11002&qty=2');
    const bOrder = (await asB('POST', '/Shop/Checkout', { shipToCode: bShipTo, shippingOption: 'ground', poNumber: 'BRAVO-PO-77' })).body;
    expect(bOrder.orderNum).toBeGreaterThan(0);
    await asB('POST', '/Shop/AddItem?InvNum=12001&qty=4');
    await asB('POST', '/Shop/AddCoupon/WELCOME10');
    await asB('PUT', '/Shop/UpdateOrderComments?comments=bravo-secret-comment');
    const bList = (await asB('POST', '/SpeedLists', { name: 'Bravo-secret-list' })).body;
    expect((await asB('PUT', `/SpeedLists/${bList.id}/Lines`, [{ invNum: '11002', qty: 7 }])).status).toBe(200);
    const snapshotB = async () => ({
      info: (await asB('GET', '/Customer/GetCustomerInfo')).body,
      cart: (await asB('GET', '/Shop/GetShoppingCart')).body,
      orders: (await asB('GET', '/Shop/GetOrders')).body,
      order: (await asB('GET', `/Shop/GetOrder/${bOrder.orderNum}`)).body,
      lists: (await asB('GET', '/SpeedLists')).body,
      list: (await asB('GET', `/SpeedLists/${bList.id}`)).body,
    });
    const before = await snapshotB();
    await call(t, { method: 'POST', url: '/Shop/AddItem?InvNum=30001&qty=1', headers: withToken(a.token) });

    // Every per-customer code of B: customer code, ship-to code, order number, speed-list id.
    // (Survey answers are not stored: a survey's quantities go straight into the cart.)
    const bValues = { ...placeholders, code: b.customer.code, email: b.email, invNum: '12001', coupon: 'WELCOME10', orderNum: String(bOrder.orderNum), id: String(bList.id) };
    const query = `shiptocode=${bShipTo}&InvNum=12001&qty=1&page=1`;
    const payload = { ...shipToForm({ code: bShipTo }), web: '', shipToCode: bShipTo, shippingOption: 'ground', name: 'Alpha took it' };
    const linesPayload = [{ invNum: '12001', qty: 9 }];
    const secrets = [b.email, b.customer.code, 'Bravo Secret Org', 'Bsecretville', 'BRAVO-PO-77', 'bravo-secret-comment', 'Bravo-secret-list'];

    const protectedRoutes = routes.filter((r) => !isPublic(r) && !isAdminRoute(r) && r.method !== 'HEAD');
    protectedRoutes.sort((x, y) => Number(x.url.endsWith('/Logout')) - Number(y.url.endsWith('/Logout')));
    const leaks: string[] = [];
    for (const route of protectedRoutes) {
      const url = `${pathFor(route.url, bValues)}?${query}`;
      const body = route.url.endsWith('/Lines') ? linesPayload : payload;
      const res = await t.app.inject({ method: route.method as 'GET', url, headers: withToken(a.token), ...(route.method === 'GET' ? {} : { payload: body }) });
      expect(res.statusCode, `${route.method} ${url}`).toBeLessThan(500);
      // A code of B's named in the path is unknown to A: 404, as for a code that does not exist.
      if (/:(id|orderNum)\b/.test(route.url)) expect(res.statusCode, `${route.method} ${url}`).toBe(404);
      for (const s of secrets) if (res.body.includes(s)) leaks.push(`${route.method} ${route.url} shows ${s}`);
    }
    expect(protectedRoutes.length).toBeGreaterThan(20);
    expect(leaks).toEqual([]);
    expect(await snapshotB()).toEqual(before);
  });
});

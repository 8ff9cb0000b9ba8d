import type { RouteOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, newCustomer, withToken } from '../customers/testing';
import { adminCall, type StaffSessionForTest, staffWith } from '../test-support/admin';
import { withShop } from '../test-support/shop';
import { adminSnapshot } from './admin-support';
import { bodyText, type FuzzRoute, fuzzRequest, fuzzRoute, fuzzRuns, fuzzUrl, isProblem } from './fuzz-values';

/**
 * fast-check over every /beapi/Admin route, read from the route table and its zod schemas, as an
 * owner (every permission, so each call reaches its validation and rules): hostile path
 * parameters, queries and bodies never cause a 5xx, and a refused call (4xx) is problem+json and
 * changes nothing, the audit log included. Routes other helpers add are fuzzed without edits.
 * The issue's own bad inputs are checked one by one in admin-bad-input.api.test.ts.
 */

const RUNS = 25;

const routes: FuzzRoute[] = [];
function collect(route: RouteOptions): void {
  // Logout would end the session the runs use (the matrix covers it).
  if (!route.url.startsWith('/beapi/Admin/') || route.url.endsWith('/Logout')) return;
  for (const method of [route.method].flat().filter((m) => m !== 'HEAD')) routes.push(fuzzRoute(method, route.url, route.schema));
}

let owner: StaffSessionForTest;
let values: Record<string, unknown>;

const { t } = withShop({ catalogue: true, coupons: true, options: { onRoute: collect } });
beforeAll(async () => {
  // Staff the runs may change, made before the owner, so `id` values are theirs.
  const spare = await staffWith(t, ['orders']);
  await staffWith(t, ['warehouse'], 'east');
  owner = await staffWith(t, ['owner']);
  // A real order (accepted when the route exists), so order numbers reach the rules.
  const buyer = await newCustomer(t);
  await call(t, { method: 'POST', url: '/Shop/AddItem?InvNum=12001&qty=3', headers: withToken(buyer.token) });
  await call(t, { method: 'POST', url: '/Shop/AddItem?InvNum=11002&qty=2', headers: withToken(buyer.token) });
  const order = await call(t, { method: 'POST', url: '/Shop/Checkout', headers: withToken(buyer.token), payload: { shipToCode: '', shippingOption: 'ground' } });
  expect(order.status).toBe(201);
  await adminCall(t, owner, { method: 'POST', url: `/Orders/${order.body.orderNum}/Accept` });
  values = {
    orderNum: order.body.orderNum, id: spare.id, n: order.body.orderNum, shipmentNum: 1, invoiceNum: 1, invNum: '12001', num: '12001',
    warehouse: 'west', carrier: 'ups', trackingNumber: '1Z999AA10123456784', lines: [{ lineNo: 1, qty: 1 }], lineNo: 1, qty: 1,
    reason: 'count', delta: 1, setTo: 5, note: 'fuzz', status: 'accepted', q: 'Party', sort: 'newest', page: 1, pageSize: 20,
    from: '2026-01-01', to: '2026-12-31', customer: 1, backordered: '1', orders: String(order.body.orderNum), orderNums: [order.body.orderNum], actor: 'staff', target: 'order',
    action: 'order.accept', cursor: 1, email: 'fuzz.staff@shop.test', name: 'Fuzz Staff', roles: ['orders'], active: true,
    password: 'a-long-password-1', currentPassword: 'not-the-password', newPassword: 'another-long-password', code: '123456',
    sessionId: 1, text: 'A fuzz note',
    // Categories and collections (the fixture's): a number, a parent, siblings in order, items to list.
    categoryNum: 33, parentNum: 3, description: 'Fuzz Category', seoTitle: 'Fuzz', seoDescription: 'Fuzzed', logo: '/images/logos/fuzz.svg', beCat: 'FZ',
    version: 1, moveItemsTo: 4, nums: ['11002', '30001'],
    // Content: coupons, pages, distributors, order forms.
    slug: 'about', title: 'Fuzz', markdown: '## Fuzz', kind: 'percent', percentOff: 10, amountOff: 5, minimum: 0,
    masterId: 'FUZZ', pages: [], csv: 'name,address,city,state,zip,latitude,longitude\nFuzz,1 Main St,Casper,WY,82601,42.8,-106.3',
  };
}, 60_000);

function valid(key: string): { query: string; json: unknown } | null {
  if (!(key in values)) return null;
  const v = values[key];
  return { query: Array.isArray(v) ? JSON.stringify(v) : String(v), json: v };
}

let ipSerial = 0;
const nextIp = () => `10.98.${(++ipSerial >> 8) & 255}.${ipSerial & 255}`;

describe('fuzzed input on every admin route, as the owner', () => {
  it('found the routes to fuzz', () => {
    expect(routes.length).toBeGreaterThan(8);
    expect(routes.find((r) => r.url === '/beapi/Admin/Staff' && r.method === 'POST')?.body?.keys).toContain('roles');
    expect(routes.find((r) => r.url === '/beapi/Admin/Categories/:categoryNum' && r.method === 'PUT')?.body?.keys).toContain('parentNum');
    expect(routes.find((r) => r.url === '/beapi/Admin/Categories/:categoryNum' && r.method === 'DELETE')?.query).toContain('moveItemsTo');
  });

  it('never answers 5xx; a 4xx is problem+json and changes no row, the audit log included', { timeout: 300_000 }, async () => {
    const failures: string[] = [];
    let before = await adminSnapshot(t);
    for (const route of routes) {
      await fuzzRuns(fuzzRequest(route, valid), { runs: RUNS, seed: 20261125, failures }, async (x) => {
        const url = fuzzUrl(route, x);
        const body = x.body === undefined ? undefined : bodyText(x.body, x.splice);
        const res = await t.app.inject({
          method: route.method as 'POST',
          url,
          remoteAddress: nextIp(),
          headers: { cookie: owner.cookie, 'x-csrf-token': owner.csrf, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
          ...(body === undefined ? {} : { payload: body }),
        });
        const label = `${route.method} ${url.slice(0, 200)} ${body?.slice(0, 200) ?? ''}`;
        if (res.statusCode >= 500) failures.push(`${res.statusCode} ${label}: ${res.body.slice(0, 200)}`);
        await t.ctx.outbox.drain();
        const after = await adminSnapshot(t);
        if (res.statusCode >= 400) {
          if (!isProblem(res)) failures.push(`not problem+json: ${res.statusCode} ${label}`);
          if (after !== before) failures.push(`rows changed on ${res.statusCode}: ${label}`);
        }
        if (res.headers['cache-control'] !== 'no-store') failures.push(`no no-store: ${label}`);
        before = after;
        return failures.length === 0;
      });
      if (failures.length) break;
      // The runs must not have signed the owner out or taken a role away: the rest would be 401/403.
      const me = await adminCall(t, owner, { method: 'GET', url: '/Me' });
      expect(me.status, `after ${route.method} ${route.url}`).toBe(200);
      expect(me.body.staff.roles, `after ${route.method} ${route.url}`).toContain('owner');
    }
    expect(failures).toEqual([]);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });
});

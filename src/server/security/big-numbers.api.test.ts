import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, newCustomer, type TestCustomer, withToken } from '../customers/testing';
import { type StaffSessionForTest, staffWith } from '../test-support/admin';
import { loadFixtureCatalogue } from '../catalogue/test-fixture';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { type FuzzRoute, fuzzPath, fuzzRoute } from './fuzz-values';

/**
 * Numbers past what a database integer holds, in every path parameter and every query parameter
 * of every /beapi route (buyer and back office): 2^31 (one past PostgreSQL's `integer`), 2^63 and
 * a 25-digit number. Each is refused (400) or not found (404), never a 500 from the database's
 * "out of range" (issue 27: 6 buyer and 11 admin routes answered 500 on PostgreSQL).
 */

const BIG = ['2147483648', '9223372036854775808', '1234567890123456789012345'];

const routes: FuzzRoute[] = [];
function collect(route: RouteOptions): void {
  const url = route.url;
  if (!url.startsWith('/beapi/') || url.startsWith('/beapi/docs') || /\/(Logout|Login)$/.test(url)) return;
  for (const method of [route.method].flat().filter((m) => m !== 'HEAD')) routes.push(fuzzRoute(method, url, route.schema));
}

let t: TestApp;
let buyer: TestCustomer;
let owner: StaffSessionForTest;

beforeAll(async () => {
  t = await createTestApp(async (ctx) => loadFixtureCatalogue(ctx.database.db), { onRoute: collect });
  buyer = await newCustomer(t);
  owner = await staffWith(t, ['owner']);
}, 60_000);
afterAll(() => t?.close());

let ipSerial = 0;
const nextIp = () => `10.97.${(++ipSerial >> 8) & 255}.${ipSerial & 255}`;

async function send(route: FuzzRoute, url: string): Promise<{ status: number; body: string }> {
  const admin = route.url.startsWith('/beapi/Admin');
  const unsafe = route.method !== 'GET';
  const headers: Record<string, string> = admin
    ? { cookie: owner.cookie, ...(unsafe ? { 'x-csrf-token': owner.csrf } : {}) }
    : withToken(buyer.token);
  const res = await t.app.inject({
    method: route.method as 'GET',
    url,
    remoteAddress: nextIp(),
    headers: { ...headers, ...(unsafe ? { 'content-type': 'application/json' } : {}) },
    ...(unsafe ? { payload: '{}' } : {}),
  });
  return { status: res.statusCode, body: res.body };
}

describe('numbers too big for the database', () => {
  it('found routes with path and query parameters', () => {
    expect(routes.some((r) => r.url === '/beapi/Admin/Orders/:orderNum')).toBe(true);
    expect(routes.some((r) => r.url.startsWith('/beapi/Shop/GetOrder/'))).toBe(true);
    expect(routes.some((r) => r.url === '/beapi/Admin/Audit' && r.query.includes('cursor'))).toBe(true);
  });

  it('in a path or query parameter: 400 or 404 (or what the route answers to any unknown value), never 5xx', { timeout: 240_000 }, async () => {
    const failures: string[] = [];
    for (const route of routes) {
      const params = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
      for (const big of BIG) {
        for (const p of params) {
          const url = fuzzPath(route.url, Object.fromEntries(params.map((q) => [q, q === p ? big : '1'])));
          const res = await send(route, url);
          if (res.status >= 500) failures.push(`${res.status} ${route.method} ${url}: ${res.body.slice(0, 120)}`);
        }
        for (const key of route.query) {
          const url = `${fuzzPath(route.url, Object.fromEntries(params.map((q) => [q, '1'])))}?${encodeURIComponent(key)}=${big}`;
          const res = await send(route, url);
          if (res.status >= 500) failures.push(`${res.status} ${route.method} ${url}: ${res.body.slice(0, 120)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('an order number past 2^31 is "not found" to the buyer and to staff', async () => {
    const mine = await call(t, { method: 'GET', url: '/Shop/GetOrder/2147483648', headers: withToken(buyer.token) });
    expect([400, 404]).toContain(mine.status);
    const staff = await t.app.inject({ method: 'GET', url: '/beapi/Admin/Orders/2147483648', headers: { cookie: owner.cookie } });
    expect([400, 404]).toContain(staff.statusCode);
  });

  it('a version past 2^31 in an editor body is refused as out of range (400), like every id', async () => {
    const headers = { cookie: owner.cookie, 'x-csrf-token': owner.csrf };
    const item = await t.app.inject({ method: 'GET', url: '/beapi/Admin/Items/12001', headers });
    expect(item.statusCode).toBe(200);
    const res = await t.app.inject({ method: 'PUT', url: '/beapi/Admin/Items/12001', headers, payload: { ...(item.json() as object), version: 2147483648 } });
    expect(res.statusCode, res.body).toBe(400);
  });
});

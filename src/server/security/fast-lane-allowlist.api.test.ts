import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffWith } from '../test-support/admin';
import { loadFixtureCatalogue } from '../catalogue/test-fixture';
import { FastLane } from '../platform/http/fast-lane';
import { getOverSocket } from '../test-support/over-socket';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { isAdminRoute, pathFor, routeCollector } from './route-table';

/**
 * The fast lane answers in front of every hook (auth, permissions, no-store, CORS). A route gets
 * a lane only by declaring one (`config.lane`), so which routes have one is a decision, written
 * down here: a new lane fails this test until it is added to LANES. The back office can never get one.
 */
const LANES = [
  '/beapi/Inventory/GetItemDetail',
  '/beapi/Inventory/GetPagedItemsForCategory',
  '/beapi/Inventory/GetPagedItemsForNVCategory',
  '/beapi/Inventory/GetPagedItemsForSearch',
  '/beapi/Inventory/GetPagedItemsForNVSearch',
  '/beapi/Inventory/GetGrid',
  '/beapi/Shop/GetShoppingCart',
];

const { routes, collect } = routeCollector();
let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp((ctx) => loadFixtureCatalogue(ctx.database.db), { onRoute: collect });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t?.close());

/** Spellings of admin paths the router or a proxy may treat as the back office. */
const ADMIN_SPELLINGS = [
  '/beapi/Admin/Orders',
  '/beapi/Admin',
  '/beapi/admin/Me',
  '/BEAPI/ADMIN/Staff',
  '/beapi//Admin/Audit',
  '/beapi/%41dmin/Me',
  '/beapi/%2541dmin/Me',
  '/beapi/Inventory/../Admin/Me',
  '/beapi/./Admin/Me/',
];

describe('the fast lane', () => {
  it('has exactly the decided lanes in a built app, each the lane of a GET route the app has', () => {
    expect(t.app.fastLane.paths().sort()).toEqual([...LANES].sort());
    for (const path of LANES) expect(routes.some((r) => r.method === 'GET' && r.url === path), path).toBe(true);
  });

  it('refuses to register any spelling of a back-office path, even on a lane of its own', () => {
    const lane = { query: null, answer: () => null };
    for (const path of ADMIN_SPELLINGS) {
      expect(() => t.app.fastLane.onRoute({ method: 'GET', url: path, config: { lane } } as never), path).toThrow(/back office/);
      expect(() => new FastLane().add(path, lane), path).toThrow(/back office/);
    }
    expect(t.app.fastLane.paths().sort()).toEqual([...LANES].sort());
  });

  it('gives no lane to a route that does not declare one, nor to a non-GET route', () => {
    const fresh = new FastLane();
    fresh.onRoute({ method: 'GET', url: '/beapi/Shop/GetOrders', config: {} } as never);
    fresh.onRoute({ method: 'POST', url: '/beapi/Shop/AddItem', config: { lane: { query: null, answer: () => null } } } as never);
    expect(fresh.paths()).toEqual([]);
  });

  it('never answers an admin GET over a real socket: Fastify does, with its hooks', async () => {
    const owner = await staffWith(t, ['owner']);
    const gets = routes.filter((r) => isAdminRoute(r) && r.method === 'GET');
    expect(gets.length).toBeGreaterThan(2);
    const before = t.app.fastLane.answered;
    for (const route of gets) {
      const res = await getOverSocket(base, pathFor(route.url), { cookie: owner.cookie });
      expect(res.status, route.url).toBeLessThan(500);
      expect(res.headers['cache-control'], route.url).toBe('no-store');
    }
    expect(t.app.fastLane.answered).toBe(before);
  });
});

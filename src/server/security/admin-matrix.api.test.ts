import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS, permissionsOf, ROLE_PERMISSIONS, ROLES, type Role } from '../../contract/admin/permissions';
import { STAFF_MESSAGES } from '../../contract/admin/staff';
import { newCustomer, type TestCustomer } from '../customers/testing';
import { staffWith } from '../test-support/admin';
import { loadFixtureCatalogue } from '../catalogue/test-fixture';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { auditCount, detailOf, expireStaffSession, label, sendAs, UNSAFE } from './admin-support';
import { isAdminRoute, isPublic, pathFor, routeCollector } from './route-table';

/**
 * The back office's access matrix, generated from the app's route table and the permission table
 * (src/contract/admin/permissions.ts): each /beapi/Admin route's declared `config.permission`
 * decides who gets in. Routes other helpers add later are covered without editing this file.
 */

const { routes, collect } = routeCollector();
const adminRoutes = () => routes.filter(isAdminRoute);
/** Signed-in routes, with Logout last (it ends the session the loop uses). */
const guarded = () =>
  adminRoutes()
    .filter((r) => r.permission !== 'public')
    .sort((x, y) => Number(x.url.endsWith('/Logout')) - Number(y.url.endsWith('/Logout')));

let t: TestApp;
let buyer: TestCustomer;

beforeAll(async () => {
  t = await createTestApp((ctx) => loadFixtureCatalogue(ctx.database.db), { onRoute: collect });
  buyer = await newCustomer(t);
}, 60_000);
afterAll(() => t?.close());

describe('the admin route table', () => {
  it('every admin route declares a permission from the table, and only the sign-in and the set-password link are public', () => {
    expect(adminRoutes().length).toBeGreaterThan(10);
    const known = new Set<string>([...PERMISSIONS, 'public', 'session']);
    expect(adminRoutes().filter((r) => !known.has(String(r.permission))).map(label)).toEqual([]);
    expect(adminRoutes().filter((r) => r.permission === 'public').map(label)).toEqual(['POST /beapi/Admin/Login', 'POST /beapi/Admin/SetPassword']);
    // No buyer route declares a staff permission, and no admin route is in the buyer's public list.
    expect(routes.filter((r) => !isAdminRoute(r) && r.permission !== undefined).map(label)).toEqual([]);
    expect(adminRoutes().filter((r) => isPublic(r) && r.permission !== 'public').map(label)).toEqual([]);
  });
});

describe('every admin route without a staff session', () => {
  it('answers 401 problem+json with no-store, for no cookie, a bad, expired or ended session, and any customer token', async () => {
    const ended = await staffWith(t, ['owner']);
    expect((await sendAs(t, 'POST', '/beapi/Admin/Logout', ended)).statusCode).toBe(200);
    const expired = await staffWith(t, ['owner']);
    await expireStaffSession(t, expired);
    const live = await staffWith(t, ['owner']);
    const liveToken = live.cookie.split('=')[1]!;
    const variants: Record<string, Record<string, string>> = {
      none: {},
      'malformed cookie': { cookie: 'shop_staff=not-a-token' },
      'unknown cookie': { cookie: `shop_staff=${'A'.repeat(43)}` },
      'expired session': { cookie: expired.cookie, 'x-csrf-token': expired.csrf },
      'ended session': { cookie: ended.cookie, 'x-csrf-token': ended.csrf },
      'staff token under another cookie name': { cookie: `shop_staff_x=${liveToken}`, 'x-csrf-token': live.csrf },
      'staff token as Bearer': { authorization: `Bearer ${liveToken}`, 'x-csrf-token': live.csrf },
      'customer user-token': { 'user-token': buyer.token },
      'customer x-user-token': { 'x-user-token': buyer.token },
      'customer Bearer': { authorization: `Bearer ${buyer.token}` },
      'customer token as the cookie': { cookie: `shop_staff=${buyer.token}` },
    };
    const before = await auditCount(t);
    const wrong: string[] = [];
    for (const route of guarded()) {
      for (const [name, headers] of Object.entries(variants)) {
        const res = await sendAs(t, route.method, pathFor(route.url), null, headers);
        const problem = route.method === 'HEAD' || String(res.headers['content-type']).startsWith('application/problem+json');
        if (res.statusCode !== 401 || !problem || res.headers['cache-control'] !== 'no-store') {
          wrong.push(`${label(route)} (${name}): ${res.statusCode} ${String(res.headers['cache-control'])}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(await auditCount(t)).toBe(before);
    // The live session was never used above, and still works.
    expect((await sendAs(t, 'GET', '/beapi/Admin/Me', live)).statusCode).toBe(200);
  });
});

describe('a staff session on the buyer routes', () => {
  it('is never a customer: every protected buyer route answers 401 to the cookie or its token', async () => {
    const s = await staffWith(t, ['owner']);
    const token = s.cookie.split('=')[1]!;
    const buyerRoutes = routes.filter((r) => r.url.startsWith('/beapi/') && !isAdminRoute(r) && !isPublic(r));
    expect(buyerRoutes.length).toBeGreaterThan(20);
    const ways: Record<string, string>[] = [{ cookie: s.cookie, 'x-csrf-token': s.csrf }, { 'user-token': token }, { authorization: `Bearer ${token}` }];
    const wrong: string[] = [];
    for (const route of buyerRoutes) {
      for (const headers of ways) {
        const res = await sendAs(t, route.method, pathFor(route.url), null, headers);
        if (res.statusCode !== 401) wrong.push(`${label(route)} with ${Object.keys(headers).join('+')}: ${res.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

/** Each role alone, and one pair (permissions add up). */
const CASES: Role[][] = [...ROLES.map((r) => [r]), ['warehouse', 'accounts']];

describe.each(CASES.map((roles) => ({ roles, name: roles.join('+') })))('a staff member with role $name', ({ roles }) => {
  it('gets 403 exactly on the routes whose permission the roles lack, and never 401/403/5xx on the others', async () => {
    const session = await staffWith(t, roles);
    // What the admin app is told it may do is the same table the server checks.
    expect((await sendAs(t, 'GET', '/beapi/Admin/Me', session)).json().permissions).toEqual(permissionsOf(roles));
    const has = (p: string | undefined) => p === 'session' || roles.some((r) => (ROLE_PERMISSIONS[r] as readonly string[]).includes(String(p)));
    // (Before the loop, which ends with Logout.) The reports route's placeholder is a real report: a role that may read it gets the report itself, not a 400.
    if (has('reports:read')) expect((await sendAs(t, 'GET', pathFor('/beapi/Admin/Reports/:name'), session)).statusCode).toBe(200);
    const wrong: string[] = [];
    for (const route of guarded()) {
      const res = await sendAs(t, route.method, pathFor(route.url), session);
      const why = `${label(route)} [${route.permission}]: ${res.statusCode} ${res.body.slice(0, 120)}`;
      if (res.headers['cache-control'] !== 'no-store') wrong.push(`${why} without no-store`);
      if (!has(route.permission)) {
        const ownMessage = route.method === 'HEAD' || detailOf(res) === STAFF_MESSAGES.forbidden(String(route.permission));
        if (res.statusCode !== 403 || !ownMessage) wrong.push(`${why}, expected 403`);
      } else if (res.statusCode === 401 || res.statusCode === 403 || res.statusCode >= 500) wrong.push(`${why}, expected to be let in`);
    }
    expect(wrong).toEqual([]);
  });
});

describe('unsafe admin calls from a page that is not the back office', () => {
  it('need the session’s own CSRF header and refuse another site, changing nothing', async () => {
    const owner = await staffWith(t, ['owner']);
    const other = await staffWith(t, ['owner']);
    const variants: Record<string, Record<string, string>> = {
      'no CSRF header': { 'x-csrf-token': '' },
      'a wrong CSRF header': { 'x-csrf-token': 'x'.repeat(43) },
      "another session's CSRF header": { 'x-csrf-token': other.csrf },
      'a foreign Origin': { origin: 'https://evil.example' },
      'a foreign Origin that looks alike': { origin: 'http://shop.test.evil.example' },
      'the opaque Origin of a sandboxed page': { origin: 'null' },
      'Sec-Fetch-Site cross-site': { 'sec-fetch-site': 'cross-site' },
      'Sec-Fetch-Site same-site': { 'sec-fetch-site': 'same-site' },
    };
    const unsafe = guarded().filter((r) => UNSAFE.has(r.method));
    expect(unsafe.length).toBeGreaterThan(3);
    const before = await auditCount(t);
    const wrong: string[] = [];
    for (const route of unsafe) {
      for (const [name, headers] of Object.entries(variants)) {
        const res = await sendAs(t, route.method, pathFor(route.url), owner, headers);
        if (res.statusCode !== 403 || detailOf(res) !== STAFF_MESSAGES.csrf) wrong.push(`${label(route)} (${name}): ${res.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(await auditCount(t)).toBe(before);
    // Logout was among them: refused, so the session still works; the shop's own origin is let in.
    expect((await sendAs(t, 'GET', '/beapi/Admin/Me', owner)).statusCode).toBe(200);
    const sameOrigin = await sendAs(t, 'POST', '/beapi/Admin/Logout', owner, { origin: 'http://shop.test', 'sec-fetch-site': 'same-origin' });
    expect(sameOrigin.statusCode).toBe(200);
  });
});

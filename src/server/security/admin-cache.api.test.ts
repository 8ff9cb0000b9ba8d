import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_PERMISSIONS, ROLES } from '../../contract/admin/permissions';
import { type StaffSessionForTest, staffWith } from '../test-support/admin';
import { loadFixtureCatalogue } from '../catalogue/test-fixture';
import { getOverSocket, type SocketAnswer } from '../test-support/over-socket';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { label, sendAs } from './admin-support';
import { isAdminRoute, pathFor, routeCollector } from './route-table';

/**
 * No admin answer is ever served from a cache: not the catalogue's response cache (whose hook
 * runs before auth on the buyer routes), not the fast lane, not a browser or a proxy. Each call
 * gets its own answer for its own session, the state after a change, and `no-store`.
 */

const { routes, collect } = routeCollector();
let t: TestApp;
let base: string;
const sessions: Partial<Record<(typeof ROLES)[number], StaffSessionForTest>> = {};

beforeAll(async () => {
  t = await createTestApp((ctx) => loadFixtureCatalogue(ctx.database.db), { onRoute: collect });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  for (const role of ROLES) sessions[role] = await staffWith(t, [role]);
}, 60_000);
afterAll(() => t?.close());

type Answer = SocketAnswer;

/** A GET over a real socket (through the fast lane's server) or through inject, as `session`. */
async function get(url: string, session: StaffSessionForTest | null, viaSocket: boolean, extra: Record<string, string> = {}): Promise<Answer> {
  const headers = { ...(session ? { cookie: session.cookie } : {}), ...extra };
  if (!viaSocket) {
    const res = await t.app.inject({ method: 'GET', url, headers });
    return { status: res.statusCode, headers: res.headers, body: res.body };
  }
  return getOverSocket(base, url, headers);
}

const signedInGets = () => routes.filter((r) => isAdminRoute(r) && r.method === 'GET' && r.permission !== 'public');

describe('admin answers and caches', () => {
  it('each session gets its own answer on every admin GET, whoever asked the same URL just before', async () => {
    const gets = signedInGets();
    expect(gets.length).toBeGreaterThan(2);
    const wrong: string[] = [];
    for (const viaSocket of [false, true]) {
      for (const route of gets) {
        const url = pathFor(route.url);
        // Owner first (an answer a cache could keep), then every role, nobody, and the owner again.
        const first = await get(url, sessions.owner!, viaSocket);
        for (const role of ROLES) {
          const res = await get(url, sessions[role]!, viaSocket, { 'if-none-match': String(first.headers.etag ?? '*') });
          const allowed = route.permission === 'session' || (ROLE_PERMISSIONS[role] as readonly string[]).includes(String(route.permission));
          if (allowed ? res.status === 403 || res.status === 304 || res.status !== first.status : res.status !== 403) wrong.push(`${label(route)} as ${role}: ${res.status}`);
        }
        const nobody = await get(url, null, viaSocket);
        if (nobody.status !== 401) wrong.push(`${label(route)} as nobody after the owner: ${nobody.status}`);
        const again = await get(url, sessions.owner!, viaSocket);
        if (again.status !== first.status) wrong.push(`${label(route)} as the owner again: ${again.status} (first ${first.status})`);
        for (const res of [first, nobody, again]) {
          if (res.headers['cache-control'] !== 'no-store') wrong.push(`${label(route)}: cache-control ${String(res.headers['cache-control'])}`);
          if (res.headers.etag !== undefined) wrong.push(`${label(route)}: an ETag lets a cache revalidate`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('/Me answers whoever is signed in, one after the other on the same URL', async () => {
    for (const viaSocket of [false, true]) {
      for (const role of [...ROLES, ...ROLES].reverse()) {
        const res = await get('/beapi/Admin/Me', sessions[role]!, viaSocket);
        expect(res.status).toBe(200);
        expect(JSON.parse(res.body).staff.roles).toEqual([role]);
      }
    }
  });

  it('a GET after a change answers the new state', async () => {
    for (const viaSocket of [false, true]) {
      const staffBefore = JSON.parse((await get('/beapi/Admin/Staff', sessions.owner!, viaSocket)).body) as { email: string }[];
      const auditBefore = JSON.parse((await get('/beapi/Admin/Audit', sessions.owner!, viaSocket)).body) as { items: { id: number }[] };
      const email = `cache-${viaSocket}-${Date.now()}@shop.test`;
      const added = await sendAs(t, 'POST', '/beapi/Admin/Staff', sessions.owner!, {}, { email, name: 'New One', roles: ['orders'], warehouse: null, password: 'a-long-password-1' });
      expect(added.statusCode, added.body).toBe(201);
      const staffAfter = JSON.parse((await get('/beapi/Admin/Staff', sessions.owner!, viaSocket)).body) as { email: string }[];
      expect(staffAfter.length).toBe(staffBefore.length + 1);
      expect(staffAfter.map((s) => s.email)).toContain(email);
      const auditAfter = JSON.parse((await get('/beapi/Admin/Audit', sessions.owner!, viaSocket)).body) as { items: { id: number; target: string }[] };
      expect(auditAfter.items[0]!.id).toBeGreaterThan(auditBefore.items[0]?.id ?? 0);
      expect(auditAfter.items[0]!.target).toBe(`staff:${(added.json() as { id: number }).id}`);
    }
  });

  it('answers unknown admin paths and malformed ones with no-store too', async () => {
    for (const url of ['/beapi/Admin/NoSuchRoute', '/beapi/Admin', '/beapi/admin/Me', '/beapi/Admin/Staff/%E0%A4%A']) {
      for (const viaSocket of [false, true]) {
        const res = await get(url, sessions.owner!, viaSocket);
        expect(res.status, url).toBeGreaterThanOrEqual(400);
        expect(res.headers['cache-control'], url).toBe('no-store');
      }
    }
  });

  it('answers no-store however the back office path is spelt (//beapi/Admin, /beapi//Admin, dot segments)', async () => {
    // The router forgives doubled slashes, so these reach the admin routes with the session (issue 27).
    for (const url of ['//beapi/Admin/Me', '/beapi//Admin/Me', '//beapi/Admin/Staff', '/beapi/./Admin/Me', '//beapi/Admin/NoSuchRoute']) {
      for (const viaSocket of [false, true]) {
        const res = await get(url, sessions.owner!, viaSocket);
        expect(res.headers['cache-control'], `${url} (${res.status})`).toBe('no-store');
      }
    }
    const me = await get('//beapi/Admin/Me', sessions.owner!, true);
    expect(me.status).toBe(200);
  });
});

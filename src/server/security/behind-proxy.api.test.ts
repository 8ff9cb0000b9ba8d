import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { call, newCustomer } from '../customers/testing';
import { logLines } from '../test-support/log-lines';
import { getOverSocket } from '../test-support/over-socket';
import { withShop } from '../test-support/shop';

/**
 * Behind a reverse proxy (DESIGN.md §2, decision 0040): with TRUST_PROXY naming the proxy, a
 * request from the proxy is the client its X-Forwarded-For names, over the scheme its
 * X-Forwarded-Proto names; from any other address those headers change nothing. (app.inject's
 * `remoteAddress` is the connection's peer.)
 */

const PROXY = '10.9.0.1';
const STRANGER = '192.0.2.30';
const { lines, logger } = logLines('info');
const { t } = withShop({ env: { TRUST_PROXY: `${PROXY}, 10.8.0.0/16` }, options: { logger } });

/** A request as the proxy passes it on for `client`, or as `peer` sends it itself. */
function via(peer: string, client: string, proto = 'https') {
  return { remoteAddress: peer, headers: { 'x-forwarded-for': client, 'x-forwarded-proto': proto } };
}

const signIn = (username: string, password: string, from: ReturnType<typeof via>) =>
  call(t, { method: 'POST', url: '/System/Login', payload: { username, password }, ...from });

async function newStaffMember(n: number): Promise<{ email: string; password: string }> {
  const email = `proxy-staff${n}.${process.pid}@shop.test`;
  const password = 'staff-password-1';
  await t.ctx.staff.create({ label: 'test', display: 'Shop', ip: '' }, { email, name: `Proxy ${n}`, roles: ['owner'], warehouse: null, password });
  return { email, password };
}

const staffSignIn = (who: { email: string; password: string }, from: ReturnType<typeof via>) =>
  t.app.inject({ method: 'POST', url: '/beapi/Admin/Login', payload: { email: who.email, password: who.password }, ...from } as InjectOptions);

describe('the sign-in throttle behind a trusted proxy', () => {
  it('locks out the client who guessed, not every buyer behind the proxy', async () => {
    const c = await newCustomer(t);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await signIn(c.email, `wrong ${i}`, via(PROXY, '203.0.113.7'))).status);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses[5]).toBe(429);
    // The guesser is locked out whatever the proxy; the same account from another client is not.
    expect((await signIn(c.email, c.password, via(PROXY, '203.0.113.7'))).status).toBe(429);
    expect((await signIn(c.email, c.password, via('10.8.3.4', '203.0.113.7'))).status).toBe(429);
    const other = await signIn(c.email, c.password, via(PROXY, '198.51.100.20'));
    expect(other.status).toBe(200);
    expect(other.headers['user-token']).toBeTruthy();
  });

  it('takes the address the proxy added, not one the client wrote before it', async () => {
    const c = await newCustomer(t);
    // nginx appends the peer it saw: "what the client claimed, the client".
    for (let i = 0; i < 5; i++) await signIn(c.email, `wrong ${i}`, via(PROXY, `198.51.100.${i + 1}, 203.0.113.8`));
    expect((await signIn(c.email, c.password, via(PROXY, '198.51.100.77, 203.0.113.8'))).status).toBe(429);
    expect((await signIn(c.email, c.password, via(PROXY, '203.0.113.9'))).status).toBe(200);
  });

  it('ignores X-Forwarded-For from a connection that is not a trusted proxy', async () => {
    const c = await newCustomer(t);
    // A new made-up client address each time changes nothing: the stranger is counted as itself.
    for (let i = 0; i < 5; i++) await signIn(c.email, `wrong ${i}`, via(STRANGER, `198.51.100.${i + 10}`));
    expect((await signIn(c.email, c.password, via(STRANGER, '198.51.100.99'))).status).toBe(429);
    // And it cannot lock out a client that comes through the proxy by naming its address.
    expect((await signIn(c.email, c.password, via(PROXY, '198.51.100.10'))).status).toBe(200);
  });
});

describe('per-route rate limits behind a trusted proxy', () => {
  const check = (from: ReturnType<typeof via>) => call(t, { method: 'GET', url: `/Customer/ValidateNewEmail?email=free${Math.random()}@shop.test`, ...from });

  it('count each forwarded client on its own, and a stranger as itself', async () => {
    const a: number[] = [];
    for (let i = 0; i < 31; i++) a.push((await check(via(PROXY, '203.0.113.20'))).status);
    expect(a.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(a[30]).toBe(429);
    expect((await check(via(PROXY, '203.0.113.21'))).status).toBe(200);

    const stranger: number[] = [];
    for (let i = 0; i < 31; i++) stranger.push((await check(via(STRANGER, `198.51.100.${i + 100}`))).status);
    expect(stranger[30]).toBe(429);
  });
});

describe('audit rows and log lines behind a trusted proxy', () => {
  it('name the forwarded client when the proxy is trusted, the peer when not', async () => {
    const trusted = await newStaffMember(1);
    const direct = await newStaffMember(2);
    for (const [who, from] of [
      [trusted, via(PROXY, '203.0.113.50')],
      [direct, via(STRANGER, '203.0.113.51')],
    ] as const) {
      const res = await staffSignIn(who, from);
      expect(res.statusCode).toBe(200);
      const cookie = String(res.headers['set-cookie']).split(';')[0]!;
      const csrf = (res.json() as { csrfToken: string }).csrfToken;
      const changed = await t.app.inject({
        method: 'POST',
        url: '/beapi/Admin/Me/Password',
        payload: { currentPassword: who.password, newPassword: 'staff-password-2' },
        remoteAddress: from.remoteAddress,
        headers: { ...from.headers, cookie, 'x-csrf-token': csrf },
      });
      expect(changed.statusCode).toBe(200);
    }
    const owner = await staffSignIn(await newStaffMember(3), via(PROXY, '203.0.113.52'));
    const audit = await t.app.inject({ method: 'GET', url: '/beapi/Admin/Audit?action=staff.password', headers: { cookie: String(owner.headers['set-cookie']).split(';')[0]! } });
    const ips = (audit.json() as { items: { actor: string; ip: string }[] }).items.map((r) => [r.actor.split(' ')[1], r.ip]);
    expect(ips).toContainEqual([trusted.email, '203.0.113.50']);
    expect(ips).toContainEqual([direct.email, STRANGER]);

    const logged = lines.map((l) => JSON.parse(l) as { req?: { url: string; ip: string } }).filter((l) => l.req?.url === '/beapi/Admin/Me/Password');
    expect(logged.map((l) => l.req!.ip)).toEqual(['203.0.113.50', STRANGER]);
  });
});

describe('the staff session cookie behind a trusted proxy', () => {
  it('is Secure when the client came over https, and only then', async () => {
    const who = await newStaffMember(4);
    const cookieOf = async (from: ReturnType<typeof via>) => String((await staffSignIn(who, from)).headers['set-cookie']);
    expect(await cookieOf(via(PROXY, '203.0.113.60', 'https'))).toMatch(/; Secure$/);
    expect(await cookieOf(via(PROXY, '203.0.113.60', 'http'))).not.toContain('Secure');
    // A direct connection claiming https is plain http: no Secure cookie the browser would drop.
    expect(await cookieOf(via(STRANGER, '203.0.113.60', 'https'))).not.toContain('Secure');
    // Signing out over https clears it with the same flags.
    const session = await staffSignIn(who, via(PROXY, '203.0.113.61', 'https'));
    const out = await t.app.inject({
      method: 'POST',
      url: '/beapi/Admin/Logout',
      ...via(PROXY, '203.0.113.61', 'https'),
      headers: { ...via(PROXY, '203.0.113.61', 'https').headers, cookie: String(session.headers['set-cookie']).split(';')[0]!, 'x-csrf-token': (session.json() as { csrfToken: string }).csrfToken },
    });
    expect(String(out.headers['set-cookie'])).toMatch(/Max-Age=0; Secure$/);
  });
});

describe('the fast lane behind a trusted proxy', () => {
  // On this machine the proxy is 127.0.0.1, the address a socket test connects from.
  const socketLog = logLines('info');
  const local = withShop({ catalogue: true, env: { TRUST_PROXY: '127.0.0.1' }, options: { logger: socketLog.logger } });

  it('logs the forwarded client of the item details it answers in front of Fastify', async () => {
    const base = await local.t.app.listen({ port: 0, host: '127.0.0.1' });
    const before = local.t.app.fastLane.answered;
    const res = await getOverSocket(base, '/beapi/Inventory/GetItemDetail?itemNum=11001', { 'x-forwarded-for': '198.51.100.1, 203.0.113.80' });
    expect(res.status).toBe(200);
    expect(local.t.app.fastLane.answered).toBe(before + 1);
    const line = socketLog.lines.map((l) => JSON.parse(l) as { req?: { url: string; ip: string } }).find((l) => l.req?.url.startsWith('/beapi/Inventory/GetItemDetail'));
    expect(line?.req?.ip).toBe('203.0.113.80');
  });
});

describe('with no TRUST_PROXY', () => {
  const plain = withShop();

  it('believes no forwarded header, not even from the machine itself', async () => {
    const c = await newCustomer(plain.t);
    for (let i = 0; i < 5; i++) {
      await call(plain.t, { method: 'POST', url: '/System/Login', payload: { username: c.email, password: `wrong ${i}` }, remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': `198.51.100.${i}` } });
    }
    const again = await call(plain.t, { method: 'POST', url: '/System/Login', payload: { username: c.email, password: c.password }, remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '198.51.100.200' } });
    expect(again.status).toBe(429);
  });
});

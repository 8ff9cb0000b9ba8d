import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { call, newCustomer, withToken } from '../testing';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const attempt = (username: string, password: string, remoteAddress: string) =>
  call(t, { method: 'POST', url: '/System/Login', payload: { username, password }, remoteAddress });

/** Moves every recorded failure into the past, as if the time had passed. */
async function age(ms: number): Promise<void> {
  const db = t.ctx.database.db;
  const rows = await db.selectFrom('login_failures').select(['id', 'created_at']).execute();
  for (const r of rows) {
    const earlier = new Date(Date.parse(r.created_at) - ms).toISOString();
    await db.updateTable('login_failures').set({ created_at: earlier }).where('id', '=', r.id).execute();
  }
}

describe('failed sign-in throttling', () => {
  it('answers 429 well before 30 wrong passwords, while the customer still signs in from another address', async () => {
    const c = await newCustomer(t);
    const statuses: number[] = [];
    let retryAfter: string | undefined;
    for (let i = 0; i < 30; i++) {
      const res = await attempt(c.email, `wrong guess ${i}`, '203.0.113.7');
      statuses.push(res.status);
      if (res.status === 429) {
        retryAfter ??= String(res.headers['retry-after']);
        expect(res.body.detail).toBe('Too many failed sign-in attempts. Please try again later.');
      }
    }
    const first429 = statuses.indexOf(429);
    expect(first429).toBeGreaterThan(0);
    expect(first429).toBeLessThan(29);
    expect(statuses.slice(0, first429).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(first429).every((s) => s === 429)).toBe(true);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    expect(Number(retryAfter)).toBeLessThanOrEqual(15 * 60);

    // The right password from the throttled address is refused too: no oracle for the guesser.
    expect((await attempt(c.email, c.password, '203.0.113.7')).status).toBe(429);
    const elsewhere = await attempt(c.email, c.password, '198.51.100.20');
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.headers['user-token']).toBeTruthy();
  });

  it('lets the throttled address in again once the window has passed', async () => {
    const c = await newCustomer(t);
    for (let i = 0; i < 6; i++) await attempt(c.email, 'wrong guess', '203.0.113.8');
    expect((await attempt(c.email, c.password, '203.0.113.8')).status).toBe(429);
    await age(16 * 60 * 1000);
    expect((await attempt(c.email, c.password, '203.0.113.8')).status).toBe(200);
  });

  it('throttles one address trying many accounts', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) statuses.push((await attempt(`sprayed${i}@shop.test`, 'password1', '203.0.113.9')).status);
    expect(statuses).toContain(429);
    expect(statuses.indexOf(429)).toBeLessThanOrEqual(20);
  });

  it('counts wrong current passwords on the password form like sign-ins', async () => {
    const c = await newCustomer(t);
    const change = (oldPassword: string) =>
      call(t, {
        method: 'PUT',
        url: '/Customer/UpdatePassword',
        headers: withToken(c.token),
        payload: { oldPassword, newPassword: 'new password!', reenterPassword: 'new password!' },
        remoteAddress: '203.0.113.10',
      });
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await change(`guess ${i}`)).status);
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses.slice(5)).toEqual([429, 429, 429]);
  });

  it('limits the calls that reveal registered addresses or send mail, per address', async () => {
    const check = () => call(t, { method: 'GET', url: '/Customer/ValidateNewEmail?email=probe%40shop.test', remoteAddress: '203.0.113.11' });
    for (let i = 0; i < 30; i++) expect((await check()).status).toBe(200);
    const limited = await check();
    expect(limited.status).toBe(429);
    expect(limited.headers['content-type']).toContain('application/problem+json');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('lets 21 customers behind one address sign in at the same moment: only failures count', async () => {
    // One more than the address may fail: in-flight sign-ins are not failures.
    const office = await Promise.all(Array.from({ length: 21 }, () => newCustomer(t)));
    const answers = await Promise.all(office.map((c) => attempt(c.email, c.password, '203.0.113.12')));
    expect(answers.map((a) => a.status)).toEqual(office.map(() => 200));
    expect(answers.every((a) => a.headers['user-token'])).toBe(true);
    // Wrong passwords from that address are still counted and stopped after 20.
    const statuses: number[] = [];
    for (const c of office) statuses.push((await attempt(c.email, 'not the password', '203.0.113.12')).status);
    expect(statuses).toEqual([...statuses.slice(0, 20).map(() => 401), 429]);
  }, 120_000);

  it('checks no more passwords of one account at once than its failure limit allows: a burst of 30 parallel guesses gets 5 answers', async () => {
    const c = await newCustomer(t);
    const guesses = await Promise.all(Array.from({ length: 30 }, (_, i) => attempt(c.email, `parallel guess ${i}`, '203.0.113.13')));
    const statuses = guesses.map((g) => g.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(25);
    // Five failures now: the right password from that address is refused as well.
    expect((await attempt(c.email, c.password, '203.0.113.13')).status).toBe(429);
  });

  it('keeps the counts in the database, so every process sees them', async () => {
    const rows = await t.ctx.database.db.selectFrom('login_failures').select(['account_key', 'address']).execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.address === '203.0.113.10')).toBe(true);
  });
});

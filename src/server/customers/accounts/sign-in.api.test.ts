import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { DEMO_CUSTOMER, seedDemoCustomer } from './demo-customer';
import { hashToken } from '../../platform/auth/tokens';
import { call, login, newCustomer, withToken } from '../testing';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp((ctx) => seedDemoCustomer(ctx.database.db).then(() => undefined));
});
afterAll(() => t?.close());

const { email, password } = DEMO_CUSTOMER;
const info = (headers: Record<string, string>) => call(t, { method: 'GET', url: '/Customer/GetCustomerInfo', headers });

describe('POST /System/Login', () => {
  it('answers the customer with the token in the user-token header (query parameters, as the spec)', async () => {
    const q = new URLSearchParams({ username: email, password });
    const res = await call(t, { method: 'POST', url: `/System/Login?${q}` });
    expect(res.status).toBe(200);
    expect(res.headers['user-token']).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.headers['access-control-expose-headers']).toBe('user-token');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual({
      code: 'CDEMO0001',
      orgName: 'Demo Party Supply',
      firstName: 'Dana',
      lastName: 'Buyer',
      email: 'buyer@example.com',
      addressLine1: '1450 S Van Ness Ave',
      city: 'Fresno',
      state: 'CA',
      zip: '93706',
      country: 'US',
      dayPhone: '559-555-0142',
      web: 'https://demo-party-supply.example',
      defaultShipTo: '',
      shipTo: [
        expect.objectContaining({ code: 'SDEMO0001', city: 'Mobile', state: 'AL', zip: '36602', contact: 'Marcus Reed' }),
        expect.objectContaining({ code: 'SDEMO0002', city: 'Sacramento', state: 'CA' }),
      ],
      permissions: [],
      securityQuesiton: 'In which city did you open your first shop?',
      emailVerified: true,
      pendingEmail: '',
      accountStatus: 'active',
    });
  });

  it('accepts a JSON body and a form body, and the email in any case', async () => {
    const json = await call(t, { method: 'POST', url: '/System/Login', payload: { username: 'Buyer@Example.COM', password } });
    expect(json.status).toBe(200);
    const form = await call(t, {
      method: 'POST',
      url: '/System/Login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ username: email, password }).toString(),
    });
    expect(form.status).toBe(200);
    expect(form.body.code).toBe('CDEMO0001');
  });

  it('issues a new token on every sign-in, each one usable', async () => {
    const a = await login(t, email, password);
    const b = await login(t, email, password);
    expect(a).not.toBe(b);
    expect((await info(withToken(a))).status).toBe(200);
    expect((await info(withToken(b))).status).toBe(200);
  });

  it('stores only a SHA-256 hash of the token', async () => {
    const token = await login(t, email, password);
    const rows = await t.ctx.database.db.selectFrom('sessions').select('token_hash').execute();
    expect(rows.map((r) => r.token_hash)).toContain(hashToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('answers the same 401 for a wrong password and an unknown email', async () => {
    const wrong = await call(t, { method: 'POST', url: '/System/Login', payload: { username: email, password: 'not-the-password' }, remoteAddress: '10.1.0.1' });
    const unknown = await call(t, { method: 'POST', url: '/System/Login', payload: { username: 'nobody@example.com', password: 'balloons123' }, remoteAddress: '10.1.0.2' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.headers['content-type']).toContain('application/problem+json');
    expect(wrong.body).toEqual({ type: 'about:blank', title: 'Unauthorized', status: 401, detail: 'Invalid username or password', errorMessage: 'Invalid username or password' });
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.headers['user-token']).toBeUndefined();
  });

  it.each([
    [{}, 'Email is required, Password is required'],
    [{ username: 'buyer', password }, 'Please enter a valid email address'],
    [{ username: email }, 'Password is required'],
    [{ username: email, password: '12345' }, 'Password must be at least 6 characters long'],
  ])('checks the sign-in form: %j → %s', async (payload, detail) => {
    const res = await call(t, { method: 'POST', url: '/System/Login', payload });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe(detail);
  });
});

describe('tokens on requests', () => {
  it('reads the token from user-token, X-User-Token and Authorization: Bearer', async () => {
    const token = await login(t, email, password);
    const forms: Record<string, string>[] = [{ 'user-token': token }, { 'X-User-Token': token }, { authorization: `Bearer ${token}` }];
    for (const headers of forms) {
      const res = await info(headers);
      expect(res.status).toBe(200);
      expect(res.body.email).toBe(email);
    }
  });

  it('answers 401 for a missing, malformed or unknown token', async () => {
    const bad: Record<string, string>[] = [{}, { 'user-token': 'nonsense' }, { 'user-token': 'A'.repeat(43) }, { authorization: 'Bearer ' }];
    for (const headers of bad) {
      const res = await info(headers);
      expect(res.status).toBe(401);
      expect(res.headers['content-type']).toContain('application/problem+json');
    }
  });

  it('expires a session 30 days after its last use, and slides the expiry while it is used', async () => {
    const token = await login(t, email, password);
    const db = t.ctx.database.db;
    const soon = new Date(Date.now() + 24 * 3600 * 1000).toISOString();
    await db.updateTable('sessions').set({ expires_at: soon }).where('token_hash', '=', hashToken(token)).execute();
    expect((await info(withToken(token))).status).toBe(200);
    const row = await db.selectFrom('sessions').select('expires_at').where('token_hash', '=', hashToken(token)).executeTakeFirstOrThrow();
    expect(Date.parse(row.expires_at) - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);

    const past = new Date(Date.now() - 1000).toISOString();
    await db.updateTable('sessions').set({ expires_at: past }).where('token_hash', '=', hashToken(token)).execute();
    expect((await info(withToken(token))).status).toBe(401);
  });
});

describe('GET /System/Logout', () => {
  it('revokes the token used, and only that one', async () => {
    const a = await login(t, email, password);
    const b = await login(t, email, password);
    const res = await call(t, { method: 'GET', url: '/System/Logout', headers: withToken(a) });
    expect(res.status).toBe(204);
    expect(res.body).toBeUndefined();
    expect((await info(withToken(a))).status).toBe(401);
    expect((await info(withToken(b))).status).toBe(200);
  });
});

describe('every protected call without a token', () => {
  it.each([
    ['GET', '/System/Logout'],
    ['GET', '/Customer/GetCustomerInfo'],
    ['PUT', '/Customer/updateAccount/CDEMO0001'],
    ['PUT', '/Customer/UpdateEmail/new%40example.com'],
    ['PUT', '/Customer/UpdatePassword'],
    ['PUT', '/Customer/UpdateSecurityQuestion'],
    ['PUT', '/Customer/UpdateDefaultShipto?shiptocode=SDEMO0001'],
    ['DELETE', '/Customer/DeleteShipto?shiptocode=SDEMO0002'],
    ['POST', '/Customer/NewShipto'],
    ['PUT', '/Customer/UpdateShipto'],
  ] as const)('%s %s answers 401', async (method, url) => {
    const res = await call(t, { method, url, payload: method === 'GET' || method === 'DELETE' ? undefined : {} });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ status: 401, title: 'Unauthorized' });
  });
});

describe('the demo customer', () => {
  it('is seeded once however often the seed runs', async () => {
    expect(await seedDemoCustomer(t.ctx.database.db)).toBe(false);
    const rows = await t.ctx.database.db.selectFrom('customers').select('code').where('email_key', '=', email).execute();
    expect(rows).toHaveLength(1);
  });
});

describe('a newly signed-up customer', () => {
  it('signs in with the password chosen at sign-up', async () => {
    const c = await newCustomer(t);
    const res = await info(withToken(c.token));
    expect(res.body.code).toBe(c.customer.code);
  });
});

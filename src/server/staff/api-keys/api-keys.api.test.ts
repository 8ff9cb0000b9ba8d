import { describe, expect, it } from 'vitest';
import { call, newCustomer } from '../../customers/testing';
import { adminCall, staffWith } from '../../test-support/admin';
import { withShop } from '../../test-support/shop';
import { keyCall, newApiKey } from '../testing';

const { t, staff: { owner } } = withShop({ catalogue: true, staff: { owner: 'demo owner' } });

describe('making, listing and revoking API keys', () => {
  it('shows the key once, lists it without the key (with last use), and audits both changes', async () => {
    const res = await adminCall(t, owner, { method: 'POST', url: '/ApiKeys', payload: { name: 'Accounting ERP', scopes: ['orders:read', 'orders:read', 'stock:write'] } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Accounting ERP', scopes: ['orders:read', 'stock:write'], expiresAt: null, revokedAt: null, lastUsedAt: null });
    expect(res.body.key).toMatch(/^bws_[A-Za-z0-9_-]{43}$/);
    expect(res.body.key.startsWith(res.body.prefix)).toBe(true);
    expect(res.headers['cache-control']).toBe('no-store');

    expect((await keyCall(t, res.body.key, { method: 'GET', url: '/Orders?pageSize=1' })).status).toBe(200);
    const list = await adminCall(t, owner, { method: 'GET', url: '/ApiKeys' });
    const listed = list.body.items.find((k: { id: number }) => k.id === res.body.id);
    expect(listed).toMatchObject({ name: 'Accounting ERP', prefix: res.body.prefix, lastUsedIp: '127.0.0.1' });
    expect(listed.lastUsedAt).toEqual(expect.any(String));
    expect(JSON.stringify(list.body)).not.toContain(res.body.key);
    // Stored hashed: the database does not hold the key either.
    const stored = await t.ctx.database.db.selectFrom('api_keys').selectAll().where('id', '=', res.body.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(res.body.key.slice(10));

    const revoked = await adminCall(t, owner, { method: 'DELETE', url: `/ApiKeys/${res.body.id}` });
    expect(revoked.status).toBe(200);
    expect(revoked.body.revokedAt).toEqual(expect.any(String));
    const after = await keyCall(t, res.body.key, { method: 'GET', url: '/Orders?pageSize=1' });
    expect(after.status).toBe(401);
    expect(after.headers['content-type']).toContain('application/problem+json');
    expect((await adminCall(t, owner, { method: 'DELETE', url: '/ApiKeys/999999' })).status).toBe(404);

    const audit = await t.ctx.database.db.selectFrom('audit_log').select(['action', 'actor']).where('target', '=', `apikey:${res.body.id}`).orderBy('id').execute();
    expect(audit).toEqual([
      { action: 'apikey.create', actor: expect.stringMatching(/^staff:\d+ owner@/) },
      { action: 'apikey.revoke', actor: expect.stringMatching(/^staff:\d+ owner@/) },
    ]);
  });

  it('lets owners and managers make keys, no other role, and refuses bad bodies', async () => {
    const manager = await staffWith(t, ['manager']);
    expect((await adminCall(t, manager, { method: 'POST', url: '/ApiKeys', payload: { name: 'Stock feed', scopes: ['stock:write'] } })).status).toBe(201);
    for (const role of ['orders', 'warehouse', 'catalogue', 'accounts'] as const) {
      const s = await staffWith(t, [role]);
      expect((await adminCall(t, s, { method: 'POST', url: '/ApiKeys', payload: { name: 'x', scopes: ['orders:read'] } })).status, role).toBe(403);
      expect((await adminCall(t, s, { method: 'GET', url: '/ApiKeys' })).status, role).toBe(403);
    }
    const bad = [{ name: '', scopes: ['orders:read'] }, { name: 'x', scopes: [] }, { name: 'x', scopes: ['staff:manage'] }, { name: 'x', scopes: ['orders:read'], expiresAt: '2001-01-01T00:00:00Z' }];
    for (const payload of bad) expect((await adminCall(t, owner, { method: 'POST', url: '/ApiKeys', payload })).status, JSON.stringify(payload)).toBe(400);
  });
});

describe('calls with an API key', () => {
  it('needs no CSRF header, and is refused (403) outside its scopes', async () => {
    const { key } = await newApiKey(t, owner, ['orders:read']);
    expect((await keyCall(t, key, { method: 'GET', url: '/Orders' })).status).toBe(200);
    expect((await keyCall(t, key, { method: 'GET', url: '/Stock?q=11002' })).status).toBe(403);
    expect((await keyCall(t, key, { method: 'POST', url: '/Orders/Accept', payload: { orderNums: [1] } })).status).toBe(403);
    const stockKey = await newApiKey(t, owner, ['stock:write']);
    const adjusted = await keyCall(t, stockKey.key, { method: 'POST', url: '/Stock/Adjust', payload: { invNum: '11002', warehouse: 'west', delta: 3, reason: 'received' } });
    expect(adjusted.status).toBe(200);
    // The key is the actor of what it changes.
    const audit = await t.ctx.database.db.selectFrom('audit_log').select('actor').where('action', '=', 'stock.adjust').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(audit.actor).toBe(`apikey:${stockKey.id} ERP stock:write`);
    expect((await keyCall(t, stockKey.key, { method: 'GET', url: '/Orders' })).status).toBe(403);
  });

  it('never reaches a staff-only route: own account, staff, audit, API keys', async () => {
    const { key } = await newApiKey(t, owner, ['orders:read', 'orders:write', 'stock:write', 'catalogue:write', 'customers:read']);
    for (const [method, url] of [['GET', '/Me'], ['POST', '/Logout'], ['GET', '/Staff'], ['GET', '/Audit'], ['GET', '/ApiKeys'], ['POST', '/ApiKeys'], ['DELETE', '/ApiKeys/1']] as const) {
      const res = await keyCall(t, key, { method, url, ...(method === 'POST' ? { payload: { name: 'x', scopes: ['orders:read'] } } : {}) });
      expect(res.status, `${method} ${url}`).toBe(403);
    }
  });

  it('answers 401 for an unknown, malformed, expired or revoked key', async () => {
    const expired = await newApiKey(t, owner, ['orders:read'], { expiresAt: new Date(Date.now() + 60_000).toISOString() });
    await t.ctx.database.db.updateTable('api_keys').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', expired.id).execute();
    const { key } = await newApiKey(t, owner, ['orders:read']);
    for (const bad of [expired.key, `${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`, 'bws_nope', 'not-a-key', '']) {
      const res = await keyCall(t, bad, { method: 'GET', url: '/Orders' });
      expect(res.status, bad).toBe(401);
    }
  });

  it('is never accepted on a buyer call', async () => {
    const { key } = await newApiKey(t, owner, ['orders:read', 'customers:read']);
    const bearer = { authorization: `Bearer ${key}` };
    expect((await call(t, { method: 'GET', url: '/Customer/GetCustomerInfo', headers: bearer })).status).toBe(401);
    expect((await call(t, { method: 'GET', url: '/Shop/GetOrders', headers: bearer })).status).toBe(401);
    expect((await call(t, { method: 'GET', url: '/Customer/GetCustomerInfo', headers: { 'user-token': key } })).status).toBe(401);
    // And a buyer's token is not a key.
    const buyer = await newCustomer(t);
    expect((await keyCall(t, buyer.token, { method: 'GET', url: '/Orders' })).status).toBe(401);
  });

  it('is rate limited per key: past the minute\'s calls, 429 with Retry-After; another key goes on', async () => {
    const busy = await newApiKey(t, owner, ['orders:read']);
    const other = await newApiKey(t, owner, ['orders:read']);
    let last = 0;
    for (let i = 0; i < 600; i++) last = (await keyCall(t, busy.key, { method: 'GET', url: '/Orders/999999' })).status;
    expect(last).toBe(404);
    const limited = await keyCall(t, busy.key, { method: 'GET', url: '/Orders/999999' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await keyCall(t, other.key, { method: 'GET', url: '/Orders/999999' })).status).toBe(404);
  });
});

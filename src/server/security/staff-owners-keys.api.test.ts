import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, staffLogin, type StaffSessionForTest } from '../test-support/admin';
import { keyCall, newApiKey } from '../staff/testing';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { newMember, STAFF_PASSWORD } from './staff-support';

/**
 * Issue 27, finding 10: the last two owners demoted at the same moment both succeeded on
 * PostgreSQL (no owner left); an API key outlived the member who made it.
 */

let t: TestApp;
beforeAll(async () => {
  // No demo staff: the owners here are the only ones.
  t = await createTestApp();
});
afterAll(() => t?.close());

async function activeOwners(): Promise<number[]> {
  const rows = await t.ctx.database.db.selectFrom('staff').select(['id', 'roles']).where('active', '=', 1).execute();
  return rows.filter((r) => (JSON.parse(r.roles) as string[]).includes('owner')).map((r) => r.id);
}

describe('the last owners, changed at the same moment', () => {
  it('two owners demoting each other, or themselves, or deactivating each other at once: one change is 409 and an owner is left, every time', async () => {
    let survivor: { id: number; session: StaffSessionForTest } | null = null;
    const ways = [
      (by: { session: StaffSessionForTest }, target: number) => adminCall(t, by.session, { method: 'PUT', url: `/Staff/${target}`, payload: { roles: ['manager'] } }),
      (by: { session: StaffSessionForTest }, target: number) => adminCall(t, by.session, { method: 'PUT', url: `/Staff/${target}`, payload: { active: false } }),
    ];
    for (let round = 0; round < 8; round++) {
      const a: { id: number; session: StaffSessionForTest } = survivor ?? (await newMember(t, ['owner']));
      const b = await newMember(t, ['owner']);
      expect((await activeOwners()).sort()).toEqual([a.id, b.id].sort());
      const change = ways[round % 2]!;
      // Even rounds: each demotes the other; odd rounds: each deactivates the other; every third round, each demotes itself.
      const own = round % 3 === 2;
      const answers = await Promise.all([change(a, own ? a.id : b.id), change(b, own ? b.id : a.id)]);
      // One change wins. The other is 409, or, when the winner changed the other owner and so ended
      // that owner's sessions before its request was even let in, 401: either way it changed nothing.
      const refusedAs = own ? [409] : [409, 401];
      const statuses = answers.map((r) => r.status).sort();
      expect(statuses[0], `round ${round}: ${JSON.stringify(answers.map((r) => r.body))}`).toBe(200);
      expect(refusedAs, `round ${round}: ${JSON.stringify(answers.map((r) => r.body))}`).toContain(statuses[1]);
      const left = await activeOwners();
      expect(left).toHaveLength(1);
      const keeper: { id: number; session: StaffSessionForTest } = left[0] === a.id ? a : b;
      // The one left may have lost its sessions only if it was the target of the change that won: it was not.
      survivor = { id: keeper.id, session: keeper.session };
      expect((await adminCall(t, survivor.session, { method: 'GET', url: '/Staff' })).status).toBe(200);
    }
  });
});

describe('API keys bounded by the member who made them', () => {
  it('a demoted maker’s key keeps only the scopes the maker still holds, checked at each call', async () => {
    const owner = await newMember(t, ['owner']);
    const maker = await newMember(t, ['manager']);
    const key = await newApiKey(t, maker.session, ['orders:read', 'customers:read', 'stock:write']);
    expect((await keyCall(t, key.key, { method: 'GET', url: '/Orders?pageSize=1' })).status).toBe(200);
    expect((await keyCall(t, key.key, { method: 'GET', url: '/Customers' })).status).toBe(200);

    // Warehouse staff read orders and write stock, but do not read customers.
    expect((await adminCall(t, owner.session, { method: 'PUT', url: `/Staff/${maker.id}`, payload: { roles: ['warehouse'] } })).status).toBe(200);
    expect((await keyCall(t, key.key, { method: 'GET', url: '/Orders?pageSize=1' })).status).toBe(200);
    const customers = await keyCall(t, key.key, { method: 'GET', url: '/Customers' });
    expect(customers.status).toBe(403);
    expect(customers.headers['content-type']).toContain('application/problem+json');
    const listed = (await adminCall(t, owner.session, { method: 'GET', url: '/ApiKeys' })).body.items.find((k: { id: number }) => k.id === key.id);
    expect(listed).toMatchObject({ scopes: ['orders:read', 'customers:read', 'stock:write'], activeScopes: ['orders:read', 'stock:write'] });

    // Made a manager again: the key may do what it was made for again.
    expect((await adminCall(t, owner.session, { method: 'PUT', url: `/Staff/${maker.id}`, payload: { roles: ['manager'] } })).status).toBe(200);
    expect((await keyCall(t, key.key, { method: 'GET', url: '/Customers' })).status).toBe(200);
  });

  it('a deactivated maker’s keys answer 401, are revoked (reactivating does not bring them back), and the audit row says so', async () => {
    const owner = await newMember(t, ['owner']);
    const maker = await newMember(t, ['manager']);
    const key = await newApiKey(t, maker.session, ['orders:read']);
    const other = await newApiKey(t, owner.session, ['orders:read']);
    expect((await keyCall(t, key.key, { method: 'GET', url: '/Orders?pageSize=1' })).status).toBe(200);

    const off = await adminCall(t, owner.session, { method: 'PUT', url: `/Staff/${maker.id}`, payload: { active: false } });
    expect(off.status).toBe(200);
    const refused = await keyCall(t, key.key, { method: 'GET', url: '/Orders?pageSize=1' });
    expect(refused.status).toBe(401);
    expect(refused.headers['content-type']).toContain('application/problem+json');
    // Another member's key is untouched.
    expect((await keyCall(t, other.key, { method: 'GET', url: '/Orders?pageSize=1' })).status).toBe(200);

    const audit = await adminCall(t, owner.session, { method: 'GET', url: `/Audit?action=staff.update&target=staff:${maker.id}` });
    expect(JSON.parse(audit.body.items[0].summary)).toMatchObject({ apiKeysRevoked: 1 });

    expect((await adminCall(t, owner.session, { method: 'PUT', url: `/Staff/${maker.id}`, payload: { active: true } })).status).toBe(200);
    await staffLogin(t, maker.email, STAFF_PASSWORD);
    expect((await keyCall(t, key.key, { method: 'GET', url: '/Orders?pageSize=1' })).status).toBe(401);
  });

  it('a key whose maker was deactivated in the database directly (no revoke) is refused at use', async () => {
    const maker = await newMember(t, ['manager']);
    const key = await newApiKey(t, maker.session, ['orders:read']);
    await t.ctx.database.db.updateTable('staff').set({ active: 0 }).where('id', '=', maker.id).execute();
    expect((await keyCall(t, key.key, { method: 'GET', url: '/Orders?pageSize=1' })).status).toBe(401);
  });
});

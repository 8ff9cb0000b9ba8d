import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminCustomer } from '../../../contract/admin/customers';
import { call, linkToken, login, mailsFor, newCustomer, type TestCustomer, withToken } from '../testing';
import { adminCall, type StaffSessionForTest, staffWith } from '../../test-support/admin';
import { createTestApp, type TestApp } from '../../test-support/test-app';

/**
 * Staff correct a customer's profile (DESIGN.md §7, issue 29): names, phone, web and billing
 * address as a partial update checked like the buyer's billing form, audited before → after; a
 * new email goes through the pending-change rule of §3 (the link to the new address); the order
 * desk reads only.
 */

let t: TestApp;
let clerk: StaffSessionForTest;
let desk: StaffSessionForTest;
const tag = `p${process.pid}x`;

beforeAll(async () => {
  t = await createTestApp();
  clerk = await staffWith(t, ['accounts']);
  desk = await staffWith(t, ['orders']);
}, 60_000);
afterAll(() => t?.close());

async function idOf(c: TestCustomer): Promise<number> {
  return (await t.ctx.database.db.selectFrom('customers').select('id').where('email', '=', c.email).executeTakeFirstOrThrow()).id;
}
const detail = async (id: number): Promise<AdminCustomer> => (await adminCall(t, clerk, { method: 'GET', url: `/Customers/${id}` })).body;
const edit = (id: number, payload: Record<string, unknown>, as = clerk) => adminCall(t, as, { method: 'PUT', url: `/Customers/${id}`, payload });
const audit = (id: number) =>
  t.ctx.database.db
    .selectFrom('audit_log')
    .select(['action', 'actor', 'summary'])
    .where('target', '=', `customer:${id}`)
    .orderBy('id')
    .execute()
    .then((rows) => rows.map((r) => ({ ...r, summary: JSON.parse(String(r.summary)) })));

describe('staff edit a customer’s profile', () => {
  it('changes only the fields sent, shows them on the page and to the buyer, audits before → after and moves the version', async () => {
    const buyer = await newCustomer(t, { orgName: `Old Name ${tag}` });
    const id = await idOf(buyer);
    const res = await edit(id, {
      version: 1,
      orgName: `Skyline Party ${tag}`,
      lastName: 'Rivera',
      dayPhone: '559-555-0199',
      web: 'https://skyline.example',
      billing: { addressLine1: '400 Van Ness Ave', city: 'Fresno', zip: '93721' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    expect(res.body).toMatchObject({
      version: 2,
      orgName: `Skyline Party ${tag}`,
      firstName: 'Pat',
      lastName: 'Rivera',
      dayPhone: '559-555-0199',
      web: 'https://skyline.example',
      email: buyer.email,
      billing: { addressLine1: '400 Van Ness Ave', city: 'Fresno', state: 'CA', zip: '93721', country: 'US', dayPhone: '559-555-0199' },
    });
    // The buyer sees the corrected billing address in their own account.
    const own = await call(t, { method: 'GET', url: '/Customer/GetCustomerInfo', headers: withToken(buyer.token) });
    expect(own.body).toMatchObject({ orgName: `Skyline Party ${tag}`, addressLine1: '400 Van Ness Ave', zip: '93721', dayPhone: '559-555-0199' });
    // The list finds the new company name, not the old one.
    const found = await adminCall(t, clerk, { method: 'GET', url: `/Customers?q=${encodeURIComponent(`skyline party ${tag}`)}` });
    expect(found.body.items.map((i: { id: number }) => i.id)).toEqual([id]);
    expect((await adminCall(t, clerk, { method: 'GET', url: `/Customers?q=${encodeURIComponent(`old name ${tag}`)}` })).body.total).toBe(0);

    const rows = await audit(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.action).toBe('customer.profile');
    expect(rows[0]!.summary).toEqual({
      before: { orgName: `Old Name ${tag}`, lastName: 'Jones', dayPhone: '559-555-0100', web: '', 'billing.addressLine1': '12 Main St', 'billing.zip': '93706' },
      after: { orgName: `Skyline Party ${tag}`, lastName: 'Rivera', dayPhone: '559-555-0199', web: 'https://skyline.example', 'billing.addressLine1': '400 Van Ness Ave', 'billing.zip': '93721' },
    });

    // A page loaded before that change is told, and changes nothing.
    const stale = await edit(id, { version: 1, dayPhone: '000' });
    expect(stale.status).toBe(409);
    expect((await detail(id)).dayPhone).toBe('559-555-0199');
    // The same values again change nothing and write no audit row.
    expect((await edit(id, { version: 2, dayPhone: '559-555-0199' })).body.version).toBe(2);
    expect(await audit(id)).toHaveLength(1);
  });

  it('refuses what the buyer’s billing form refuses, naming the field, and changes nothing', async () => {
    const buyer = await newCustomer(t);
    const id = await idOf(buyer);
    const cases: [Record<string, unknown>, string][] = [
      [{ web: 'javascript:alert(1)' }, 'web'],
      [{ billing: { city: 'Fres\u0000no' } }, 'billing.city'],
      [{ billing: { addressLine1: '   ' } }, 'billing.addressLine1'],
      [{ dayPhone: '' }, 'dayPhone'],
      [{ email: 'not an address' }, 'email'],
      [{ orgName: 'x'.repeat(500) }, 'orgName'],
    ];
    for (const [payload, field] of cases) {
      const res = await edit(id, payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(Object.keys(res.body.fields ?? {}), JSON.stringify(res.body)).toContain(field);
    }
    // Without a company the customer needs both names: clearing the company and a name is refused at those fields.
    const noName = await edit(id, { orgName: '', firstName: '' });
    expect(noName.status).toBe(400);
    expect(Object.keys(noName.body.fields)).toEqual(expect.arrayContaining(['firstName', 'orgName']));
    expect((await edit(id, {})).status).toBe(400);
    // Clearing the company alone is fine: the contact's two names remain.
    expect((await edit(id, { orgName: '' })).body).toMatchObject({ orgName: '', firstName: 'Pat', lastName: 'Jones' });
    expect((await audit(id)).map((a) => a.action)).toEqual(['customer.profile']);
  });

  it('a new email waits for the link mailed to the new address; the old one stays in use and is told, with a way back', async () => {
    const buyer = await newCustomer(t);
    const id = await idOf(buyer);
    const newEmail = `moved.${tag}@shop.test`;
    const res = await edit(id, { email: newEmail });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ email: buyer.email, pendingEmail: newEmail });
    const [confirm] = await mailsFor(t, newEmail);
    expect(confirm?.subject).toBe('Please confirm your new email address');
    const notice = (await mailsFor(t, buyer.email)).at(-1);
    expect(notice?.subject).toBe('The email address of your account is being changed');
    expect(notice?.text).toContain(`Our staff entered ${newEmail}`);
    expect(notice?.text).toContain('/beapi/System/RevertEmailChange?access_token=');
    // Until the link is opened the buyer signs in with the current address.
    const second = await login(t, buyer.email, buyer.password);
    const audited = (await audit(id)).at(-1)!;
    expect(audited.action).toBe('customer.email');
    expect(audited.summary).toEqual({ before: { email: buyer.email, pendingEmail: '' }, after: { email: buyer.email, pendingEmail: newEmail } });

    const opened = await t.app.inject({ method: 'GET', url: `/beapi/System/VerifyEmail?access_token=${linkToken(confirm)}` });
    expect(opened.headers.location).toBe('/signin?emailVerified=1');
    expect(await detail(id)).toMatchObject({ email: newEmail, pendingEmail: '', emailVerified: true });
    // No session asked for it: every session of the buyer ended; the new address signs in.
    expect((await call(t, { method: 'GET', url: '/Customer/GetCustomerInfo', headers: withToken(second) })).status).toBe(401);
    expect((await call(t, { method: 'GET', url: '/Customer/GetCustomerInfo', headers: withToken(buyer.token) })).status).toBe(401);
    await login(t, newEmail, buyer.password);
  });

  it('entering the current address again cancels a waiting change: its link no longer works', async () => {
    const buyer = await newCustomer(t);
    const id = await idOf(buyer);
    const newEmail = `cancelled.${tag}@shop.test`;
    expect((await edit(id, { email: newEmail })).body.pendingEmail).toBe(newEmail);
    const [confirm] = await mailsFor(t, newEmail);
    const back = await edit(id, { email: buyer.email });
    expect(back.body).toMatchObject({ email: buyer.email, pendingEmail: '' });
    const opened = await t.app.inject({ method: 'GET', url: `/beapi/System/VerifyEmail?access_token=${linkToken(confirm)}` });
    expect(opened.headers.location).toBe('/signin?emailVerified=0');
    expect((await detail(id)).email).toBe(buyer.email);
    expect((await audit(id)).map((a) => a.summary.after)).toEqual([
      { email: buyer.email, pendingEmail: newEmail },
      { email: buyer.email, pendingEmail: '' },
    ]);
  });

  it('an address another customer has is refused at the email field', async () => {
    const [a, b] = [await newCustomer(t), await newCustomer(t)];
    const res = await edit(await idOf(a), { email: b.email.toUpperCase() });
    expect(res.status).toBe(400);
    expect(res.body.fields).toHaveProperty('email');
    expect((await mailsFor(t, b.email)).map((m) => m.subject)).toEqual(['Welcome to the Balloon Wholesale Shop: please confirm your email address']);
    expect(await audit(await idOf(a))).toEqual([]);
  });

  it('the order desk reads customers but cannot edit them; managers and owners can', async () => {
    const buyer = await newCustomer(t);
    const id = await idOf(buyer);
    expect((await adminCall(t, desk, { method: 'GET', url: `/Customers/${id}` })).status).toBe(200);
    for (const payload of [{ dayPhone: '111' }, { email: `desk.${tag}@shop.test` }, { billing: { city: 'Reno' } }]) {
      const refused = await edit(id, payload, desk);
      expect(refused.status).toBe(403);
      expect(refused.headers['content-type']).toContain('application/problem+json');
    }
    expect(await audit(id)).toEqual([]);
    expect((await detail(id)).pendingEmail).toBe('');
    expect((await edit(id, { dayPhone: '222' }, await staffWith(t, ['manager']))).body.dayPhone).toBe('222');
    expect((await edit(id, { dayPhone: '333' }, await staffWith(t, ['owner']))).body.dayPhone).toBe('333');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminCustomer, CUSTOMER_ADMIN_MESSAGES, type CustomersPage } from '../../../contract/admin/customers';
import { call, mailsFor, newCustomer, type TestCustomer, withToken } from '../testing';
import { adminCall, type StaffSessionForTest, staffWith } from '../../test-support/admin';
import { loadFixtureCatalogue } from '../../catalogue/testing';
import { createTestApp, type TestApp } from '../../test-support/test-app';

/** The customers desk's API (DESIGN.md §5 "Customers"): list, export, detail and the staff's actions. */

let t: TestApp;
let clerk: StaffSessionForTest;
let desk: StaffSessionForTest;
let zep: TestCustomer;
let bal: TestCustomer;
/** Unique to this run, so searches find only this file's customers. */
const tag = `q${process.pid}x`;

beforeAll(async () => {
  t = await createTestApp((ctx) => loadFixtureCatalogue(ctx.database.db), {}, { SIGNUP_APPROVAL: 'on' });
  clerk = await staffWith(t, ['accounts']);
  desk = await staffWith(t, ['orders']);
  zep = await newCustomer(t, { orgName: `Zeppelin ${tag} Events`, firstName: 'Ada', lastName: 'Lovelace', zip: 'K1A 0B1', state: 'ON', country: 'CA', email: `ada.${tag}@shop.test` });
  bal = await newCustomer(t, { orgName: `Balloon_100% ${tag}`, firstName: 'Bo', lastName: 'Diddley', zip: '93706', state: 'CA', email: `bo.${tag}@shop.test` });
}, 60_000);
afterAll(() => t?.close());

async function idOf(c: TestCustomer): Promise<number> {
  return (await t.ctx.database.db.selectFrom('customers').select('id').where('email', '=', c.email).executeTakeFirstOrThrow()).id;
}
const list = async (query: string, as = clerk): Promise<CustomersPage> => {
  const res = await adminCall(t, as, { method: 'GET', url: `/Customers?${query}` });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as CustomersPage;
};
const emails = (page: CustomersPage) => page.items.map((i) => i.email).sort();
const detail = async (c: TestCustomer): Promise<AdminCustomer> => (await adminCall(t, clerk, { method: 'GET', url: `/Customers/${await idOf(c)}` })).body;
const auditOf = (id: number) => t.ctx.database.db.selectFrom('audit_log').select(['action', 'actor']).where('target', '=', `customer:${id}`).orderBy('id').execute();

describe('the customers list', () => {
  it('searches company, contact name, email and ZIP in any case, with % and _ taken literally', async () => {
    expect(emails(await list(`q=${tag.toUpperCase()}`))).toEqual([bal.email, zep.email].sort());
    expect(emails(await list(`q=zeppelin%20${tag}`))).toEqual([zep.email]);
    expect(emails(await list(`q=${encodeURIComponent(`ADA LOVELACE`)}&state=ON`))).toEqual([zep.email]);
    expect(emails(await list(`q=${encodeURIComponent(`BO.${tag}@`)}`))).toEqual([bal.email]);
    expect(emails(await list(`q=${encodeURIComponent('k1a 0b')}`))).toEqual([zep.email]);
    expect(emails(await list(`q=${encodeURIComponent(`_100% ${tag}`)}`))).toEqual([bal.email]);
    expect((await list(`q=${encodeURIComponent(`%${tag}`)}`)).total).toBe(0);
  });

  it('filters by status and state, pages newest first, and shows each row’s contact and orders', async () => {
    const page = await list(`q=${tag}&status=pending&pageSize=1`);
    expect(page).toMatchObject({ total: 2, page: 1, pageSize: 1 });
    expect(page.items[0]).toEqual({
      id: await idOf(bal),
      code: bal.customer.code,
      orgName: `Balloon_100% ${tag}`,
      email: bal.email,
      contact: 'Bo Diddley',
      zip: '93706',
      state: 'CA',
      status: 'pending',
      priceLevelId: null,
      balance: 0,
      invoicedDue: 0,
      onOpenOrders: 0,
      lastOrderAt: null,
      orderCount: 0,
    });
    expect(emails(await list(`q=${tag}&status=pending&page=2&pageSize=1`))).toEqual([zep.email]);
    // Past the last page: no rows, the count still right.
    expect(await list(`q=${tag}&status=pending&page=3&pageSize=1`)).toMatchObject({ items: [], total: 2 });
    expect(emails(await list(`q=${tag}&state=ca`))).toEqual([bal.email]);
    expect((await list(`q=${tag}&status=suspended`)).total).toBe(0);
  });

  it('finds a customer by the name they changed to, and no longer by the old one', async () => {
    const buyer = await newCustomer(t, { orgName: `Before ${tag}` });
    const billing = { orgName: `After ${tag}`, firstName: 'Pat', lastName: 'Jones', country: 'US', addressLine1: '12 Main St', city: 'Fresno', state: 'CA', zip: '93706', dayPhone: '559-555-0100', web: '' };
    const res = await call(t, { method: 'PUT', url: `/Customer/updateAccount/${buyer.customer.code}`, headers: withToken(buyer.token), payload: billing });
    expect(res.status).toBe(200);
    expect(emails(await list(`q=${encodeURIComponent(`after ${tag}`)}`))).toEqual([buyer.email]);
    expect((await list(`q=${encodeURIComponent(`before ${tag}`)}`)).total).toBe(0);
  });

  it('counts orders and the last one', async () => {
    const buyer = await newCustomer(t, { orgName: `Orders ${tag}` });
    await adminCall(t, clerk, { method: 'PUT', url: `/Customers/${await idOf(buyer)}`, payload: { status: 'active' } });
    await call(t, { method: 'POST', url: '/Shop/AddItem?InvNum=12001&qty=3', headers: withToken(buyer.token) });
    const order = await call(t, { method: 'POST', url: '/Shop/Checkout', headers: withToken(buyer.token), payload: { shipToCode: '', shippingOption: 'ground' } });
    expect(order.status).toBe(201);
    const row = (await list(`q=${encodeURIComponent(`orders ${tag}`)}`)).items[0]!;
    expect(row).toMatchObject({ orderCount: 1, status: 'active' });
    expect(row.lastOrderAt).toBe((await detail(buyer)).recentOrders[0]!.createdAt);
    // The list's balance is the customer page's: the order's open lines, not yet invoiced.
    expect(row.balance).toBeGreaterThan(0);
    expect(row.balance).toBe((await detail(buyer)).account.balance);
    expect((await detail(buyer)).recentOrders).toEqual([{ orderNum: order.body.orderNum, createdAt: expect.any(String), statusCode: 'received', total: order.body.total, originalTotal: order.body.total, cancelledTotal: 0 }]);
  });

  it('refuses bad filters with 400 problem+json', async () => {
    for (const query of ['status=closed', 'state=California', 'pageSize=0', 'pageSize=201', 'page=0', `q=${'x'.repeat(101)}`, 'q=a%0Ab']) {
      const res = await adminCall(t, clerk, { method: 'GET', url: `/Customers?${query}` });
      expect(res.status, query).toBe(400);
      expect(String(res.headers['content-type'])).toContain('application/problem+json');
    }
  });

  it('exports what the filters keep as CSV, with no secrets', async () => {
    const res = await adminCall(t, clerk, { method: 'GET', url: `/Customers/Export.csv?q=${tag}&state=ON` });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const text = String(res.body);
    const [header, ...rows] = text.trim().split('\r\n');
    expect(header!.split(',')).toContain('status');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain(zep.email);
    expect(rows[0]!.endsWith(',pending')).toBe(true);
    expect(text).not.toMatch(/argon2/);
  });
});

describe('a customer’s page', () => {
  it('shows the profile, addresses, notes and signed-in sessions, and never a hash', async () => {
    const c = await detail(zep);
    expect(c).toMatchObject({ code: zep.customer.code, status: 'pending', version: 1, orgName: `Zeppelin ${tag} Events`, email: zep.email, emailVerified: false, orderCount: 0 });
    expect(c.billing).toMatchObject({ contact: 'Ada Lovelace', zip: 'K1A 0B1', isDefault: true });
    expect(c.sessions).toHaveLength(1);
    expect(Date.parse(c.sessions[0]!.lastSeenAt)).toBeGreaterThanOrEqual(Date.parse(c.sessions[0]!.createdAt));
    expect(JSON.stringify(c)).not.toMatch(/argon2|password|securityAnswer/i);
    expect((await adminCall(t, clerk, { method: 'GET', url: '/Customers/999999' })).body.detail).toBe(CUSTOMER_ADMIN_MESSAGES.notFound(999999));
    expect((await adminCall(t, clerk, { method: 'GET', url: '/Customers/abc' })).status).toBe(400);
  });

  it('order desk staff may read it but change nothing', async () => {
    const id = await idOf(zep);
    expect((await adminCall(t, desk, { method: 'GET', url: `/Customers/${id}` })).status).toBe(200);
    expect((await adminCall(t, desk, { method: 'PUT', url: `/Customers/${id}`, payload: { status: 'active' } })).status).toBe(403);
    expect((await adminCall(t, desk, { method: 'POST', url: `/Customers/${id}/Notes`, payload: { text: 'hi' } })).status).toBe(403);
    expect((await detail(zep)).status).toBe('pending');
  });
});

describe('approve, suspend, reactivate', () => {
  it('approves a pending account once: audited, mailed, and a second approval or a stale version is 409', async () => {
    const buyer = await newCustomer(t, { orgName: `Approve ${tag}` });
    const id = await idOf(buyer);
    const approved = await adminCall(t, clerk, { method: 'PUT', url: `/Customers/${id}`, payload: { status: 'active', version: 1 } });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: 'active', version: 2 });
    const again = await adminCall(t, clerk, { method: 'PUT', url: `/Customers/${id}`, payload: { status: 'active' } });
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe(CUSTOMER_ADMIN_MESSAGES.sameStatus('active'));
    const stale = await adminCall(t, clerk, { method: 'PUT', url: `/Customers/${id}`, payload: { status: 'suspended', version: 1 } });
    expect(stale.status).toBe(409);
    expect(stale.body.detail).toBe(CUSTOMER_ADMIN_MESSAGES.changedMeanwhile);
    const suspended = await adminCall(t, clerk, { method: 'PUT', url: `/Customers/${id}`, payload: { status: 'suspended', version: 2 } });
    expect(suspended.body).toMatchObject({ status: 'suspended', version: 3 });
    const back = await adminCall(t, clerk, { method: 'PUT', url: `/Customers/${id}`, payload: { status: 'active' } });
    expect(back.body.status).toBe('active');
    expect((await auditOf(id)).map((a) => a.action)).toEqual(['customer.approve', 'customer.suspend', 'customer.reactivate']);
    const approvals = (await mailsFor(t, buyer.email)).filter((m) => m.subject === 'Your account is approved');
    expect(approvals).toHaveLength(1);
    expect(approvals[0]!.text).toContain('http://shop.test/login');
  });

  it('two staff approving at once: one wins, the other gets 409, one mail', async () => {
    const buyer = await newCustomer(t, { orgName: `Race ${tag}` });
    const id = await idOf(buyer);
    const other = await staffWith(t, ['manager']);
    const answers = await Promise.all([clerk, other].map((s) => adminCall(t, s, { method: 'PUT', url: `/Customers/${id}`, payload: { status: 'active', version: 1 } })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect((await mailsFor(t, buyer.email)).filter((m) => m.subject === 'Your account is approved')).toHaveLength(1);
    expect(await auditOf(id)).toHaveLength(1);
  });

  it('refuses bad bodies with 400 and changes nothing', async () => {
    const id = await idOf(zep);
    for (const payload of [{}, { status: 'closed' }, { status: 'pending' }, { status: 'active', version: 0 }, { status: 'active', version: '1' }]) {
      const res = await adminCall(t, clerk, { method: 'PUT', url: `/Customers/${id}`, payload });
      expect(res.status, JSON.stringify(payload)).toBe(payload.status === 'pending' ? 409 : 400);
    }
    const back = await newCustomer(t, { orgName: `Back ${tag}` });
    await adminCall(t, clerk, { method: 'PUT', url: `/Customers/${await idOf(back)}`, payload: { status: 'active' } });
    const toPending = await adminCall(t, clerk, { method: 'PUT', url: `/Customers/${await idOf(back)}`, payload: { status: 'pending' } });
    expect(toPending.status).toBe(400);
    expect(toPending.body.fields).toEqual({ status: CUSTOMER_ADMIN_MESSAGES.noBackToPending });
    expect((await detail(zep)).status).toBe('pending');
    expect(await auditOf(id)).toEqual([]);
    expect((await adminCall(t, clerk, { method: 'PUT', url: '/Customers/999999', payload: { status: 'active' } })).status).toBe(404);
  });
});

describe('notes, sessions and password reset', () => {
  it('adds a note with its author, newest first; an empty one is 400 on the field', async () => {
    const id = await idOf(bal);
    const res = await adminCall(t, clerk, { method: 'POST', url: `/Customers/${id}/Notes`, payload: { text: '  Called about\r\nterms  ' } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ text: 'Called about\nterms', author: expect.stringMatching(/^Staff \d+$/) });
    await adminCall(t, clerk, { method: 'POST', url: `/Customers/${id}/Notes`, payload: { text: 'Second' } });
    expect((await detail(bal)).notes.map((n) => n.text)).toEqual(['Second', 'Called about\nterms']);
    const blank = await adminCall(t, clerk, { method: 'POST', url: `/Customers/${id}/Notes`, payload: { text: '   ' } });
    expect(blank.status).toBe(400);
    expect(blank.body.fields).toEqual({ text: CUSTOMER_ADMIN_MESSAGES.noteRequired });
    const long = await adminCall(t, clerk, { method: 'POST', url: `/Customers/${id}/Notes`, payload: { text: 'x'.repeat(2001) } });
    expect(long.status).toBe(400);
    expect((await detail(bal)).notes).toHaveLength(2);
  });

  it('signs one device out, then every device', async () => {
    const buyer = await newCustomer(t, { orgName: `Devices ${tag}` });
    const second = await call(t, { method: 'POST', url: '/System/Login', payload: { username: buyer.email, password: buyer.password } });
    const tokens = [buyer.token, String(second.headers['user-token'])];
    const id = await idOf(buyer);
    const sessions = (await detail(buyer)).sessions;
    expect(sessions).toHaveLength(2);
    const me = (token: string) => call(t, { method: 'GET', url: '/Customer/GetCustomerInfo', headers: withToken(token) });
    // Newest first: the second sign-in.
    const one = await adminCall(t, clerk, { method: 'DELETE', url: `/Customers/${id}/Sessions/${sessions[0]!.id}` });
    expect(one.body).toEqual({ revoked: 1 });
    expect((await me(tokens[1]!)).status).toBe(401);
    expect((await me(tokens[0]!)).status).toBe(200);
    expect((await adminCall(t, clerk, { method: 'DELETE', url: `/Customers/${id}/Sessions/${sessions[0]!.id}` })).status).toBe(404);
    // Another customer's session is not this customer's.
    const otherSession = (await detail(zep)).sessions[0]!.id;
    expect((await adminCall(t, clerk, { method: 'DELETE', url: `/Customers/${id}/Sessions/${otherSession}` })).status).toBe(404);
    expect((await adminCall(t, clerk, { method: 'DELETE', url: `/Customers/${id}/Sessions` })).body).toEqual({ revoked: 1 });
    expect((await me(tokens[0]!)).status).toBe(401);
    expect((await auditOf(id)).map((a) => a.action)).toEqual(['customer.sign-out', 'customer.sign-out']);
  });

  it('mails the buyer’s own reset link, which sets a new password; staff see no password', async () => {
    const buyer = await newCustomer(t, { orgName: `Reset ${tag}` });
    const res = await adminCall(t, clerk, { method: 'POST', url: `/Customers/${await idOf(buyer)}/PasswordReset` });
    expect(res.status).toBe(202);
    expect(res.body.message).toContain(buyer.email);
    const mail = (await mailsFor(t, buyer.email)).find((m) => m.subject === 'Reset your password');
    const token = /access_token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
    expect(token).toBeDefined();
    const reset = await call(t, { method: 'POST', url: '/System/ResetPassword', payload: { accessToken: token, newPassword: 'a brand new secret', reenterPassword: 'a brand new secret' } });
    expect(reset.status).toBe(202);
    expect((await call(t, { method: 'POST', url: '/System/Login', payload: { username: buyer.email, password: 'a brand new secret' } })).status).toBe(200);
    expect((await adminCall(t, clerk, { method: 'POST', url: '/Customers/999999/PasswordReset' })).status).toBe(404);
  });
});

import { describe, expect, it } from 'vitest';
import { ACT_AS_MESSAGES } from '../../../contract/act-as';
import { STAFF_MESSAGES } from '../../../contract/admin/staff';
import { API_SCOPES } from '../../../contract/admin/permissions';
import { adminCall, type StaffSessionForTest, staffWith } from '../../test-support/admin';
import { withShop } from '../../test-support/shop';
import { keyCall, newApiKey } from '../../staff/testing';
import { type Answer, call, expireActAsLinks, expireActingSessions, newCustomer, type TestCustomer, withToken } from '../testing';

/**
 * Acting for a customer (DESIGN.md §7, decision 0035): the one-time link, its one exchange, the
 * 30-minute session tied to the staff member, what it may not do, and who may ask for it.
 */

const { t, staff } = withShop({ catalogue: true, staff: { owner: 'demo owner', manager: ['manager'] } });

const db = () => t.ctx.database.db;
const idOf = async (c: TestCustomer) => (await db().selectFrom('customers').select('id').where('email', '=', c.email).executeTakeFirstOrThrow()).id;
const linkFor = (by: StaffSessionForTest, customerId: number) => adminCall(t, by, { method: 'POST', url: `/Customers/${customerId}/Impersonate` });
const tokenOf = (url: string) => new URL(url).searchParams.get('t')!;
const exchange = (token: string) => call(t, { method: 'POST', url: '/Customer/ActAs', payload: { token } });

async function actAs(by: StaffSessionForTest, customerId: number): Promise<Answer> {
  const link = await linkFor(by, customerId);
  expect(link.status, JSON.stringify(link.body)).toBe(200);
  const res = await exchange(tokenOf(link.body.url));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res;
}

const auditOf = (customerId: number) =>
  db().selectFrom('audit_log').select(['action', 'actor', 'actor_name', 'summary']).where('target', '=', `customer:${customerId}`).orderBy('id').execute();

describe('the one-time link', () => {
  it('opens the storefront once, for 30 minutes, as the customer; a second exchange is 410 and the buyer stays signed in', async () => {
    const buyer = await newCustomer(t, { orgName: 'Party Palace' });
    const id = await idOf(buyer);
    const link = await linkFor(staff.owner, id);
    expect(link.status).toBe(200);
    expect(link.headers['cache-control']).toBe('no-store');
    expect(link.body.url).toMatch(/^http:\/\/shop\.test\/act-as\?t=[A-Za-z0-9_-]{43}$/);
    // Only the hash is stored.
    const token = tokenOf(link.body.url);
    expect(JSON.stringify(await db().selectFrom('act_as_links').selectAll().execute())).not.toContain(token);

    const before = Date.now();
    const first = await exchange(token);
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.body.customer).toMatchObject({ code: buyer.customer.code, orgName: 'Party Palace', email: buyer.email });
    expect(first.body.staff).toEqual({ id: staff.owner.id, name: 'Olivia Owner' });
    const ends = Date.parse(first.body.expiresAt);
    expect(ends).toBeGreaterThanOrEqual(before + 30 * 60_000 - 1000);
    expect(ends).toBeLessThanOrEqual(Date.now() + 30 * 60_000);

    const second = await exchange(token);
    expect(second.status).toBe(410);
    expect(second.headers['content-type']).toContain('application/problem+json');
    expect(second.body.detail).toBe(ACT_AS_MESSAGES.linkGone);

    // The session is the buyer's: their profile, their cart.
    const acting = withToken(first.body.token);
    expect((await call(t, { method: 'GET', url: '/Customer/GetCustomerInfo', headers: acting })).body.code).toBe(buyer.customer.code);
    expect((await call(t, { method: 'POST', url: '/Shop/AddItem?InvNum=11001&qty=2', headers: acting })).status).toBe(200);
    // The buyer's own session is untouched and sees the same cart.
    const own = await call(t, { method: 'GET', url: '/Shop/GetShoppingCart', headers: withToken(buyer.token) });
    expect(own.status).toBe(200);
    expect(own.body.items).toEqual([expect.objectContaining({ invNum: '11001', ordQty: 2 })]);

    // The customer's page in the back office shows who is viewing as the customer.
    const record = await adminCall(t, staff.owner, { method: 'GET', url: `/Customers/${id}` });
    expect(record.body.sessions.map((s: { actingStaff: string | null }) => s.actingStaff)).toEqual(['Olivia Owner', null]);
    expect(record.body.sessions[0].expiresAt).toBe(first.body.expiresAt);

    // Ending the act-as session (the banner's End) signs out only that session.
    expect((await call(t, { method: 'GET', url: '/System/Logout', headers: acting })).status).toBe(204);
    expect((await call(t, { method: 'GET', url: '/Customer/GetCustomerInfo', headers: acting })).status).toBe(401);
    expect((await call(t, { method: 'GET', url: '/Customer/GetCustomerInfo', headers: withToken(buyer.token) })).status).toBe(200);
  });

  it('is 410 once 60 seconds have passed, and for a token that was never a link', async () => {
    const buyer = await newCustomer(t);
    const id = await idOf(buyer);
    const link = await linkFor(staff.owner, id);
    await expireActAsLinks(t, id);
    const late = await exchange(tokenOf(link.body.url));
    expect(late.status).toBe(410);
    expect(late.body.detail).toBe(ACT_AS_MESSAGES.linkGone);
    expect((await exchange('A'.repeat(43))).status).toBe(410);
    expect((await exchange('not a token')).status).toBe(410);
    expect((await exchange('')).status).toBe(400);
    // Nothing was opened.
    expect(await db().selectFrom('sessions').select('id').where('customer_id', '=', id).where('acting_staff_id', 'is not', null).execute()).toEqual([]);
  });

  it('is exchanged by exactly one of two tabs racing with it', async () => {
    const buyer = await newCustomer(t);
    const id = await idOf(buyer);
    const link = await linkFor(staff.owner, id);
    const token = tokenOf(link.body.url);
    const answers = await Promise.all([exchange(token), exchange(token), exchange(token)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 410, 410]);
    expect(await db().selectFrom('sessions').select('id').where('customer_id', '=', id).where('acting_staff_id', 'is not', null).execute()).toHaveLength(1);
  });
});

describe('the act-as session', () => {
  it('ends 30 minutes after it began, whatever the activity, and when its staff member is deactivated', async () => {
    const buyer = await newCustomer(t);
    const id = await idOf(buyer);
    const first = await actAs(staff.owner, id);
    for (let i = 0; i < 3; i++) expect((await call(t, { method: 'GET', url: '/Customer/GetCustomerInfo', headers: withToken(first.body.token) })).status).toBe(200);
    const row = await db().selectFrom('sessions').select(['expires_at']).where('customer_id', '=', id).where('acting_staff_id', '=', staff.owner.id).executeTakeFirstOrThrow();
    expect(row.expires_at).toBe(first.body.expiresAt);
    await expireActingSessions(t, id);
    expect((await call(t, { method: 'GET', url: '/Customer/GetCustomerInfo', headers: withToken(first.body.token) })).status).toBe(401);
    expect((await call(t, { method: 'GET', url: '/Customer/GetCustomerInfo', headers: withToken(buyer.token) })).status).toBe(200);

    const helper = await staffWith(t, ['manager']);
    const second = await actAs(helper, id);
    expect((await call(t, { method: 'GET', url: '/Customer/GetCustomerInfo', headers: withToken(second.body.token) })).status).toBe(200);
    expect((await adminCall(t, staff.owner, { method: 'PUT', url: `/Staff/${helper.id}`, payload: { active: false } })).status).toBe(200);
    expect((await call(t, { method: 'GET', url: '/Customer/GetCustomerInfo', headers: withToken(second.body.token) })).status).toBe(401);
  });

  it('refuses password, email, security-question and sign-in calls with 403 in plain words, changing nothing', async () => {
    const buyer = await newCustomer(t);
    const id = await idOf(buyer);
    const acting = withToken((await actAs(staff.owner, id)).body.token);
    const refused: [string, string, unknown?][] = [
      ['PUT', '/Customer/UpdatePassword', { oldPassword: buyer.password, newPassword: 'a brand new secret', reenterPassword: 'a brand new secret' }],
      ['PUT', `/Customer/UpdateEmail/${encodeURIComponent('taken.over@shop.test')}`],
      ['POST', '/Customer/ConfirmPassword', { password: buyer.password }],
      ['POST', '/Customer/ResendEmailChange'],
      ['DELETE', '/Customer/EmailChange'],
      ['PUT', '/Customer/UpdateSecurityQuestion', { question: 'Favourite colour?', answer: 'Blue' }],
      ['POST', '/System/Login', { username: buyer.email, password: buyer.password }],
      ['POST', '/System/ForgotPassword', { email: buyer.email }],
      ['POST', '/System/ResetPassword', { accessToken: 'A'.repeat(43), newPassword: 'a brand new secret', reenterPassword: 'a brand new secret' }],
    ];
    const before = await db().selectFrom('customers').select(['password_hash', 'email', 'pending_email', 'security_question']).where('id', '=', id).executeTakeFirstOrThrow();
    for (const [method, url, payload] of refused) {
      const res = await call(t, { method: method as 'PUT', url, headers: acting, ...(payload === undefined ? {} : { payload: payload as object }) });
      expect(res.status, `${method} ${url}`).toBe(403);
      expect(res.body.detail, `${method} ${url}`).toBe(ACT_AS_MESSAGES.notWhileActing);
    }
    expect(await db().selectFrom('customers').select(['password_hash', 'email', 'pending_email', 'security_question']).where('id', '=', id).executeTakeFirstOrThrow()).toEqual(before);
    expect(await db().selectFrom('password_reset_tokens').select('id').where('customer_id', '=', id).execute()).toEqual([]);
    // The buyer may still do all of it themselves.
    expect((await call(t, { method: 'PUT', url: '/Customer/UpdateSecurityQuestion', headers: withToken(buyer.token), payload: { question: 'Favourite colour?', answer: 'Blue' } })).status).toBe(202);
  });

  it('ties every change to the staff member in the audit log, and lets staff place and cancel an order for the buyer', async () => {
    const buyer = await newCustomer(t, { orgName: 'Balloon Barn' });
    const id = await idOf(buyer);
    const acting = withToken((await actAs(staff.owner, id)).body.token);
    const asStaff = expect.stringMatching(new RegExp(`^staff:${staff.owner.id} owner@example\\.com as customer:${id}$`));
    const named = 'Olivia Owner for Balloon Barn';

    expect((await call(t, { method: 'POST', url: '/Shop/AddItem?InvNum=11001&qty=3', headers: acting })).status).toBe(200);
    const shipTo = await call(t, { method: 'POST', url: '/Customer/NewShipto', headers: acting, payload: { code: '', contact: '', orgName: 'Barn West', firstName: 'Lee', lastName: 'Chan', addressLine1: '900 Oak Ave', city: 'Reno', state: 'NV', zip: '89501', country: 'US', dayPhone: '775-555-0101', email: '' } });
    expect(shipTo.status).toBe(201);
    const order = await call(t, { method: 'POST', url: '/Shop/Checkout', headers: acting, payload: { shipToCode: '', shippingOption: 'ground' } });
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    const cancelled = await call(t, { method: 'POST', url: `/Shop/CancelOrder/${order.body.orderNum}`, headers: acting });
    expect(cancelled.status).toBe(200);
    // The buyer's own change is theirs.
    expect((await call(t, { method: 'POST', url: '/Shop/AddItem?InvNum=11001&qty=1', headers: withToken(buyer.token) })).status).toBe(200);

    const audit = await auditOf(id);
    expect(audit.map((a) => a.action)).toEqual(['customer.impersonate', 'customer.act-as', 'customer.act-as.request', 'customer.act-as.request', 'customer.act-as.request', 'customer.act-as.request']);
    expect(audit[0]).toMatchObject({ actor: `staff:${staff.owner.id} owner@example.com`, actor_name: 'Olivia Owner' });
    expect(JSON.parse(audit[0]!.summary)).toMatchObject({ staff: 'Olivia Owner', customer: 'Balloon Barn' });
    for (const row of audit.slice(1)) expect(row).toMatchObject({ actor: asStaff, actor_name: named });
    expect(audit.slice(2).map((a) => JSON.parse(a.summary).request)).toEqual([
      'POST /beapi/Shop/AddItem?InvNum=11001&qty=3',
      'POST /beapi/Customer/NewShipto',
      'POST /beapi/Shop/Checkout',
      `POST /beapi/Shop/CancelOrder/${order.body.orderNum}`,
    ]);
    const orderAudit = await db().selectFrom('audit_log').select(['action', 'actor', 'actor_name']).where('target', '=', `order:${order.body.orderNum}`).execute();
    expect(orderAudit).toEqual([{ action: 'order.cancel', actor: asStaff, actor_name: named }]);
    // Stock moved by checkout names the staff member too.
    const moves = await db().selectFrom('stock_movements').select('actor').where('ref', '=', `order ${order.body.orderNum}`).where('reason', '=', 'checkout').execute();
    expect(moves.length).toBeGreaterThan(0);
    for (const m of moves) expect(m.actor).toMatch(new RegExp(`^staff:${staff.owner.id} .* as customer:${id}$`));
    // The staff's order page names who cancelled it.
    const adminOrder = await adminCall(t, staff.owner, { method: 'GET', url: `/Orders/${order.body.orderNum}` });
    expect(adminOrder.body.events.map((e: { actor: string }) => e.actor)).toContain(named);
  });

  it('shows a suspended customer’s shop as they see it: no prices, no ordering', async () => {
    const buyer = await newCustomer(t);
    const id = await idOf(buyer);
    expect((await adminCall(t, staff.owner, { method: 'PUT', url: `/Customers/${id}`, payload: { status: 'suspended' } })).status).toBe(200);
    const acting = withToken((await actAs(staff.owner, id)).body.token);
    expect((await call(t, { method: 'GET', url: '/Customer/GetCustomerInfo', headers: acting })).body.accountStatus).toBe('suspended');
    expect((await call(t, { method: 'POST', url: '/Shop/AddItem?InvNum=11001&qty=1', headers: acting })).status).toBe(403);
  });
});

describe('who may ask for a link', () => {
  it('owners and managers; no other role, and never an API key', async () => {
    const buyer = await newCustomer(t);
    const id = await idOf(buyer);
    expect((await linkFor(staff.manager, id)).status).toBe(200);
    for (const role of ['orders', 'warehouse', 'catalogue', 'accounts'] as const) {
      const s = await staffWith(t, [role]);
      const res = await linkFor(s, id);
      expect(res.status, role).toBe(403);
      expect(res.body.detail).toBe(STAFF_MESSAGES.forbidden('customers:impersonate'));
    }
    const key = await newApiKey(t, staff.owner, [...API_SCOPES]);
    expect((await keyCall(t, key.key, { method: 'POST', url: `/Customers/${id}/Impersonate` })).status).toBe(403);
    expect((await linkFor(staff.owner, 999_999)).status).toBe(404);
    // Only the allowed calls made links.
    expect(await db().selectFrom('act_as_links').select('token_hash').where('customer_id', '=', id).execute()).toHaveLength(1);
  });
});

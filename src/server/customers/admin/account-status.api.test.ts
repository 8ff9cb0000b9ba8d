import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_STATUS_MESSAGES } from '../../../contract/accounts';
import { call, mailsFor, newCustomer, type TestCustomer, withToken } from '../testing';
import { adminCall, type StaffSessionForTest, staffWith } from '../../test-support/admin';
import { loadFixtureCatalogue } from '../../catalogue/testing';
import { getOverSocket } from '../../test-support/over-socket';
import { createTestApp, type TestApp } from '../../test-support/test-app';

/**
 * The buyer's side of account status (DESIGN.md §5 "Customers"): with SIGNUP_APPROVAL=on a new
 * account waits for approval; until then, and while suspended, the buyer browses as a visitor
 * (no prices, through every cache and the fast lane) and the cart, checkout, speed lists and
 * order forms answer 403 with why.
 */

let t: TestApp;
let base: string;
let accounts: StaffSessionForTest;
let active: TestCustomer;

beforeAll(async () => {
  t = await createTestApp((ctx) => loadFixtureCatalogue(ctx.database.db), {}, { SIGNUP_APPROVAL: 'on' });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  accounts = await staffWith(t, ['accounts']);
  active = await newCustomer(t);
  await setStatus(active, 'active');
}, 60_000);
afterAll(() => t?.close());

async function idOf(c: TestCustomer): Promise<number> {
  const row = await t.ctx.database.db.selectFrom('customers').select('id').where('email', '=', c.email).executeTakeFirstOrThrow();
  return row.id;
}

async function setStatus(c: TestCustomer, status: string) {
  const res = await adminCall(t, accounts, { method: 'PUT', url: `/Customers/${await idOf(c)}`, payload: { status } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

const overSocket = (url: string, headers: Record<string, string> = {}) => getOverSocket(base, url, headers);

const LISTING = '/Inventory/GetPagedItemsForCategory?categoryNum=1&pageSize=5';
const DETAIL = '/Inventory/GetItemDetail?itemNum=11001';

describe('a new sign-up with SIGNUP_APPROVAL=on', () => {
  it('is pending: it signs in, and its account says so', async () => {
    const buyer = await newCustomer(t);
    const me = await call(t, { method: 'GET', url: '/Customer/GetCustomerInfo', headers: withToken(buyer.token) });
    expect(me.status).toBe(200);
    expect(me.body.accountStatus).toBe('pending');
    expect(buyer.customer.accountStatus).toBe('pending');
  });
});

describe('a pending customer', () => {
  it('gets the visitor’s listing and detail, without prices, whatever an active customer has put in the caches', async () => {
    const pending = await newCustomer(t);
    // An active customer's priced answers first, so a cache keyed only by "signed in" would hand them on.
    for (const url of [LISTING, DETAIL]) {
      const priced = await call(t, { method: 'GET', url, headers: withToken(active.token) });
      expect(JSON.stringify(priced.body)).toContain('"price"');
      const fast = await overSocket(`/beapi${url}`, withToken(active.token));
      expect(fast.body).toContain('"price"');
    }
    for (const url of [LISTING, DETAIL]) {
      const viaRoute = await call(t, { method: 'GET', url, headers: withToken(pending.token) });
      expect(viaRoute.status).toBe(200);
      expect(JSON.stringify(viaRoute.body), url).not.toContain('"price"');
      expect(viaRoute.headers.etag).toMatch(/-a"$/);
      const fast = await overSocket(`/beapi${url}`, withToken(pending.token));
      expect(fast.status).toBe(200);
      expect(fast.body, url).not.toContain('"price"');
      // The priced ETag an active customer holds is not a 304 for the pending one.
      const priced = await call(t, { method: 'GET', url, headers: withToken(active.token) });
      const revalidate = await call(t, { method: 'GET', url, headers: { ...withToken(pending.token), 'if-none-match': String(priced.headers.etag) } });
      expect(revalidate.status).toBe(200);
      expect(JSON.stringify(revalidate.body)).not.toContain('"price"');
    }
    const lookup = await call(t, { method: 'GET', url: '/Inventory/LookupItems?invNum=11001', headers: withToken(pending.token) });
    expect(JSON.stringify(lookup.body)).not.toContain('"price"');
  });

  it('is refused the cart, checkout, speed lists and order forms with a clear 403, and its cart stays empty', async () => {
    const pending = await newCustomer(t);
    const headers = withToken(pending.token);
    const calls = [
      { method: 'GET', url: '/Shop/GetShoppingCart' },
      { method: 'POST', url: '/Shop/AddItem?InvNum=11001&qty=1' },
      { method: 'POST', url: '/Shop/Checkout', payload: { shipToCode: '', shippingOption: 'ground' } },
      { method: 'GET', url: '/SpeedLists' },
    ] as const;
    for (const c of calls) {
      const res = await call(t, { ...c, headers });
      expect(res.status, c.url).toBe(403);
      expect(String(res.headers['content-type'])).toContain('application/problem+json');
      expect(res.body.detail).toBe(ACCOUNT_STATUS_MESSAGES.pending);
    }
    const fast = await overSocket('/beapi/Shop/GetShoppingCart', headers);
    expect(fast.status).toBe(403);
    expect(JSON.parse(fast.body).detail).toBe(ACCOUNT_STATUS_MESSAGES.pending);
    const lines = await t.ctx.database.db.selectFrom('cart_lines').select('item_num').where('customer_id', '=', await idOf(pending)).execute();
    expect(lines).toEqual([]);
    // Its own account pages still work.
    expect((await call(t, { method: 'GET', url: '/Customer/GetCustomerInfo', headers })).status).toBe(200);
  });

  it('once approved sees prices and may order at once, and gets the approval mail', async () => {
    const pending = await newCustomer(t);
    const headers = withToken(pending.token);
    expect((await call(t, { method: 'POST', url: '/Shop/AddItem?InvNum=11001&qty=1', headers })).status).toBe(403);
    await setStatus(pending, 'active');
    const listing = await call(t, { method: 'GET', url: LISTING, headers });
    expect(JSON.stringify(listing.body)).toContain('"price"');
    expect((await overSocket(`/beapi${DETAIL}`, headers)).body).toContain('"price"');
    expect((await call(t, { method: 'POST', url: '/Shop/AddItem?InvNum=11001&qty=1', headers })).status).toBe(200);
    const mails = await mailsFor(t, pending.email);
    expect(mails.map((m) => m.subject)).toContain('Your account is approved');
  });
});

describe('a suspended customer', () => {
  it('keeps signing in and browsing without prices; ordering is refused as suspended until reactivated', async () => {
    const buyer = await newCustomer(t);
    await setStatus(buyer, 'active');
    const headers = withToken(buyer.token);
    expect((await call(t, { method: 'POST', url: '/Shop/AddItem?InvNum=11001&qty=2', headers })).status).toBe(200);
    await setStatus(buyer, 'suspended');
    // The session was kept (suspending does not sign out), and is now unpriced.
    const listing = await call(t, { method: 'GET', url: LISTING, headers });
    expect(listing.status).toBe(200);
    expect(JSON.stringify(listing.body)).not.toContain('"price"');
    const checkout = await call(t, { method: 'POST', url: '/Shop/Checkout', headers, payload: { shipToCode: '', shippingOption: 'ground' } });
    expect(checkout.status).toBe(403);
    expect(checkout.body.detail).toBe(ACCOUNT_STATUS_MESSAGES.suspended);
    expect((await call(t, { method: 'POST', url: '/System/Login', payload: { username: buyer.email, password: buyer.password } })).status).toBe(200);
    expect(await t.ctx.database.db.selectFrom('orders').select('order_num').where('customer_id', '=', await idOf(buyer)).execute()).toEqual([]);
    await setStatus(buyer, 'active');
    expect((await call(t, { method: 'GET', url: '/Shop/GetShoppingCart', headers })).body.items).toHaveLength(1);
  });
});

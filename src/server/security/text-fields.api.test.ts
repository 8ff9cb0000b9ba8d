import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldName } from '../../contract/text';
import { call, newCustomer, shipToForm, signUpForm, type TestCustomer, withToken } from '../customers/testing';
import { seedDemoCoupons } from '../orders/cart/demo-coupons';
import { loadFixtureCatalogue } from '../catalogue/test-fixture';
import { createTestApp, type TestApp } from '../test-support/test-app';

/**
 * Issue 16, findings 4 and 6: control and invisible characters were stored in every text field
 * (and reached mail headers and greetings), a name of zero-width spaces passed "required", and a
 * customer's web address took `javascript:`. One text rule (contract/text.ts) now guards every
 * buyer field: each attack below got a 2xx before and gets a 400 that names the field now.
 */

const ATTACKS: Record<string, string> = {
  'CR LF (header injection)': 'Eve\r\nBcc: victim@example.com',
  'LF alone': 'Eve\nhttps://evil.example',
  'ESC sequence': 'Eve\u001b[31mRed',
  BEL: 'Eve\u0007',
  TAB: 'Eve\tAdams',
  DEL: 'Eve\u007f',
  'C1 NEL': 'Eve\u0085',
  'C1 CSI': 'Eve\u009b31m',
  'RLO override': 'Eve \u202Egnp.exe',
  'LRI isolate': 'Eve \u2066x\u2069',
  'line separator': 'Eve\u2028Adams',
  'paragraph separator': 'Eve\u2029Adams',
  'lone high surrogate': 'Eve\ud800',
  'lone low surrogate': 'Eve\udc00x',
};
const INVISIBLE = ['\u200B\u200B\u200B', '\u200C\u200D', '\uFEFF', ' \u00A0\u3000 ', '\u2060\u200B'];

let t: TestApp;
let c: TestCustomer;
beforeAll(async () => {
  t = await createTestApp(async (ctx) => {
    await loadFixtureCatalogue(ctx.database.db);
    await seedDemoCoupons(ctx.database.db);
  });
  c = await newCustomer(t);
}, 60_000);
afterAll(() => t?.close());

const billing = (over: Record<string, unknown>) => ({ ...signUpForm(), code: c.customer.code, ...over });
const updateAccount = (over: Record<string, unknown>) =>
  call(t, { method: 'PUT', url: `/Customer/updateAccount/${c.customer.code}`, headers: withToken(c.token), payload: billing(over) });

/** Refused, naming the field by its label ("First name", "Company"). */
function expectRefused(res: { status: number; body: any }, field: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.detail).toContain(fieldName({ path: [field] }));
}

describe('single-line fields', () => {
  it.each(Object.entries(ATTACKS))('refuse %s in the account name, city and company, naming the field', async (_name, value) => {
    expectRefused(await updateAccount({ firstName: value }), 'firstName');
    expectRefused(await updateAccount({ city: value }), 'city');
    expectRefused(await updateAccount({ orgName: value }), 'orgName');
  });

  it.each(INVISIBLE.map((v) => [JSON.stringify(v), v]))('store an optional company name of only %s as empty (issue 27)', async (_name, value) => {
    const res = await updateAccount({ orgName: value, firstName: 'Pat', lastName: 'Jones' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const info = await call(t, { method: 'GET', url: '/Customer/GetCustomerInfo', headers: withToken(c.token) });
    expect(info.body.orgName).toBe('');
    const shown = await call(t, { method: 'POST', url: '/Customer/NewAccount', payload: { ...signUpForm(), orgName: value } });
    expect(shown.status, JSON.stringify(shown.body)).toBe(201);
    expect(shown.body.orgName).toBe('');
  });

  it('keep the stored account as it was', async () => {
    const info = await call(t, { method: 'GET', url: '/Customer/GetCustomerInfo', headers: withToken(c.token) });
    expect(info.body.firstName).toBe('Pat');
  });

  it('guard sign-up, ship-tos, coupon codes, PO numbers, speed lists and the contact form', async () => {
    const bad = ATTACKS['CR LF (header injection)']!;
    const signUp = await call(t, { method: 'POST', url: '/Customer/NewAccount', payload: signUpForm({ lastName: bad }), remoteAddress: '10.99.0.1' });
    expectRefused(signUp, 'lastName');
    const shipTo = await call(t, { method: 'POST', url: '/Customer/NewShipto', headers: withToken(c.token), payload: shipToForm({ contact: ATTACKS['ESC sequence'] }) });
    expectRefused(shipTo, 'contact');
    const shipToEmail = await call(t, { method: 'POST', url: '/Customer/NewShipto', headers: withToken(c.token), payload: shipToForm({ email: 'a\u202E@b.example' }) });
    expectRefused(shipToEmail, 'email');
    const coupon = await call(t, { method: 'POST', url: `/Shop/AddCoupon/${encodeURIComponent('WELCOME10\u001b')}`, headers: withToken(c.token) });
    expectRefused(coupon, 'coupon');
    await call(t, { method: 'POST', url: '/Shop/AddItem?InvNum=11002&qty=1', headers: withToken(c.token) });
    const checkout = await call(t, { method: 'POST', url: '/Shop/Checkout', headers: withToken(c.token), payload: { shipToCode: '', shippingOption: 'ground', poNumber: 'PO\u2028Bcc' } });
    expectRefused(checkout, 'poNumber');
    const list = await call(t, { method: 'POST', url: '/SpeedLists', headers: withToken(c.token), payload: { name: 'Summer\u0007' } });
    expectRefused(list, 'name');
    const contact = await call(t, {
      method: 'POST',
      url: '/System/ContactUs',
      payload: { name: 'Eve', email: 'eve@example.com', company: 'Acme\r\nBcc: all@example.com', message: 'Hi' },
      remoteAddress: '10.99.0.2',
    });
    expectRefused(contact, 'company');
    const contactName = await call(t, {
      method: 'POST',
      url: '/System/ContactUs',
      payload: { name: 'Eve\r\nFrom: ceo@shop.example', email: 'eve@example.com', message: 'Hi' },
      remoteAddress: '10.99.0.2',
    });
    expectRefused(contactName, 'name');
  });
});

describe('required fields', () => {
  it.each(INVISIBLE.map((v) => [JSON.stringify(v), v]))('take %s as empty', async (_name, value) => {
    const city = await updateAccount({ city: value });
    expect(city.status).toBe(400);
    expect(city.body.errors).toContain('Please input your city');
    const names = await updateAccount({ orgName: '', firstName: value, lastName: value });
    expect(names.status).toBe(400);
    expect(names.body.errors).toContain('Please input your first name or company name');
    const list = await call(t, { method: 'POST', url: '/SpeedLists', headers: withToken(c.token), payload: { name: value } });
    expect(list.status).toBe(400);
    expect(list.body.errors).toEqual(['Please enter a name for the list']);
    const contact = await call(t, { method: 'POST', url: '/System/ContactUs', payload: { name: value, email: 'eve@example.com', message: value }, remoteAddress: `10.99.1.${INVISIBLE.indexOf(value) + 1}` });
    expect(contact.status).toBe(400);
    expect(contact.body.errors).toEqual(['Please input your name', 'Please write your message']);
  });
});

describe('multi-line fields', () => {
  it('take line feeds (CR LF becomes LF) and refuse every other control character', async () => {
    const ok = await call(t, { method: 'PUT', url: `/Shop/UpdateOrderComments?comments=${encodeURIComponent('Back door\r\nRing twice')}`, headers: withToken(c.token) });
    expect(ok.status).toBe(200);
    expect(ok.body.comments).toBe('Back door\nRing twice');
    for (const value of ['Back door\u001b[2J', 'Tab\there', 'x\u202Ey', 'x\u2028y', 'x\u0085y']) {
      const res = await call(t, { method: 'PUT', url: `/Shop/UpdateOrderComments?comments=${encodeURIComponent(value)}`, headers: withToken(c.token) });
      expectRefused(res, 'comments');
    }
    const message = await call(t, {
      method: 'POST',
      url: '/System/ContactUs',
      payload: { name: 'Eve', email: 'eve@example.com', message: 'Hello\u0007\u001b]0;owned\u0007' },
      remoteAddress: '10.99.0.3',
    });
    expectRefused(message, 'message');
    const lines = await call(t, {
      method: 'POST',
      url: '/System/ContactUs',
      payload: { name: 'Eve', email: 'eve@example.com', message: 'Hello,\r\nDo you ship to Hawaii?\n\nEve' },
      remoteAddress: '10.99.0.3',
    });
    expect(lines.status).toBe(201);
  });
});

describe('URL fields (finding 6)', () => {
  it.each(['javascript:alert(document.domain)', 'JavaScript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:msgbox', 'mailto:x@example.com', '//evil.example', 'java\tscript:alert(1)'])(
    'refuse %s as the web address',
    async (web) => {
      expectRefused(await updateAccount({ web }), 'web');
    },
  );

  it('take http and https, and a bare host as https', async () => {
    expect((await updateAccount({ web: 'http://partypalace.example/shop' })).body.web).toBe('http://partypalace.example/shop');
    expect((await updateAccount({ web: 'www.partypalace.example' })).body.web).toBe('https://www.partypalace.example');
    expect((await updateAccount({ web: '' })).body.web).toBe('');
  });
});

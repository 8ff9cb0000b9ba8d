import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Customer } from '../../../contract/accounts';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { call, newCustomer, shipToForm, type TestCustomer, withToken } from '../testing';

/** With customer A's token, every call that names a code is tried with customer B's codes. */

let t: TestApp;
let a: TestCustomer;
let b: TestCustomer;
let bBefore: Customer;
let bShipTo: string;
let bDefault: string;

const info = async (c: TestCustomer): Promise<Customer> =>
  (await call(t, { method: 'GET', url: '/Customer/GetCustomerInfo', headers: withToken(c.token) })).body;
const asA = (method: 'PUT' | 'DELETE' | 'POST', url: string, payload?: object) =>
  call(t, { method, url, headers: withToken(a.token), payload });

beforeAll(async () => {
  t = await createTestApp();
  a = await newCustomer(t, { orgName: 'Customer A' });
  b = await newCustomer(t, { orgName: 'Customer B' });
  await asA('POST', '/Customer/NewShipto', shipToForm({ city: 'A-town' }));
  const addB = (city: string) =>
    call(t, { method: 'POST', url: '/Customer/NewShipto', headers: withToken(b.token), payload: shipToForm({ city }) });
  bShipTo = (await addB('B-ville')).body.code;
  bDefault = (await addB('B-default')).body.code;
  await call(t, { method: 'PUT', url: `/Customer/UpdateDefaultShipto?shiptocode=${bDefault}`, headers: withToken(b.token) });
  bBefore = await info(b);
});
afterAll(() => t?.close());

describe("customer A with customer B's codes", () => {
  it('cannot update B’s account: 403', async () => {
    const res = await asA('PUT', `/Customer/updateAccount/${b.customer.code}`, { ...shipToForm({ orgName: 'Hijacked' }), web: '' });
    expect(res.status).toBe(403);
  });

  it('cannot update B’s ship-to: 404', async () => {
    const res = await asA('PUT', '/Customer/UpdateShipto', shipToForm({ code: bShipTo, city: 'Hijacked' }));
    expect(res.status).toBe(404);
  });

  it('cannot delete B’s ship-to: 404', async () => {
    expect((await asA('DELETE', `/Customer/DeleteShipto?shiptocode=${bShipTo}`)).status).toBe(404);
    expect((await asA('DELETE', `/Customer/DeleteShipto?shiptocode=${bDefault}`)).status).toBe(404);
  });

  it('cannot make B’s ship-to its default: 404, and A’s default stays', async () => {
    expect((await asA('PUT', `/Customer/UpdateDefaultShipto?shiptocode=${bShipTo}`)).status).toBe(404);
    expect((await info(a)).defaultShipTo).toBe('');
  });

  it('cannot take over B’s ship-to code when adding an address', async () => {
    const res = await asA('POST', '/Customer/NewShipto', shipToForm({ code: bShipTo, city: 'Copy' }));
    expect(res.status).toBe(201);
    expect(res.body.code).not.toBe(bShipTo);
  });

  it('cannot take B’s email address: 400', async () => {
    const res = await asA('PUT', `/Customer/UpdateEmail/${encodeURIComponent(b.email)}`);
    expect(res.status).toBe(400);
  });

  it('never sees B’s addresses in its own profile', async () => {
    const mine = await info(a);
    expect(mine.code).toBe(a.customer.code);
    expect(mine.shipTo.map((s) => s.code)).not.toContain(bShipTo);
    expect(mine.shipTo.map((s) => s.city)).not.toContain('B-ville');
  });

  it('left B’s data exactly as it was', async () => {
    expect(await info(b)).toEqual(bBefore);
  });
});

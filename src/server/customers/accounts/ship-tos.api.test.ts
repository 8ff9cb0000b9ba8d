import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { call, newCustomer, shipToForm, type TestCustomer, withToken } from '../testing';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

async function addShipTo(c: TestCustomer, overrides: Record<string, unknown> = {}) {
  return call(t, { method: 'POST', url: '/Customer/NewShipto', headers: withToken(c.token), payload: shipToForm(overrides) });
}
const info = async (c: TestCustomer) => (await call(t, { method: 'GET', url: '/Customer/GetCustomerInfo', headers: withToken(c.token) })).body;

describe('POST /Customer/NewShipto', () => {
  it('answers 201 with the new address; the server assigns the code', async () => {
    const c = await newCustomer(t);
    const res = await addShipTo(c, { code: 'MINE' });
    expect(res.status).toBe(201);
    // The address as sent, but for the code, the contact made of the names and the account's email.
    expect(res.body).toEqual({ ...shipToForm(), code: expect.stringMatching(/^S[0-9A-Z]{8}$/), contact: 'Lee Chan', email: c.email });
    expect((await info(c)).shipTo).toEqual([res.body]);
  });

  it.each([
    [{ orgName: '', firstName: '' }, 'Please input your first name or company name, Please input your company name or both first and last name'],
    [{ orgName: '', lastName: '' }, 'Please input your last name or company name, Please input your company name or both first and last name'],
    [{ country: '' }, 'Please input your country'],
    [{ addressLine1: '' }, 'Please input your address'],
    [{ city: ' ' }, 'Please input your city'],
    [{ state: '' }, 'Please input your state'],
    [{ zip: '' }, 'Please input your zip code'],
    [{ dayPhone: '' }, 'Please input your day phone'],
    [{ email: 'nope' }, 'Please enter a valid email address'],
  ])('checks the address form: %j → %s', async (change, detail) => {
    const c = await newCustomer(t);
    const res = await addShipTo(c, change);
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe(detail);
  });
});

describe('PUT /Customer/UpdateShipto', () => {
  it('updates the address named by the code in the body (202)', async () => {
    const c = await newCustomer(t);
    const added = (await addShipTo(c)).body;
    const payload = shipToForm({ code: added.code, city: 'Sparks', zip: '89431', firstName: 'Kim', email: 'dock@party.example' });
    const res = await call(t, { method: 'PUT', url: '/Customer/UpdateShipto', headers: withToken(c.token), payload });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ ...added, city: 'Sparks', zip: '89431', firstName: 'Kim', contact: 'Kim Chan', email: 'dock@party.example' });
    expect((await info(c)).shipTo).toEqual([res.body]);
  });

  it('answers 400 without a code and 404 for an unknown one', async () => {
    const c = await newCustomer(t);
    const missing = await call(t, { method: 'PUT', url: '/Customer/UpdateShipto', headers: withToken(c.token), payload: shipToForm() });
    expect(missing.status).toBe(400);
    expect(missing.body.detail).toBe('Shipping address code is missing.');
    const unknown = await call(t, { method: 'PUT', url: '/Customer/UpdateShipto', headers: withToken(c.token), payload: shipToForm({ code: 'SNOSUCH00' }) });
    expect(unknown.status).toBe(404);
  });
});

describe('PUT /Customer/UpdateDefaultShipto', () => {
  it('makes a ship-to the default (202), and an empty code makes it the billing address again', async () => {
    const c = await newCustomer(t);
    const added = (await addShipTo(c)).body;
    const set = await call(t, { method: 'PUT', url: `/Customer/UpdateDefaultShipto?shiptocode=${added.code}`, headers: withToken(c.token) });
    expect(set.status).toBe(202);
    expect(set.body.defaultShipTo).toBe(added.code);
    const billing = await call(t, { method: 'PUT', url: '/Customer/UpdateDefaultShipto?shiptocode=', headers: withToken(c.token) });
    expect(billing.status).toBe(202);
    expect(billing.body.defaultShipTo).toBe('');
    expect((await info(c)).defaultShipTo).toBe('');
  });

  it('answers 404 for an unknown code', async () => {
    const c = await newCustomer(t);
    const res = await call(t, { method: 'PUT', url: '/Customer/UpdateDefaultShipto?shiptocode=SNOSUCH00', headers: withToken(c.token) });
    expect(res.status).toBe(404);
    expect(res.body.detail).toBe('Shipping address not found');
  });
});

describe('DELETE /Customer/DeleteShipto', () => {
  it('deletes an address (200) but never the default one (400)', async () => {
    const c = await newCustomer(t);
    const keep = (await addShipTo(c)).body;
    const drop = (await addShipTo(c, { city: 'Carson City', zip: '89701' })).body;
    await call(t, { method: 'PUT', url: `/Customer/UpdateDefaultShipto?shiptocode=${keep.code}`, headers: withToken(c.token) });

    const refused = await call(t, { method: 'DELETE', url: `/Customer/DeleteShipto?shiptocode=${keep.code}`, headers: withToken(c.token) });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe('The default address cannot be deleted. Choose another default address first.');

    const res = await call(t, { method: 'DELETE', url: `/Customer/DeleteShipto?shiptocode=${drop.code}`, headers: withToken(c.token) });
    expect(res.status).toBe(200);
    expect(res.body.shipTo).toEqual([keep]);
    expect(res.body.defaultShipTo).toBe(keep.code);
  });

  it('answers 400 without a code and 404 for an unknown one', async () => {
    const c = await newCustomer(t);
    const missing = await call(t, { method: 'DELETE', url: '/Customer/DeleteShipto?shiptocode=', headers: withToken(c.token) });
    expect(missing.status).toBe(400);
    expect(missing.body.detail).toBe('Shipping address code is missing.');
    const unknown = await call(t, { method: 'DELETE', url: '/Customer/DeleteShipto?shiptocode=SNOSUCH00', headers: withToken(c.token) });
    expect(unknown.status).toBe(404);
  });
});

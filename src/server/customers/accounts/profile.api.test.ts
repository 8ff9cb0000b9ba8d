import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { call, linkToken, login, mailsFor, newCustomer, signUpForm, withToken } from '../testing';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const info = async (token: string) => (await call(t, { method: 'GET', url: '/Customer/GetCustomerInfo', headers: withToken(token) })).body;

const billing = {
  code: '',
  orgName: 'Balloon Barn',
  firstName: 'Sam',
  lastName: 'Ortiz',
  addressLine1: '77 Elm St',
  city: 'Mobile',
  state: 'AL',
  zip: '36602',
  country: 'US',
  dayPhone: '251-555-0111',
  web: 'https://barn.example',
};

describe('GET /Customer/GetCustomerInfo', () => {
  it('answers the signed-in customer', async () => {
    const c = await newCustomer(t);
    const res = await call(t, { method: 'GET', url: '/Customer/GetCustomerInfo', headers: withToken(c.token) });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(c.customer);
  });
});

describe('PUT /Customer/updateAccount/{code}', () => {
  it('updates the billing information and answers the customer', async () => {
    const c = await newCustomer(t);
    const res = await call(t, {
      method: 'PUT',
      url: `/Customer/updateAccount/${c.customer.code}`,
      headers: withToken(c.token),
      payload: { ...billing, code: c.customer.code, email: 'ignored@example.com', permissions: ['admin'] },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...c.customer, ...billing, code: c.customer.code });
    expect(await info(c.token)).toEqual(res.body);
  });

  it('answers 403 for any code but the caller’s own', async () => {
    const c = await newCustomer(t);
    const res = await call(t, { method: 'PUT', url: '/Customer/updateAccount/CXXXXXXXX', headers: withToken(c.token), payload: billing });
    expect(res.status).toBe(403);
    expect(res.body.detail).toBe('Access forbidden. Please contact support');
  });

  it.each([
    [{ orgName: '', firstName: '' }, 'Please input your first name or company name, Please input your company name or both first and last name'],
    [{ orgName: '', lastName: '' }, 'Please input your last name or company name, Please input your company name or both first and last name'],
    [{ country: ' ' }, 'Please input your country'],
    [{ addressLine1: '' }, 'Please input your address'],
    [{ city: '' }, 'Please input your city'],
    [{ state: '' }, 'Please input your state'],
    [{ zip: '' }, 'Please input your zip code'],
    [{ dayPhone: '' }, 'Please input your day phone'],
  ])('checks the billing form: %j → %s', async (change, detail) => {
    const c = await newCustomer(t);
    const res = await call(t, { method: 'PUT', url: `/Customer/updateAccount/${c.customer.code}`, headers: withToken(c.token), payload: { ...billing, ...change } });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe(detail);
  });
});

describe('PUT /Customer/UpdateEmail/{email}', () => {
  it('asks for the change (202): pending until the new address confirms, the old one notified', async () => {
    const c = await newCustomer(t);
    const fresh = signUpForm().email;
    const res = await call(t, { method: 'PUT', url: `/Customer/UpdateEmail/${encodeURIComponent(fresh)}`, headers: withToken(c.token) });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ ...c.customer, pendingEmail: fresh });

    const notice = (await mailsFor(t, c.email)).find((m) => m.subject.includes('is being changed'));
    expect(notice?.text).toContain(fresh);
    const confirm = (await mailsFor(t, fresh)).find((m) => m.subject.includes('confirm your new email'));
    const verified = await t.app.inject({ method: 'GET', url: `/beapi/System/VerifyEmail?access_token=${linkToken(confirm)}` });
    expect(verified.headers.location).toBe('/signin?emailVerified=1');

    await login(t, fresh, c.password);
    await expect(login(t, c.email, c.password)).rejects.toThrow('401');
    expect((await info(c.token)).email).toBe(fresh);
  });

  it('answers 400 when the address is taken, and for a malformed one', async () => {
    const a = await newCustomer(t);
    const b = await newCustomer(t);
    const taken = await call(t, { method: 'PUT', url: `/Customer/UpdateEmail/${encodeURIComponent(b.email.toUpperCase())}`, headers: withToken(a.token) });
    expect(taken.status).toBe(400);
    expect(taken.body.detail).toBe('E-mail address is already registered as a customer!');
    const malformed = await call(t, { method: 'PUT', url: '/Customer/UpdateEmail/not-an-email', headers: withToken(a.token) });
    expect(malformed.status).toBe(400);
    expect(malformed.body.detail).toBe('Please enter a valid email address');
    expect((await info(a.token)).email).toBe(a.email);
  });

  it('lets a customer change only the case of their own address', async () => {
    const c = await newCustomer(t);
    const res = await call(t, { method: 'PUT', url: `/Customer/UpdateEmail/${encodeURIComponent(c.email.toUpperCase())}`, headers: withToken(c.token) });
    expect(res.status).toBe(202);
    expect(res.body.email).toBe(c.email.toUpperCase());
    expect(res.body.pendingEmail).toBe('');
  });
});

describe('PUT /Customer/UpdatePassword', () => {
  it('checks the old password, sets the new one and signs out every other session', async () => {
    const c = await newCustomer(t);
    const other = await login(t, c.email, c.password);
    const res = await call(t, {
      method: 'PUT',
      url: '/Customer/UpdatePassword',
      headers: withToken(c.token),
      payload: { oldPassword: c.password, newPassword: 'a brand new secret', reenterPassword: 'a brand new secret' },
    });
    expect(res.status).toBe(202);
    expect(res.body).toEqual(c.customer);
    expect((await call(t, { method: 'GET', url: '/Customer/GetCustomerInfo', headers: withToken(other) })).status).toBe(401);
    expect((await call(t, { method: 'GET', url: '/Customer/GetCustomerInfo', headers: withToken(c.token) })).status).toBe(200);
    await login(t, c.email, 'a brand new secret');
    await expect(login(t, c.email, c.password)).rejects.toThrow('401');
  });

  it('answers 400 for a wrong current password and changes nothing', async () => {
    const c = await newCustomer(t);
    const res = await call(t, {
      method: 'PUT',
      url: '/Customer/UpdatePassword',
      headers: withToken(c.token),
      payload: { oldPassword: 'wrong password', newPassword: 'another secret', reenterPassword: 'another secret' },
    });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('Your current password is incorrect');
    await login(t, c.email, c.password);
  });

  it.each([
    [{ oldPassword: '' }, 'Please input your current password'],
    [{ newPassword: '', reenterPassword: '' }, 'Please input your new password, Please confirm your new password'],
    [{ reenterPassword: '' }, 'Please confirm your new password'],
    [{ reenterPassword: 'different!' }, 'The two passwords do not match!'],
    [{ newPassword: 'short', reenterPassword: 'short' }, 'Password must be at least 8 characters long'],
    [{ newPassword: 'x'.repeat(129), reenterPassword: 'x'.repeat(129) }, 'Password must be at most 128 characters long'],
  ])('checks the password form: %j → %s', async (change, detail) => {
    const c = await newCustomer(t);
    const payload = { oldPassword: c.password, newPassword: 'valid new pw', reenterPassword: 'valid new pw', ...change };
    const res = await call(t, { method: 'PUT', url: '/Customer/UpdatePassword', headers: withToken(c.token), payload });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe(detail);
  });
});

describe('PUT /Customer/UpdateSecurityQuestion', () => {
  it('sets the question (shown) and the answer (hashed)', async () => {
    const c = await newCustomer(t);
    const payload = { question: 'Favourite colour?', answer: 'Teal' };
    const res = await call(t, { method: 'PUT', url: '/Customer/UpdateSecurityQuestion', headers: withToken(c.token), payload });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ ...c.customer, securityQuesiton: 'Favourite colour?' });
    const row = await t.ctx.database.db.selectFrom('customers').select('security_answer_hash').where('code', '=', c.customer.code).executeTakeFirstOrThrow();
    expect(row.security_answer_hash).toMatch(/^\$argon2id\$/);
  });

  it.each([
    [{ question: '', answer: 'x' }, 'Please input your security question'],
    [{ question: 'Q?', answer: '  ' }, 'Please input your answer'],
  ])('checks the form: %j → %s', async (payload, detail) => {
    const c = await newCustomer(t);
    const res = await call(t, { method: 'PUT', url: '/Customer/UpdateSecurityQuestion', headers: withToken(c.token), payload });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe(detail);
  });
});

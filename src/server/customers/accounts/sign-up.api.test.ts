import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { call, linkToken, login, mailsFor, signUpForm, withToken } from '../testing';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const newAccount = (payload: unknown) => call(t, { method: 'POST', url: '/Customer/NewAccount', payload: payload as object });

describe('GET /Customer/ValidateNewEmail', () => {
  it('answers 200 for a free address and 400 for a registered one, whatever its case', async () => {
    const form = signUpForm();
    const free = await call(t, { method: 'GET', url: `/Customer/ValidateNewEmail?email=${encodeURIComponent(form.email)}` });
    expect(free.status).toBe(200);
    expect(free.body).toEqual({ email: form.email, available: true });

    expect((await newAccount(form)).status).toBe(201);
    const taken = await call(t, { method: 'GET', url: `/Customer/ValidateNewEmail?email=${encodeURIComponent(form.email.toUpperCase())}` });
    expect(taken.status).toBe(400);
    expect(taken.body.detail).toBe('E-mail address is already registered as a customer!');
  });

  it.each([
    ['', 'Please input your email address'],
    ['email=', 'Please input your email address'],
    ['email=not-an-email', 'The input is not valid E-mail!'],
  ])('checks step 0 of the sign-up form: %s → %s', async (query, detail) => {
    const res = await call(t, { method: 'GET', url: `/Customer/ValidateNewEmail?${query}` });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe(detail);
  });
});

describe('GET /Customer/ValidateZip', () => {
  it.each([
    ['93706', { city: 'Fresno', state: 'CA', country: 'US' }],
    ['36602-1234', { city: 'Mobile', state: 'AL', country: 'US' }],
    ['k1a 0b1', { city: 'Government Of Canada Ottawa And Gatineau Offices', state: 'ON', country: 'CA' }],
    ['T2P1J9', { city: 'Calgary', state: 'AB', country: 'CA' }],
  ])('answers the city and state of %s', async (zip, expected) => {
    const res = await call(t, { method: 'GET', url: `/Customer/ValidateZip?zip=${encodeURIComponent(zip)}` });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(expected);
  });

  it('answers 404 for an unknown code, 400 for a malformed or missing one', async () => {
    const unknown = await call(t, { method: 'GET', url: '/Customer/ValidateZip?zip=00000' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toBe('Unknown zip code');
    const malformed = await call(t, { method: 'GET', url: '/Customer/ValidateZip?zip=12AB' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.detail).toBe('Please enter a valid US ZIP code or Canadian postal code');
    const missing = await call(t, { method: 'GET', url: '/Customer/ValidateZip' });
    expect(missing.status).toBe(400);
    expect(missing.body.detail).toBe('Please input your Postal Code');
  });
});

describe('POST /Customer/NewAccount', () => {
  it('answers 201 with the new customer', async () => {
    const form = signUpForm({ web: 'https://party.example', orgName: '' });
    const res = await newAccount(form);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      code: expect.stringMatching(/^C[0-9A-Z]{8}$/),
      orgName: '',
      firstName: 'Pat',
      lastName: 'Jones',
      email: form.email,
      addressLine1: '12 Main St',
      city: 'Fresno',
      state: 'CA',
      zip: '93706',
      country: 'US',
      dayPhone: '559-555-0100',
      web: 'https://party.example',
      defaultShipTo: '',
      shipTo: [],
      permissions: [],
      securityQuesiton: 'First pet?',
      emailVerified: false,
      pendingEmail: '',
      accountStatus: 'active',
    });
    expect(res.headers['user-token']).toBeUndefined();
  });

  it('keeps the security answer and the password only as argon2id hashes', async () => {
    const form = signUpForm();
    const { body } = await newAccount(form);
    const row = await t.ctx.database.db.selectFrom('customers').selectAll().where('code', '=', body.code).executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row.security_answer_hash).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(row)).not.toContain(form.password);
    expect(JSON.stringify(row)).not.toContain('Rex');
  });

  it('mails a welcome with a verification link that works once', async () => {
    const form = signUpForm();
    await newAccount(form);
    const [welcome] = await mailsFor(t, form.email);
    expect(welcome?.subject).toContain('Welcome');
    expect(welcome?.text).toContain('http://shop.test/beapi/System/VerifyEmail?access_token=');
    const token = linkToken(welcome);

    const first = await t.app.inject({ method: 'GET', url: `/beapi/System/VerifyEmail?access_token=${token}` });
    expect(first.statusCode).toBe(303);
    expect(first.headers.location).toBe('/signin?emailVerified=1');
    const again = await t.app.inject({ method: 'GET', url: `/beapi/System/VerifyEmail?access_token=${token}` });
    expect(again.headers.location).toBe('/signin?emailVerified=0');

    const session = await login(t, form.email, form.password);
    const info = await call(t, { method: 'GET', url: '/Customer/GetCustomerInfo', headers: withToken(session) });
    expect(info.body.emailVerified).toBe(true);
  });

  it('refuses an address already registered, whatever its case', async () => {
    const form = signUpForm();
    expect((await newAccount(form)).status).toBe(201);
    const again = await newAccount({ ...signUpForm(), email: form.email.toUpperCase() });
    expect(again.status).toBe(400);
    expect(again.body.detail).toBe('E-mail address is already registered as a customer!');
  });

  it('ignores fields a customer may not set: code, permissions, hashes', async () => {
    const form = { ...signUpForm(), code: 'CHOSEN', permissions: ['admin'], password_hash: 'x', passwordHash: 'x', emailVerified: true, id: 1 };
    const res = await newAccount(form);
    expect(res.status).toBe(201);
    expect(res.body.code).not.toBe('CHOSEN');
    expect(res.body.permissions).toEqual([]);
    expect(res.body.emailVerified).toBe(false);
    await login(t, form.email, form.password);
  });

  it('accepts a company without first and last name', async () => {
    const res = await newAccount(signUpForm({ firstName: '', lastName: '', orgName: 'Balloon Barn' }));
    expect(res.status).toBe(201);
  });

  it.each([
    [{ email: '' }, 'Please input your email address'],
    [{ email: 'nope' }, 'The input is not valid E-mail!'],
    [{ firstName: '', orgName: '' }, 'Please input your first name or company name, Please input your company name or both first and last name'],
    [{ lastName: '  ', orgName: '' }, 'Please input your last name or company name, Please input your company name or both first and last name'],
    [{ country: '' }, 'Please input your country'],
    [{ addressLine1: '   ' }, 'Please input your address'],
    [{ city: '' }, 'Please input your city'],
    [{ state: '' }, 'Please input your state'],
    [{ zip: '' }, 'Please input your zip code'],
    [{ dayPhone: '' }, 'Please input your day phone'],
    [{ password: '', reenterPassword: '' }, 'Please input your password, Please confirm your password'],
    [{ password: 'short12', reenterPassword: 'short12' }, 'Password must be at least 8 characters long'],
    [{ reenterPassword: 'something else' }, 'The two passwords that you entered do not match!'],
    [{ securityQuestion: '' }, 'Please input your security question'],
    [{ securityQuestionAnswer: '' }, 'Please input your answer'],
  ])('checks the sign-up form: %j → %s', async (change, detail) => {
    const res = await newAccount({ ...signUpForm(), ...change });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe(detail);
  });

  it('refuses a password over 128 characters before hashing it', async () => {
    const long = 'p'.repeat(129);
    // The schema's answer (nothing was hashed or stored): no account exists for the address.
    const form = signUpForm({ password: long, reenterPassword: long });
    const res = await newAccount(form);
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('Password must be at most 128 characters long');
    expect((await newAccount({ ...form, password: 'balloons123', reenterPassword: 'balloons123' })).status).toBe(201);
  });

  it('lists every missing field of an empty form at once', async () => {
    const res = await newAccount({});
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(
      expect.arrayContaining(['Please input your email address', 'Please input your address', 'Please input your first name or company name']),
    );
  });
});

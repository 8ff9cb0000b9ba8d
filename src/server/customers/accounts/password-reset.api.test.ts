import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { hashToken } from '../../platform/auth/tokens';
import { call, linkToken, login, mailsFor, newCustomer, type TestCustomer, withToken } from '../testing';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const forgot = (email: string) => call(t, { method: 'POST', url: '/System/ForgotPassword', payload: { email } });
const reset = (accessToken: string, newPassword = 'my new password', reenterPassword = newPassword) =>
  call(t, { method: 'POST', url: '/System/ResetPassword', payload: { accessToken, newPassword, reenterPassword } });

async function resetLink(c: TestCustomer): Promise<string> {
  expect((await forgot(c.email)).status).toBe(202);
  const mails = (await mailsFor(t, c.email)).filter((m) => m.subject === 'Reset your password');
  return linkToken(mails.at(-1));
}

describe('POST /System/ForgotPassword', () => {
  it('answers 202 and mails a one-hour reset link to a registered address', async () => {
    const c = await newCustomer(t);
    const res = await forgot(c.email.toUpperCase());
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ message: 'Password reset email sent! Check your inbox.' });
    const [mail] = (await mailsFor(t, c.email)).filter((m) => m.subject === 'Reset your password');
    expect(mail?.text).toMatch(/http:\/\/shop\.test\/resetpassword\?access_token=[A-Za-z0-9_-]{43}/);
  });

  it('answers the same 202 for an unknown address and mails nothing', async () => {
    const res = await forgot('nobody-here@shop.test');
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ message: 'Password reset email sent! Check your inbox.' });
    expect(await mailsFor(t, 'nobody-here@shop.test')).toEqual([]);
  });

  it.each([
    ['', 'Please input your email address'],
    ['nope', 'Please enter a valid email address'],
  ])('checks the address: %j → %s', async (email, detail) => {
    const res = await forgot(email);
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe(detail);
  });
});

describe('POST /System/ResetPassword', () => {
  it('sets the new password (202) and signs out every session', async () => {
    const c = await newCustomer(t);
    const other = await login(t, c.email, c.password);
    const res = await reset(await resetLink(c));
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ message: 'Password reset successful!' });
    for (const token of [c.token, other]) {
      expect((await call(t, { method: 'GET', url: '/Customer/GetCustomerInfo', headers: withToken(token) })).status).toBe(401);
    }
    await login(t, c.email, 'my new password');
    await expect(login(t, c.email, c.password)).rejects.toThrow('401');
  });

  it('works once only', async () => {
    const c = await newCustomer(t);
    const token = await resetLink(c);
    expect((await reset(token)).status).toBe(202);
    const again = await reset(token, 'yet another one');
    expect(again.status).toBe(400);
    expect(again.body.detail).toBe('Invalid reset token. Please request a new password reset.');
    await login(t, c.email, 'my new password');
  });

  it('expires after an hour', async () => {
    const c = await newCustomer(t);
    const token = await resetLink(c);
    const row = await t.ctx.database.db.selectFrom('password_reset_tokens').select(['created_at', 'expires_at']).where('token_hash', '=', hashToken(token)).executeTakeFirstOrThrow();
    expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(60 * 60 * 1000);
    await t.ctx.database.db
      .updateTable('password_reset_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', hashToken(token))
      .execute();
    const res = await reset(token);
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('Invalid reset token. Please request a new password reset.');
    await login(t, c.email, c.password);
  });

  it('voids older links once one has been used', async () => {
    const c = await newCustomer(t);
    const first = await resetLink(c);
    const second = await resetLink(c);
    expect((await reset(second)).status).toBe(202);
    expect((await reset(first, 'sneaky password')).status).toBe(400);
  });

  it.each([
    [{ accessToken: '' }, 'Invalid reset token. Please request a new password reset.'],
    [{ accessToken: 'made-up' }, 'Invalid reset token. Please request a new password reset.'],
    [{ reenterPassword: 'something else' }, 'The two passwords do not match!'],
    [{ newPassword: 'short', reenterPassword: 'short' }, 'Password must be at least 8 characters long'],
    [{ newPassword: '', reenterPassword: '' }, 'Please input your new password, Please confirm your new password'],
  ])('checks the form: %j → %s', async (change, detail) => {
    const payload = { accessToken: 'A'.repeat(43), newPassword: 'my new password', reenterPassword: 'my new password', ...change };
    const res = await call(t, { method: 'POST', url: '/System/ResetPassword', payload });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe(detail);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from '../../contract/messages';
import { hashToken } from '../platform/auth/tokens';
import { call, linkToken, login, mailsFor, newCustomer, signUpForm, withToken } from '../customers/testing';
import { readOutbox } from '../platform/mail/mail-folder';
import { createTestApp, type TestApp } from '../test-support/test-app';

/**
 * Issue 16, findings 1 and 2: a stolen session token was a permanent takeover. UpdateEmail asked
 * for nothing but the token, moved the sign-in address at once, kept every session, and
 * ForgotPassword then mailed the attacker; it had no rate limit and mailed any address. Each test
 * plays the attack through the API and expects the safe answer (DESIGN.md §3 "Email change").
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

let ip = 0;
/** Each test from its own client address, so the per-address limits of one never touch another. */
const nextAddress = () => `10.66.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`;

const info = (token: string) => call(t, { method: 'GET', url: '/Customer/GetCustomerInfo', headers: withToken(token) });
const changeEmail = (token: string, email: string, remoteAddress = nextAddress()) =>
  call(t, { method: 'PUT', url: `/Customer/UpdateEmail/${encodeURIComponent(email)}`, headers: withToken(token), remoteAddress });
const confirmPassword = (token: string, password: string) =>
  call(t, { method: 'POST', url: '/Customer/ConfirmPassword', headers: withToken(token), payload: { password }, remoteAddress: nextAddress() });
const openLink = async (path: string, token: string) =>
  (await t.app.inject({ method: 'GET', url: `/beapi/System/${path}?access_token=${token}`, remoteAddress: nextAddress() })).headers.location;

/** The stolen token: a session that signed in more than 10 minutes ago. */
async function stale(token: string): Promise<string> {
  const longAgo = new Date(Date.now() - 11 * 60 * 1000).toISOString();
  await t.ctx.database.db.updateTable('sessions').set({ password_at: longAgo }).where('token_hash', '=', hashToken(token)).execute();
  return token;
}

const attackerAddress = () => signUpForm().email.replace('@shop.test', '@attacker.test');

describe('email change with a stolen token (finding 1)', () => {
  it('needs a password entered in the last 10 minutes: 403, then ConfirmPassword opens the window', async () => {
    const victim = await newCustomer(t);
    const stolen = await stale(victim.token);
    const evil = attackerAddress();
    const refused = await changeEmail(stolen, evil);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBe(SERVER_MESSAGES.passwordConfirmationNeeded);
    expect(await mailsFor(t, evil)).toEqual([]);
    expect((await info(stolen)).body).toMatchObject({ email: victim.email, pendingEmail: '' });

    const wrong = await confirmPassword(stolen, 'not the password');
    expect(wrong.status).toBe(400);
    expect((await changeEmail(stolen, evil)).status).toBe(403);
    expect((await confirmPassword(stolen, victim.password)).status).toBe(204);
    expect((await changeEmail(stolen, evil)).status).toBe(202);
  });

  it('keeps the sign-in address, ForgotPassword and every mail on the old address until the new one confirms', async () => {
    const victim = await newCustomer(t);
    const evil = attackerAddress();
    const res = await changeEmail(victim.token, evil);
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ email: victim.email, pendingEmail: evil, emailVerified: false });

    await expect(login(t, evil, victim.password)).rejects.toThrow('401');
    await login(t, victim.email, victim.password);
    for (const email of [evil, victim.email]) {
      await call(t, { method: 'POST', url: '/System/ForgotPassword', payload: { email }, remoteAddress: nextAddress() });
    }
    const toAttacker = await mailsFor(t, evil);
    expect(toAttacker.map((m) => m.subject)).toEqual(['Please confirm your new email address']);
    // The mail to the unproven address carries no text of the account (no greeting by name).
    expect(toAttacker[0]!.text).not.toContain('Pat');
    const toVictim = (await mailsFor(t, victim.email)).map((m) => m.subject);
    expect(toVictim).toContain('Reset your password');
    expect(toVictim).toContain('The email address of your account is being changed');
  });

  it('completes when the new address opens its link, and signs out every other session', async () => {
    const c = await newCustomer(t);
    const other = await login(t, c.email, c.password);
    const fresh = signUpForm().email;
    await changeEmail(c.token, fresh);
    expect((await info(other)).status).toBe(200);
    expect(await openLink('VerifyEmail', linkToken((await mailsFor(t, fresh))[0]))).toBe('/signin?emailVerified=1');

    expect((await info(other)).status).toBe(401);
    expect((await info(c.token)).body).toMatchObject({ email: fresh, pendingEmail: '', emailVerified: true });
    await login(t, fresh, c.password);
    await expect(login(t, c.email, c.password)).rejects.toThrow('401');
    expect((await mailsFor(t, c.email)).map((m) => m.subject)).toContain('The email address of your account was changed');
  });

  it('"this was not me" (pending): drops the change, voids its link and signs out every session', async () => {
    const victim = await newCustomer(t);
    const evil = attackerAddress();
    await changeEmail(victim.token, evil);
    const notice = (await mailsFor(t, victim.email)).find((m) => m.subject.includes('is being changed'));
    expect(notice?.text).toContain('valid for 7 days');
    expect(await openLink('RevertEmailChange', linkToken(notice))).toBe('/signin?emailRestored=1');

    expect((await info(victim.token)).status).toBe(401);
    expect(await openLink('VerifyEmail', linkToken((await mailsFor(t, evil))[0]))).toBe('/signin?emailVerified=0');
    const token = await login(t, victim.email, victim.password);
    expect((await info(token)).body).toMatchObject({ email: victim.email, pendingEmail: '' });
    expect(await openLink('RevertEmailChange', linkToken(notice))).toBe('/signin?emailRestored=0');
  });

  it('"this was not me" (completed): restores the old address and signs out every session, the asking one too', async () => {
    const victim = await newCustomer(t);
    const evil = attackerAddress();
    await changeEmail(victim.token, evil);
    await openLink('VerifyEmail', linkToken((await mailsFor(t, evil))[0]));
    await call(t, { method: 'POST', url: '/System/ForgotPassword', payload: { email: evil }, remoteAddress: nextAddress() });
    const resetLink = linkToken((await mailsFor(t, evil)).find((m) => m.subject === 'Reset your password'));

    const notice = (await mailsFor(t, victim.email)).find((m) => m.subject.includes('is being changed'));
    expect(await openLink('RevertEmailChange', linkToken(notice))).toBe('/signin?emailRestored=1');
    expect((await info(victim.token)).status).toBe(401);
    await expect(login(t, evil, victim.password)).rejects.toThrow('401');
    const token = await login(t, victim.email, victim.password);
    expect((await info(token)).body).toMatchObject({ email: victim.email, emailVerified: true, pendingEmail: '' });
    const reset = await call(t, {
      method: 'POST',
      url: '/System/ResetPassword',
      payload: { accessToken: resetLink, newPassword: 'attacker owns it', reenterPassword: 'attacker owns it' },
    });
    expect(reset.status).toBe(400);
  });

  it('lets the customer resend the link and cancel the change', async () => {
    const c = await newCustomer(t);
    const fresh = signUpForm().email;
    await changeEmail(c.token, fresh);
    const resent = await call(t, { method: 'POST', url: '/Customer/ResendEmailChange', headers: withToken(c.token), remoteAddress: nextAddress() });
    expect(resent.status).toBe(202);
    expect(resent.body.pendingEmail).toBe(fresh);
    const links = (await mailsFor(t, fresh)).map(linkToken);
    expect(links).toHaveLength(2);
    const cancelled = await call(t, { method: 'DELETE', url: '/Customer/EmailChange', headers: withToken(c.token) });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ email: c.email, pendingEmail: '' });
    for (const link of links) expect(await openLink('VerifyEmail', link)).toBe('/signin?emailVerified=0');
    expect((await info(c.token)).body.email).toBe(c.email);
    const nothing = await call(t, { method: 'POST', url: '/Customer/ResendEmailChange', headers: withToken(c.token), remoteAddress: nextAddress() });
    expect(nothing.status).toBe(400);
  });
});

describe('UpdateEmail as an oracle and a mail relay (finding 2)', () => {
  it('has the strict per-address limit of the other account calls', async () => {
    const c = await newCustomer(t);
    const other = await newCustomer(t);
    const from = nextAddress();
    const answers: number[] = [];
    for (let i = 0; i < 31; i++) answers.push((await changeEmail(c.token, other.email, from)).status);
    expect(answers.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(answers[30]).toBe(429);
  });

  it('sends at most 5 verification mails per customer an hour', async () => {
    const c = await newCustomer(t);
    const targets = Array.from({ length: 8 }, () => signUpForm().email.replace('@shop.test', '@relay.test'));
    const statuses: number[] = [];
    for (const target of targets) statuses.push((await changeEmail(c.token, target)).status);
    // The welcome mail of the sign-up is the first of the five.
    expect(statuses).toEqual([202, 202, 202, 202, 429, 429, 429, 429]);
    await t.ctx.outbox.drain();
    const relayed = readOutbox(t.dataDir).filter((m) => m.to.includes('@relay.test'));
    expect(relayed).toHaveLength(4);
    const resend = await call(t, { method: 'POST', url: '/Customer/ResendEmailChange', headers: withToken(c.token), remoteAddress: nextAddress() });
    expect(resend.status).toBe(429);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailsFor } from '../customers/testing';
import { adminCall, staffLogin } from '../test-support/admin';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { codeNow, enrolledMember, newMember, signIn, STAFF_PASSWORD } from './staff-support';

/**
 * Issue 27, finding 11: an owner could not reset another member's password or lost
 * authenticator. POST /beapi/Admin/Staff/{id}/ResetSignIn clears both, ends the member's
 * sessions and mails a one-time link to /admin/set-password (DESIGN.md §7).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const NEW_PASSWORD = 'a brand new password 7';

/** The token of the set-password link in the member's latest mail. */
async function linkTokenFor(email: string): Promise<string> {
  const mails = await mailsFor(t, email);
  const last = mails.at(-1);
  const m = /\/admin\/set-password\?token=([A-Za-z0-9_-]+)/.exec(last?.text ?? '');
  if (!m) throw new Error(`no set-password link in the mail to ${email}: ${last?.text ?? 'no mail'}`);
  return m[1]!;
}

const setPassword = (token: string, newPassword: string) => t.app.inject({ method: 'POST', url: '/beapi/Admin/SetPassword', payload: { token, newPassword } });

describe('an owner resets a member’s sign-in', () => {
  it('clears the password and the authenticator, ends every session, mails a one-time link and audits it; the link sets a new password once', async () => {
    const owner = await newMember(t, ['owner']);
    const m = await enrolledMember(t, ['orders']);
    const second = await staffLogin(t, m.email, STAFF_PASSWORD, await codeNow(m.secret));

    const reset = await adminCall(t, owner.session, { method: 'POST', url: `/Staff/${m.id}/ResetSignIn` });
    expect(reset.status).toBe(200);
    expect(reset.body).toMatchObject({ id: m.id, totpEnabled: false, awaitingPassword: true });
    // Every session of the member ended; the old password signs in no more.
    expect((await adminCall(t, m.session, { method: 'GET', url: '/Me' })).status).toBe(401);
    expect((await adminCall(t, second, { method: 'GET', url: '/Me' })).status).toBe(401);
    expect((await signIn(t, m.email, STAFF_PASSWORD, await codeNow(m.secret), '203.0.113.100')).statusCode).toBe(401);

    const audit = await adminCall(t, owner.session, { method: 'GET', url: `/Audit?action=staff.reset_sign_in&target=staff:${m.id}` });
    expect(audit.body.items).toHaveLength(1);
    expect(audit.body.items[0].actor).toContain(owner.email);

    const mails = await mailsFor(t, m.email);
    expect(mails.at(-1)?.subject).toBe('Set a new password for the back office');
    expect(mails.at(-1)?.text).toContain('http://shop.test/admin/set-password?token=');
    const token = await linkTokenFor(m.email);
    // Stored hashed only; the outbox row forgets the link once sent.
    const db = t.ctx.database.db;
    expect(JSON.stringify(await db.selectFrom('staff_sign_in_links').selectAll().execute())).not.toContain(token);
    expect(JSON.stringify(await db.selectFrom('outbox').select('payload').execute())).not.toContain(token);

    // Another site's page cannot use it (the back office's own page can).
    const crossSite = await t.app.inject({ method: 'POST', url: '/beapi/Admin/SetPassword', payload: { token, newPassword: NEW_PASSWORD }, headers: { origin: 'https://evil.example' } });
    expect(crossSite.statusCode).toBe(403);
    // A refused password leaves the link usable.
    const short = await setPassword(token, 'short');
    expect(short.statusCode).toBe(400);
    expect(short.headers['content-type']).toContain('application/problem+json');
    expect((await setPassword(token, NEW_PASSWORD)).statusCode).toBe(200);
    // Used once: the second time is refused and changes nothing.
    const again = await setPassword(token, 'yet another password 8');
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toMatch(/not valid/);

    // The new password signs in without a code: the lost authenticator is gone.
    const signedIn = await signIn(t, m.email, NEW_PASSWORD, undefined, '203.0.113.101');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().totpEnabled).toBe(false);
    expect((await signIn(t, m.email, 'yet another password 8', undefined, '203.0.113.101')).statusCode).toBe(401);
    const set = await adminCall(t, owner.session, { method: 'GET', url: `/Audit?action=staff.password.set&target=staff:${m.id}` });
    expect(set.body.items).toHaveLength(1);
    const listed = (await adminCall(t, owner.session, { method: 'GET', url: '/Staff' })).body.find((s: { id: number }) => s.id === m.id);
    expect(listed).toMatchObject({ awaitingPassword: false, totpEnabled: false });
  });

  it('is for owners only, and not for the owner’s own sign-in', async () => {
    const owner = await newMember(t, ['owner']);
    const manager = await newMember(t, ['manager']);
    const m = await newMember(t, ['orders']);
    const byManager = await adminCall(t, manager.session, { method: 'POST', url: `/Staff/${m.id}/ResetSignIn` });
    expect(byManager.status).toBe(403);
    expect((await adminCall(t, m.session, { method: 'GET', url: '/Me' })).status).toBe(200);
    expect((await adminCall(t, owner.session, { method: 'POST', url: `/Staff/${owner.id}/ResetSignIn` })).status).toBe(409);
    expect((await adminCall(t, owner.session, { method: 'POST', url: '/Staff/999999/ResetSignIn' })).status).toBe(404);
    expect(await mailsFor(t, m.email)).toEqual([]);
  });

  it('a link stops working after 72 hours, and a newer reset voids the earlier link', async () => {
    const owner = await newMember(t, ['owner']);
    const m = await newMember(t, ['orders']);
    expect((await adminCall(t, owner.session, { method: 'POST', url: `/Staff/${m.id}/ResetSignIn` })).status).toBe(200);
    const first = await linkTokenFor(m.email);
    const row = await t.ctx.database.db.selectFrom('staff_sign_in_links').select(['created_at', 'expires_at']).where('staff_id', '=', m.id).executeTakeFirstOrThrow();
    expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(72 * 60 * 60 * 1000);

    expect((await adminCall(t, owner.session, { method: 'POST', url: `/Staff/${m.id}/ResetSignIn` })).status).toBe(200);
    const second = await linkTokenFor(m.email);
    expect(second).not.toBe(first);
    expect((await setPassword(first, NEW_PASSWORD)).statusCode).toBe(400);

    await t.ctx.database.db.updateTable('staff_sign_in_links').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('staff_id', '=', m.id).execute();
    expect((await setPassword(second, NEW_PASSWORD)).statusCode).toBe(400);
    expect((await signIn(t, m.email, NEW_PASSWORD, undefined, '203.0.113.102')).statusCode).toBe(401);
    expect((await setPassword('A'.repeat(43), NEW_PASSWORD)).statusCode).toBe(400);
  });

  it('a member added without a password is mailed the same kind of link to choose one (DESIGN.md §7)', async () => {
    const owner = await newMember(t, ['owner']);
    const email = `new.member.${process.pid}@shop.test`;
    const added = await adminCall(t, owner.session, { method: 'POST', url: '/Staff', payload: { email, name: 'Nia New', roles: ['catalogue'] } });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ email, awaitingPassword: true });
    expect((await mailsFor(t, email)).at(-1)?.subject).toBe('Your back-office account: set a password');
    // No password signs in until the link is used.
    expect((await signIn(t, email, '', undefined, '203.0.113.110')).statusCode).toBe(400);
    expect((await signIn(t, email, 'any password at all', undefined, '203.0.113.110')).statusCode).toBe(401);
    expect((await setPassword(await linkTokenFor(email), NEW_PASSWORD)).statusCode).toBe(200);
    expect((await signIn(t, email, NEW_PASSWORD, undefined, '203.0.113.111')).statusCode).toBe(200);
    const audit = await adminCall(t, owner.session, { method: 'GET', url: `/Audit?action=staff.create&target=staff:${added.body.id}` });
    expect(JSON.parse(audit.body.items[0].summary)).toMatchObject({ setPasswordLinkMailed: true });
  });
});

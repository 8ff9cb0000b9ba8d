import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailsFor } from '../customers/testing';
import { adminCall } from '../test-support/admin';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { newMember, signIn } from './staff-support';

/**
 * Issue 29: new staff are invited by mail rather than given a password typed by the owner
 * (DESIGN.md §7). POST /beapi/Admin/Staff without `password` mails a one-time link to
 * /admin/set-password that works for 72 hours; typing a first password stays possible.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());
afterEach(() => {
  vi.useRealTimers();
});

const PASSWORD = 'my own password 29';
let serial = 0;
const address = () => `invited${++serial}.${process.pid}@shop.test`;

async function invitation(email: string) {
  const mail = (await mailsFor(t, email)).at(-1);
  const link = /http:\/\/shop\.test\/admin\/set-password\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '');
  if (!mail || !link) throw new Error(`no invitation to ${email}`);
  return { mail, token: link[1]! };
}
const setPassword = (token: string) => t.app.inject({ method: 'POST', url: '/beapi/Admin/SetPassword', payload: { token, newPassword: PASSWORD } });

describe('inviting a staff member', () => {
  it('mails the new member a link, valid 72 hours, that sets their password once; audited', async () => {
    const owner = await newMember(t, ['owner']);
    const email = address();
    const added = await adminCall(t, owner.session, { method: 'POST', url: '/Staff', payload: { email, name: 'Ivy Invited', roles: ['warehouse'], warehouse: 'west' } });
    expect(added.status).toBe(201);
    expect(added.headers['cache-control']).toContain('no-store');
    expect(added.body).toMatchObject({ email, name: 'Ivy Invited', roles: ['warehouse'], warehouse: 'west', active: true, awaitingPassword: true, lastSignInAt: null });

    const { mail, token } = await invitation(email);
    expect(mail.subject).toBe('Your back-office account: set a password');
    expect(mail.text).toContain('Hello Ivy Invited');
    expect(mail.text).toContain('within 72 hours');
    const audit = await adminCall(t, owner.session, { method: 'GET', url: `/Audit?action=staff.create&target=staff:${added.body.id}` });
    expect(audit.body.items).toHaveLength(1);
    expect(JSON.parse(audit.body.items[0].summary)).toMatchObject({ email, roles: ['warehouse'], setPasswordLinkMailed: true });

    expect((await setPassword(token)).statusCode).toBe(200);
    // Once only: the second use is refused, in words.
    const again = await setPassword(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toMatch(/^This link is not valid any more/);
    const signedIn = await signIn(t, email, PASSWORD, undefined, '203.0.113.129');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().staff).toMatchObject({ email, roles: ['warehouse'], warehouse: 'west' });
  });

  it('a link opened 72 hours later no longer works; one opened just before does', async () => {
    const owner = await newMember(t, ['owner']);
    const [late, early] = [address(), address()];
    const sentAt = Date.now();
    for (const email of [late, early]) {
      expect((await adminCall(t, owner.session, { method: 'POST', url: '/Staff', payload: { email, name: 'Late Larry', roles: ['orders'] } })).status).toBe(201);
    }
    const [lateToken, earlyToken] = [(await invitation(late)).token, (await invitation(early)).token];

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(sentAt + 71 * 60 * 60 * 1000);
    expect((await setPassword(earlyToken)).statusCode).toBe(200);
    vi.setSystemTime(sentAt + 72 * 60 * 60 * 1000 + 60_000);
    const expired = await setPassword(lateToken);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().detail).toMatch(/older than 72 hours/);
    vi.useRealTimers();
    expect((await signIn(t, late, PASSWORD, undefined, '203.0.113.130')).statusCode).toBe(401);
    expect((await signIn(t, early, PASSWORD, undefined, '203.0.113.130')).statusCode).toBe(200);
  });

  it('a first password typed by the owner still works, and mails nothing; only owners invite', async () => {
    const owner = await newMember(t, ['owner']);
    const manager = await newMember(t, ['manager']);
    const email = address();
    const added = await adminCall(t, owner.session, { method: 'POST', url: '/Staff', payload: { email, name: 'Pia Password', roles: ['catalogue'], password: 'typed by the owner 1' } });
    expect(added.body).toMatchObject({ awaitingPassword: false });
    expect(await mailsFor(t, email)).toEqual([]);
    expect((await signIn(t, email, 'typed by the owner 1', undefined, '203.0.113.131')).statusCode).toBe(200);

    const other = address();
    const refused = await adminCall(t, manager.session, { method: 'POST', url: '/Staff', payload: { email: other, name: 'Nope', roles: ['orders'] } });
    expect(refused.status).toBe(403);
    expect(await mailsFor(t, other)).toEqual([]);
    // An address already on the staff is refused, and no second mail goes to it.
    expect((await adminCall(t, owner.session, { method: 'POST', url: '/Staff', payload: { email, name: 'Twice', roles: ['orders'] } })).status).toBe(409);
    expect(await mailsFor(t, email)).toEqual([]);
  });
});

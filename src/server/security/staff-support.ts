import { generate } from 'otplib';
import { adminCall, type StaffSessionForTest } from '../test-support/admin';
import type { Role } from '../../contract/admin/permissions';
import type { TestApp } from '../test-support/test-app';

/** Helpers of the staff sign-in security tests (staff-totp, staff-owners-keys, staff-reset-signin). */

export const STAFF_PASSWORD = 'staff-password-1';

let serial = 0;

export interface EnrolledMember {
  id: number;
  email: string;
  secret: string;
  session: StaffSessionForTest;
}

/** A new member with these roles, signed in, and nothing else. */
export async function newMember(t: TestApp, roles: Role[], warehouse: 'west' | 'east' | null = null): Promise<{ id: number; email: string; session: StaffSessionForTest }> {
  serial += 1;
  const email = `member${serial}.${process.pid}@shop.test`;
  await t.ctx.staff.create({ label: 'test', display: 'Shop', ip: '' }, { email, name: `Member ${serial}`, roles, warehouse, password: STAFF_PASSWORD });
  const session = await loginFrom(t, email, STAFF_PASSWORD, undefined, `10.28.${Math.floor(serial / 250) % 250}.${(serial % 250) + 1}`);
  return { id: session.id, email, session };
}

/** Like staffLogin, from an address of its own (the sign-in route allows 30 calls a minute per address). */
export async function loginFrom(t: TestApp, email: string, password: string, code: string | undefined, remoteAddress: string): Promise<StaffSessionForTest> {
  const res = await signIn(t, email, password, code, remoteAddress);
  if (res.statusCode !== 200) throw new Error(`staff login failed: ${res.statusCode} ${res.body}`);
  const body = res.json() as { csrfToken: string; staff: { id: number } };
  return { cookie: String(res.headers['set-cookie']).split(';')[0]!, csrf: body.csrfToken, id: body.staff.id };
}

/** The code the member's authenticator shows now. */
export const codeNow = (secret: string): Promise<string> => generate({ secret });

/** A six-digit code that none of the accepted time steps (now ±1) of `secret` shows. */
export async function wrongCode(secret: string, n = 0): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const valid = new Set(await Promise.all([-30, 0, 30, 60].map((d) => generate({ secret, epoch: now + d }))));
  for (let i = n; ; i++) {
    const c = String((i * 7919 + 123457) % 1_000_000).padStart(6, '0');
    if (!valid.has(c)) return c;
  }
}

/**
 * Each code works once (its time step is used up); between the sign-ins of a test the member's
 * used step is forgotten, as half a minute passing would.
 */
export async function letTimePass(t: TestApp, staffId: number): Promise<void> {
  await t.ctx.database.db.updateTable('staff').set({ totp_last_step: 0 }).where('id', '=', staffId).execute();
}

/** A member with an authenticator set up through the API (password, then a code), signed in. */
export async function enrolledMember(t: TestApp, roles: Role[] = ['manager']): Promise<EnrolledMember> {
  const m = await newMember(t, roles);
  const start = await adminCall(t, m.session, { method: 'POST', url: '/Me/Totp', payload: { password: STAFF_PASSWORD } });
  if (start.status !== 200) throw new Error(`TOTP set-up: ${start.status} ${JSON.stringify(start.body)}`);
  const secret: string = start.body.secret;
  const confirm = await adminCall(t, m.session, { method: 'POST', url: '/Me/Totp/Confirm', payload: { code: await codeNow(secret) } });
  if (confirm.status !== 200) throw new Error(`TOTP confirm: ${confirm.status} ${JSON.stringify(confirm.body)}`);
  await letTimePass(t, m.id);
  return { ...m, secret };
}

/** POST /beapi/Admin/Login from `remoteAddress`. */
export function signIn(t: TestApp, email: string, password: string, code: string | undefined, remoteAddress: string) {
  return t.app.inject({ method: 'POST', url: '/beapi/Admin/Login', payload: { email, password, ...(code === undefined ? {} : { code }) }, remoteAddress });
}

/** Moves the member's recorded wrong codes and failed sign-ins into the past, as if the time had passed. */
export async function ageFailures(t: TestApp, ms: number): Promise<void> {
  const db = t.ctx.database.db;
  for (const table of ['staff_code_failures', 'login_failures'] as const) {
    const rows = await db.selectFrom(table).select(['id', 'created_at']).execute();
    for (const r of rows) await db.updateTable(table).set({ created_at: new Date(Date.parse(r.created_at) - ms).toISOString() }).where('id', '=', r.id).execute();
  }
}

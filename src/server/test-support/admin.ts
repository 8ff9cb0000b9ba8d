import type { InjectOptions } from 'fastify';
import type { Role } from '../../contract/admin/permissions';
import type { Answer } from '../customers/testing';
import { DEMO_STAFF, seedDemoStaff } from '../staff';
import type { TestApp } from './test-app';

/** Helpers for API tests of /beapi/Admin: staff members, their sign-in and calls with the cookie and CSRF header. */

export interface StaffSessionForTest {
  cookie: string;
  csrf: string;
  id: number;
}

/** `path` is under /beapi/Admin, e.g. '/Orders?status=received'. */
export function adminCall(t: TestApp, session: StaffSessionForTest | null, options: Omit<InjectOptions, 'url'> & { url: string }): Promise<Answer> {
  const unsafe = options.method !== undefined && !['GET', 'HEAD'].includes(String(options.method));
  const headers = {
    ...(session ? { cookie: session.cookie } : {}),
    ...(session && unsafe ? { 'x-csrf-token': session.csrf } : {}),
    ...(options.headers ?? {}),
  };
  return t.app.inject({ ...options, url: `/beapi/Admin${options.url}`, headers }).then((res) => ({
    status: res.statusCode,
    body: res.body === '' ? undefined : res.headers['content-type']?.toString().includes('json') ? res.json() : res.rawPayload,
    headers: res.headers,
  }));
}

export async function staffLogin(t: TestApp, email: string, password: string, code?: string): Promise<StaffSessionForTest> {
  const res = await t.app.inject({ method: 'POST', url: '/beapi/Admin/Login', payload: { email, password, ...(code ? { code } : {}) } });
  if (res.statusCode !== 200) throw new Error(`staff login failed: ${res.statusCode} ${res.body}`);
  const setCookie = String(res.headers['set-cookie']);
  const body = res.json() as { csrfToken: string; staff: { id: number } };
  return { cookie: setCookie.split(';')[0]!, csrf: body.csrfToken, id: body.staff.id };
}

let serial = 0;

/** A new staff member with these roles, signed in. */
export async function staffWith(t: TestApp, roles: Role[], warehouse: 'west' | 'east' | null = null): Promise<StaffSessionForTest> {
  serial += 1;
  const email = `staff${serial}.${roles.join('-')}.${process.pid}@shop.test`;
  const password = 'staff-password-1';
  await t.ctx.staff.create({ label: 'test', display: 'Shop', ip: '' }, { email, name: `Staff ${serial}`, roles, warehouse, password });
  return staffLogin(t, email, password);
}

/** The demo owner, signed in (seeds the demo staff when needed). */
export async function ownerSession(t: TestApp): Promise<StaffSessionForTest> {
  await seedDemoStaff(t.ctx.database.db);
  const owner = DEMO_STAFF[0]!;
  return staffLogin(t, owner.email, owner.password);
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Permission } from '../../contract/admin/permissions';
import { STAFF, STAFF_MESSAGES } from '../../contract/admin/staff';
import type { Actor } from '../audit/audit';
import { Forbidden, Unauthorized } from '../errors';
import { allows, staffActor, type StaffMember, type StaffService } from '../staff/service';

/**
 * How /beapi/Admin knows who is calling (DESIGN.md §5): the staff session cookie only. A customer
 * token is never read here, and the cookie is never read on buyer calls (Path=/beapi/Admin, and
 * the buyer routes read tokens from headers only). Every route declares the permission it needs
 * in its config (`permission`), checked from the one table in src/contract/admin/permissions.ts;
 * a route without one is refused at start-up.
 */

export const SESSION_COOKIE = 'shop_staff';
export const ADMIN_PREFIX = '/beapi/Admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The permission an admin route needs; 'public' for sign-in, 'session' for any signed-in staff. */
    permission?: Permission | 'public' | 'session';
  }
  interface FastifyRequest {
    staff: StaffMember | null;
  }
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function readSessionCookie(request: FastifyRequest): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === SESSION_COOKIE) return part.slice(eq + 1).trim() || null;
  }
  return null;
}

export function sessionCookie(token: string, secure: boolean): string {
  const maxAge = STAFF.maxDays * 24 * 60 * 60;
  return `${SESSION_COOKIE}=${token}; Path=${ADMIN_PREFIX}; HttpOnly; SameSite=Strict; Max-Age=${maxAge}${secure ? '; Secure' : ''}`;
}

export function clearedSessionCookie(secure: boolean): string {
  return `${SESSION_COOKIE}=; Path=${ADMIN_PREFIX}; HttpOnly; SameSite=Strict; Max-Age=0${secure ? '; Secure' : ''}`;
}

/** A request sent by a page of another site: its Origin or Sec-Fetch-Site says so. */
function fromAnotherSite(request: FastifyRequest, publicOrigin: string): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') return true;
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  const host = request.headers.host;
  return origin !== publicOrigin && !(host !== undefined && (origin === `http://${host}` || origin === `https://${host}`));
}

export function registerStaffAuth(app: FastifyInstance, staff: StaffService, publicUrl: string): void {
  const publicOrigin = new URL(publicUrl).origin;
  app.decorateRequest('staff', null);

  app.addHook('onRoute', (route) => {
    if (!route.config?.permission) throw new Error(`admin route ${String(route.method)} ${route.url} declares no permission`);
  });

  app.addHook('onRequest', async (request: FastifyRequest) => {
    const permission = request.routeOptions.config.permission;
    if (permission === 'public') return;
    const token = readSessionCookie(request);
    const member = token ? await staff.resolve(token) : null;
    if (!member) throw new Unauthorized(STAFF_MESSAGES.signInRequired);
    if (UNSAFE.has(request.method)) {
      if (fromAnotherSite(request, publicOrigin) || request.headers['x-csrf-token'] !== member.csrfToken) throw new Forbidden(STAFF_MESSAGES.csrf);
    }
    if (permission && permission !== 'session' && !allows(member, permission)) throw new Forbidden(STAFF_MESSAGES.forbidden(permission));
    request.staff = member;
  });
}

export function requireStaff(request: FastifyRequest): StaffMember {
  if (!request.staff) throw new Unauthorized(STAFF_MESSAGES.signInRequired);
  return request.staff;
}

/** Who is acting, for the audit log and the order timeline. */
export function actorOf(request: FastifyRequest): Actor {
  return staffActor(requireStaff(request), request.ip);
}

export function isSecure(publicUrl: string): boolean {
  return publicUrl.startsWith('https:');
}

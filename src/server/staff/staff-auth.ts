import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_KEY_MESSAGES } from '../../contract/admin/api-keys';
import { API_SCOPES, type Permission, scopesAllow } from '../../contract/admin/permissions';
import { STAFF, STAFF_MESSAGES } from '../../contract/admin/staff';
import type { Actor } from '../platform/audit/audit';
import { apiKeyActor, type ApiKeyCaller, type ApiKeyService } from './api-keys/service';
import { Forbidden, Unauthorized } from '../platform/errors';
import type { StaffMember } from './member';
import { allows, staffActor, type StaffService } from './service';

/**
 * How /beapi/Admin knows who is calling (DESIGN.md §5): the staff session cookie, or an API key
 * sent as `Authorization: Bearer bws_…` (then no cookie is read and no CSRF header is needed: a
 * browser never sends that header by itself; the route's permission must be granted by one of
 * the key's scopes, which no staff-only permission is, and which its maker still holds: decision
 * 0027). A customer
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
    /** The API key of a call made with one (then `staff` is null). */
    apiKey: ApiKeyCaller | null;
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

/** The key of `Authorization: Bearer <key>`; null without that header. */
function readBearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header === undefined) return null;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return m ? m[1]! : '';
}

export function registerStaffAuth(app: FastifyInstance, staff: StaffService, publicUrl: string, apiKeys: ApiKeyService): void {
  const publicOrigin = new URL(publicUrl).origin;
  app.decorateRequest('staff', null);
  app.decorateRequest('apiKey', null);

  app.addHook('onRoute', (route) => {
    const permission = route.config?.permission;
    if (!permission) throw new Error(`admin route ${String(route.method)} ${route.url} declares no permission`);
    // The OpenAPI document says how to call it: the session (with the CSRF header on unsafe
    // methods), or an API key when a scope grants the route's permission.
    if (route.schema?.security && permission !== 'public') {
      const unsafe = [route.method].flat().some((m) => UNSAFE.has(m));
      const byKey = permission !== 'session' && API_SCOPES.some((s) => scopesAllow([s], permission));
      route.schema.security = [unsafe ? { staffSession: [], csrfToken: [] } : { staffSession: [] }, ...(byKey ? [{ apiKey: [] }] : [])];
    }
  });

  app.addHook('onRequest', async (request: FastifyRequest) => {
    const permission = request.routeOptions.config.permission;
    if (permission === 'public') {
      // A public change other than the sign-in (the set-password link) comes from the back office's own page only.
      if (UNSAFE.has(request.method) && request.routeOptions.url !== `${ADMIN_PREFIX}/Login` && fromAnotherSite(request, publicOrigin)) throw new Forbidden(STAFF_MESSAGES.csrf);
      return;
    }
    const bearer = readBearer(request);
    if (bearer !== null) {
      const key = bearer ? await apiKeys.resolve(bearer, request.ip) : null;
      if (!key) throw new Unauthorized(API_KEY_MESSAGES.invalid);
      apiKeys.countCall(key);
      if (!permission || permission === 'session') throw new Forbidden(API_KEY_MESSAGES.staffOnly);
      if (!scopesAllow(key.scopes, permission)) throw new Forbidden(API_KEY_MESSAGES.scope(permission));
      request.apiKey = key;
      return;
    }
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

/**
 * For a route that takes a field only some of its callers may set (a customer's price level on
 * the customers route): 403 unless the caller, staff or key, has `permission` too.
 */
export function requirePermission(request: FastifyRequest, permission: Permission): void {
  if (callerCan(request, permission)) return;
  throw new Forbidden(STAFF_MESSAGES.forbidden(permission));
}

/** True when the caller, staff member or key, has `permission` (a screen shaped by what the caller may do: the dashboard). */
export function callerCan(request: FastifyRequest, permission: Permission): boolean {
  return Boolean(request.apiKey ? scopesAllow(request.apiKey.scopes, permission) : request.staff && allows(request.staff, permission));
}

/** Who is acting, for the audit log and the order timeline: the staff member, or the API key. */
export function actorOf(request: FastifyRequest): Actor {
  if (request.apiKey) return apiKeyActor(request.apiKey, request.ip);
  return staffActor(requireStaff(request), request.ip);
}

/** The one warehouse the caller may work at: a warehouse member set to one (or a key such a member made); null for owners and managers. */
export function warehouseLimit(request: FastifyRequest): 'west' | 'east' | null {
  if (request.apiKey) return request.apiKey.warehouse;
  const member = requireStaff(request);
  return member.warehouse !== null && !member.roles.some((r) => r === 'owner' || r === 'manager') ? member.warehouse : null;
}

export function isSecure(publicUrl: string): boolean {
  return publicUrl.startsWith('https:');
}

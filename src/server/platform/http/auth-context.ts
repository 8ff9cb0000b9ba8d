import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyRequest } from 'fastify';
import { ACCOUNT_STATUS_MESSAGES, type CustomerStatus } from '../../../contract/accounts';
import { ACT_AS_MESSAGES } from '../../../contract/act-as';
import type { Actor } from '../audit/audit';
import { Forbidden, Unauthorized } from '../errors';

/** The staff member acting for the customer in an act-as session (decision 0035). */
export interface ActingStaff {
  id: number;
  name: string;
  email: string;
  /** The customer's company (or name), for "Anna Owner for Party Palace". */
  company: string;
}

/** Who is calling, once a token has been checked. */
export interface SignedInCustomer {
  id: number;
  code: string;
  /** Only an active customer sees prices and may order; pending and suspended ones browse as visitors. */
  status: CustomerStatus;
  /** The customer's price level as of this request (id and version); null: list prices. */
  priceLevel: { id: number; version: number } | null;
  /** Hash of the token of this request, so logout can revoke exactly this session. */
  tokenHash: string;
  /** Set when staff act for the customer in this session (act-as, decision 0035); null: the buyer. */
  actingStaff: ActingStaff | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    customer: SignedInCustomer | null;
  }
}

/**
 * Who did a buyer-side change, for the audit log, stock movements and the order timeline: the
 * buyer (`customer:12`), or in an act-as session the staff member acting for them
 * (`staff:3 owner@example.com as customer:12`, named "Anna Owner for Party Palace"). Every buyer
 * action takes its actor from here, so none of them can forget the acting staff member.
 */
export function buyerActor(who: SignedInCustomer, display: string, ip = ''): Actor {
  const staff = who.actingStaff;
  if (!staff) return { label: `customer:${who.id}`, display, ip };
  return { label: `staff:${staff.id} ${staff.email} as customer:${who.id}`, display: 'Order desk', name: ACT_AS_MESSAGES.actorName(staff.name, staff.company), ip };
}

/**
 * For the calls staff may not make for a buyer (password, email, security question, sign-in and
 * reset links): 403 in an act-as session. Runs before validation, like `signedIn`.
 */
export async function notWhileActing(request: FastifyRequest): Promise<void> {
  if (request.customer?.actingStaff) throw new Forbidden(ACT_AS_MESSAGES.notWhileActing);
}

/** Looks up the customer for a raw token; null when the token is unknown, revoked or expired. */
export type CustomerResolver = (token: string) => Promise<SignedInCustomer | null>;

/** The token as DESIGN.md §3 allows it: `user-token`, `X-User-Token` or `Authorization: Bearer`. */
export function readToken(request: FastifyRequest): string | null {
  return readTokenFrom(request.headers);
}

/** `readToken` on raw headers (the fast lane reads them before Fastify makes a request). */
export function readTokenFrom(h: IncomingHttpHeaders): string | null {
  const direct = h['user-token'] ?? h['x-user-token'];
  const value = Array.isArray(direct) ? direct[0] : direct;
  if (value) return value.trim() || null;
  const auth = h.authorization;
  if (auth && /^bearer\s+/i.test(auth)) return auth.replace(/^bearer\s+/i, '').trim() || null;
  return null;
}

export function requireCustomer(request: FastifyRequest): SignedInCustomer {
  if (!request.customer) throw new Unauthorized();
  return request.customer;
}

/**
 * Whether a caller sees prices: an active customer does; a visitor, and a pending or suspended
 * customer, get the anonymous answer (the catalogue's response cache and ETags are keyed by this).
 */
export function isPriced(customer: SignedInCustomer | null): boolean {
  return customer !== null && customer.status === 'active';
}

/** A customer who may use the cart, speed lists, order forms and checkout: 401 without a token, 403 unless active. */
export function requireTradingCustomer(request: FastifyRequest): SignedInCustomer {
  const customer = requireCustomer(request);
  if (customer.status !== 'active') throw new Forbidden(ACCOUNT_STATUS_MESSAGES[customer.status]);
  return customer;
}

import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyRequest } from 'fastify';
import { ACCOUNT_STATUS_MESSAGES, type CustomerStatus } from '../../../contract/accounts';
import { Forbidden, Unauthorized } from '../errors';

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
}

declare module 'fastify' {
  interface FastifyRequest {
    customer: SignedInCustomer | null;
  }
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

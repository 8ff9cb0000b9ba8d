import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyRequest } from 'fastify';
import { Unauthorized } from '../errors';

/** Who is calling, once a token has been checked. */
export interface SignedInCustomer {
  id: number;
  code: string;
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

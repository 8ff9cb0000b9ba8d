import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The security headers of every answer, as one frozen set built at start-up. They are exactly
 * what @fastify/helmet produced with our options (its defaults plus our CSP), but helmet rebuilt
 * and re-parsed its policy on every request, a measurable share of the hottest calls
 * (docs/decisions/0006-hot-path.md).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "base-uri 'self'",
  "font-src 'self' https: data:",
  "form-action 'self'",
  "frame-ancestors 'none'",
  // blob: the buyer's own photos, shown from object URLs of files they picked or fetched with their token (decision 0039).
  "img-src 'self' data: blob:",
  "object-src 'none'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
  'upgrade-insecure-requests',
].join(';');

export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
});

const entries = Object.entries(SECURITY_HEADERS);

/** onRequest hook: puts the headers on the reply (a route may still override one, as Swagger UI does its CSP). */
export function applySecurityHeaders(_request: FastifyRequest, reply: FastifyReply, done: () => void): void {
  for (const [name, value] of entries) reply.header(name, value);
  done();
}

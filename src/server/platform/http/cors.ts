import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isAdminPath } from './admin-path';

/**
 * CORS for the API (docs/decisions/0011-cors.md): a site listed in CORS_ORIGINS (a retailer's own
 * site, a separate front end) may call /beapi from the browser with a token. No cookies are
 * involved, so no credentials mode. Any other origin, and every page outside /beapi, gets no CORS
 * header at all, so the browser keeps them same-origin. The back office (/beapi/Admin, however
 * spelt, and any route that declares a staff permission) is never opened, not even to a listed
 * origin: its session is a cookie, and only its own pages may call it.
 */

/** The request headers the API reads that a browser will not send cross-origin without asking. */
const ALLOW_HEADERS = 'content-type, user-token, x-user-token, authorization, idempotency-key, if-none-match';
const ALLOW_METHODS = 'GET, POST, PUT, DELETE';
/** The answer headers a caller's script may read besides the safelisted ones: the login token, and how long to wait after a 429. */
const EXPOSE_HEADERS = 'user-token, retry-after';
/** Browsers cap this anyway (Chrome at 2 hours); 10 minutes saves most preflights. */
const MAX_AGE = '600';

/**
 * The configured origins as browsers serialise an `Origin` header (scheme://host[:port], lower
 * case, no path, default port left out), so a request matches by plain string equality.
 * config.ts accepts only http(s) URLs: no value can turn into the opaque origin "null".
 */
export function allowedOrigins(values: readonly string[]): Set<string> {
  return new Set(values.map((v) => new URL(v).origin));
}

/** Adds `origin` to the answer's Vary, keeping what is there (catalogue answers vary on encoding and tokens). */
function varyOnOrigin(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  if (vary === undefined) {
    reply.header('vary', 'origin');
    return;
  }
  const value = Array.isArray(vary) ? vary.join(', ') : String(vary);
  if (!value.split(',').some((v) => ['origin', '*'].includes(v.trim().toLowerCase()))) reply.header('vary', `${value}, origin`);
}

/** Registers the CORS hooks; with no origin configured it adds nothing, so nothing changes. */
export function registerCors(app: FastifyInstance, configured: readonly string[]): void {
  if (configured.length === 0) return;
  const allowed = allowedOrigins(configured);

  const allowedOrigin = (request: FastifyRequest): string | null => {
    const origin = request.headers.origin;
    if (origin === undefined || !allowed.has(origin) || !request.url.startsWith('/beapi/')) return null;
    return isAdminPath(request.url) || request.routeOptions.config?.permission !== undefined ? null : origin;
  };
  const isPreflight = (request: FastifyRequest): boolean =>
    request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined;

  // Before routing answers: no route takes OPTIONS, so a preflight would otherwise be a 404.
  // Registered after the security headers, which stay on the 204.
  app.addHook('onRequest', (request, reply, done) => {
    if (!isPreflight(request) || allowedOrigin(request) === null) {
      done();
      return;
    }
    reply
      .code(204)
      .header('access-control-allow-methods', ALLOW_METHODS)
      .header('access-control-allow-headers', ALLOW_HEADERS)
      .header('access-control-max-age', MAX_AGE)
      .send();
  });

  // On the way out, so that neither a route setting its own Vary nor an error answer drops them.
  app.addHook('onSend', (request, reply, payload, done) => {
    const origin = allowedOrigin(request);
    if (origin !== null) {
      reply.header('access-control-allow-origin', origin);
      if (!isPreflight(request)) reply.header('access-control-expose-headers', EXPOSE_HEADERS);
      varyOnOrigin(reply);
    }
    done(null, payload);
  });
}

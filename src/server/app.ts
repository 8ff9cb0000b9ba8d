import { resolve } from 'node:path';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { adminRoutes } from './admin-routes';
import type { ShopContext } from './context';
import { catalogueModule } from './catalogue';
import { contentModule } from './content';
import { auditActingRequests, customersModule } from './customers';
import { flowsModule } from './flows/manifest';
import { moneyModule } from './money';
import { ordersModule } from './orders';
import type { ModuleRoutes } from './platform/http/module-routes';
import { reportsModule } from './reports';
import { staffModule } from './staff';
import { stockModule } from './stock';
import { isAdminPath } from './platform/http/admin-path';
import { readToken } from './platform/http/auth-context';
import { registerCors } from './platform/http/cors';
import { registerErrorHandler, sendProblem } from './platform/http/error-handler';
import { plainValidatorCompiler } from './platform/http/plain-validation';
import { healthRoutes } from './platform/http/health';
import { FastLane } from './platform/http/fast-lane';
import { refuseNul } from './platform/http/nul-guard';
import { serveWebApp } from './platform/http/static-web';
import { REDIS_TIMEOUTS, sharedRateLimitStore } from './platform/http/rate-limit-store';
import { trustedProxies } from './platform/http/trust-proxy';
import { applySecurityHeaders } from './platform/http/security-headers';
import { OneLinePerRequest } from './platform/logs/request-log';

export interface AppOptions {
  logger?: FastifyServerOptions['logger'];
  /** Folder of the built web app; serving is skipped when it has not been built. */
  webDir?: string;
  /** Sees every route as it is added (the security tests build their access matrix from it). */
  onRoute?: (route: RouteOptions) => void;
  /** Slow-client limits; tests shorten them. */
  timeouts?: Partial<typeof TIMEOUTS>;
  /** The rate limits' Redis client's timeouts (with REDIS_URL); tests shorten them. */
  redisTimeouts?: Partial<typeof REDIS_TIMEOUTS>;
}

/**
 * A slow client cannot hold a connection: 10 s to send the headers, 30 s for the whole request,
 * 60 s of silence on an idle connection. Node checks the first two every `checkEveryMs`.
 */
export const TIMEOUTS = { headersMs: 10_000, requestMs: 30_000, idleMs: 60_000, checkEveryMs: 2_000 };

export const WEB_DIR = resolve('dist/web');

/** The modules, each with its routes (its manifest.ts), in rank order (DESIGN.md §6): the one list of them. */
const MODULES: readonly ModuleRoutes<ShopContext>[] = [
  staffModule,
  stockModule,
  catalogueModule,
  contentModule,
  customersModule,
  ordersModule,
  moneyModule,
  reportsModule,
  flowsModule,
];

/**
 * Path parameters that are personal data or secrets: the new sign-in address of UpdateEmail and
 * the coupon codes of AddCoupon/DeleteCoupon. Slashes may be doubled (the router ignores that).
 */
const SECRET_PATH_PARAMS = /^(\/+beapi\/+(?:Customer\/+UpdateEmail|Shop\/+(?:Add|Delete)Coupon)\/+)[^/]+/i;

/**
 * Log request URLs without their query string (/System/Login may carry a password there) and
 * without the path parameters above.
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  const redacted = path.replace(SECRET_PATH_PARAMS, '$1…');
  return q === -1 ? redacted : `${redacted}?…`;
}

/** `destination`: where the JSON lines go instead of stdout (npm start's readable lines on a terminal). */
export function loggerOptions(level: string, destination?: { write(line: string): void }): FastifyServerOptions['logger'] {
  return {
    level,
    ...(destination ? { stream: destination } : {}),
    redact: {
      paths: ['req.headers.authorization', 'req.headers["user-token"]', 'req.headers["x-user-token"]', 'req.headers.cookie'],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({ method: req.method, url: redactUrl(req.url), ip: req.ip }),
    },
  };
}

export async function buildApp(ctx: ShopContext, options: AppOptions = {}): Promise<FastifyInstance> {
  const timeouts = { ...TIMEOUTS, ...options.timeouts };
  // Behind a reverse proxy the client is named by the proxy (TRUST_PROXY, http/trust-proxy.ts):
  // request.ip and request.protocol, and so every throttle, rate limit, audit row, log line and
  // the Secure cookie flag, follow it. With no proxies listed, forwarded headers are ignored.
  const trustProxy = ctx.config.TRUST_PROXY.length ? trustedProxies(ctx.config.TRUST_PROXY) : null;
  // The hottest reads are answered in front of Fastify when they succeed (http/fast-lane.ts).
  const fastLane = new FastLane(trustProxy);
  const app = Fastify({
    serverFactory: fastLane.serverFactory,
    logger: options.logger ?? false,
    // One line per request instead of Fastify's two (platform/logs/request-log.ts).
    logController: new OneLinePerRequest(),
    trustProxy: trustProxy ?? false,
    bodyLimit: 1024 * 1024,
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.idleMs,
    http: { headersTimeout: timeouts.headersMs, connectionsCheckingInterval: timeouts.checkEveryMs },
    // Unknown query keys are ignored by the zod schemas; repeated ones arrive as arrays.
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
    // A path with broken percent-encoding never reaches the error handler: answer it as a problem too.
    // Hooks (and so the security headers) do not run for it, hence the headers here.
    frameworkErrors: (_error, _request, reply) => {
      reply.headers({
        'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'no-referrer',
        // Whatever path it was (the back office's answers are never stored).
        'cache-control': 'no-store',
      });
      void sendProblem(reply, 400, 'Malformed URL');
    },
  }).withTypeProvider<ZodTypeProvider>();

  fastLane.attach(ctx.resolveCustomer, app.log);
  app.decorate('fastLane', fastLane);
  // A GET route that declares `config.lane` gets its lane here (http/fast-lane.ts).
  app.addHook('onRoute', fastLane.onRoute);
  // The outbox dispatcher runs while the app does; closing waits for the deliveries in flight.
  if (ctx.config.OUTBOX_DISPATCHER === 'on') app.addHook('onReady', async () => ctx.outbox.start());
  app.addHook('onClose', () => ctx.outbox.stop());
  // An import being applied finishes its chunk and stops (its job shows where).
  app.addHook('onClose', () => ctx.itemImports.close());
  app.addHook('preClose', (done) => {
    fastLane.close();
    done();
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.setValidatorCompiler(plainValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  // The same headers helmet gave, as one precomputed set (helmet rebuilt its CSP per request).
  app.addHook('onRequest', applySecurityHeaders);
  // Only when CORS_ORIGINS lists origins (http/cors.ts).
  registerCors(app, ctx.config.CORS_ORIGINS);
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  // Off by default; routes opt in with `config.rateLimit`, counted per client (request.ip, so the
  // forwarded client behind a trusted proxy). With REDIS_URL the counts are in Redis, shared by
  // every instance (http/rate-limit-store.ts): the app waits for it before it listens (a bounded
  // wait), and a Redis that cannot be reached lets requests through (skipOnError). Without it,
  // in memory, so per process.
  if (ctx.config.REDIS_URL) {
    const shared = sharedRateLimitStore(ctx.config.REDIS_URL, app.log, options.redisTimeouts);
    app.addHook('onReady', () => shared.start());
    app.addHook('onClose', () => shared.close());
    await app.register(rateLimit, { global: false, redis: shared.client, nameSpace: ctx.config.REDIS_KEY_PREFIX, skipOnError: true });
  } else {
    await app.register(rateLimit, { global: false });
  }

  await app.register(swagger, {
    openapi: {
      info: { title: 'Balloon wholesale shop API', version: '1.0.0' },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          userToken: { type: 'apiKey', in: 'header', name: 'user-token' },
          staffSession: { type: 'apiKey', in: 'cookie', name: 'shop_staff', description: 'Staff session (POST /beapi/Admin/Login); unsafe methods also need the x-csrf-token header' },
          csrfToken: { type: 'apiKey', in: 'header', name: 'x-csrf-token', description: 'With the staff session on POST, PUT, PATCH and DELETE: the csrfToken of the sign-in answer' },
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'bws_…',
            description: 'An API key (POST /beapi/Admin/ApiKeys) as `Authorization: Bearer bws_…` on /beapi/Admin: no cookie, no CSRF header; the route\'s permission must be in the key\'s scopes (docs/integration.md)',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  // Its own CSP (hashes for its scripts), but never framed, like every other page.
  await app.register(swaggerUi, { routePrefix: '/beapi/docs', staticCSP: true, transformStaticCSP: (csp) => csp.replace(/frame-ancestors [^;]*/, "frame-ancestors 'none'") });

  app.decorateRequest('customer', null);
  app.addHook('onRequest', async (request, reply) => {
    // Customer tokens are never read on the back office's calls (admin/staff-auth.ts), and none
    // of its answers is stored: here too, so its 404s and body-parsing errors carry no-store.
    // Asked before anything else of the path: the router also serves `//beapi/Admin/…` and
    // other spellings of it (isAdminPath knows them all).
    if (isAdminPath(request.url)) {
      reply.header('cache-control', 'no-store');
      return;
    }
    if (!request.url.startsWith('/beapi/')) return;
    const token = readToken(request);
    if (token && ctx.resolveCustomer) request.customer = await ctx.resolveCustomer(token);
  });

  app.addHook('preHandler', refuseNul);

  await app.register(
    async (api) => {
      // An act-as session's every change is tied to the staff member in the audit log (decision 0035).
      api.addHook('preHandler', auditActingRequests(ctx.database.db));
      await api.register(healthRoutes, { database: ctx.database });
      for (const module of MODULES) for (const plugin of module.api ?? []) await api.register(plugin, { ctx });
    },
    { prefix: '/beapi' },
  );
  // Outside the /beapi plugin above: no catalogue cache hook, no fast lane, its own auth.
  await app.register(adminRoutes, { ctx, modules: MODULES, prefix: '/beapi/Admin' });
  for (const module of MODULES) for (const plugin of module.site ?? []) await app.register(plugin, { ctx });

  serveWebApp(app, options.webDir ?? WEB_DIR);
  return app;
}

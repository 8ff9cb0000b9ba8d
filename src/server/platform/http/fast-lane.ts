import { createServer, type IncomingMessage, type Server, type ServerOptions, type ServerResponse } from 'node:http';
import type { FastifyBaseLogger, RouteOptions } from 'fastify';
import { isAdminPath } from './admin-path';
import { readTokenFrom, type CustomerResolver, type SignedInCustomer } from './auth-context';
import { REQUEST_DONE } from '../logs/request-log';
import { SECURITY_HEADERS } from './security-headers';
import { clientAddress, type TrustProxy } from './trust-proxy';

/**
 * The fast lane: the two hottest reads (item detail, get cart) answered straight from node:http,
 * without Fastify's request pipeline, when their answer is a plain 200. Fastify's routing, request
 * and reply objects, hook chains and validation cost more CPU than the whole of a cached detail
 * answer (docs/decisions/0009-item-detail.md).
 *
 * A lane only ever answers the happy path, and only for requests whose every rule it can see is
 * met: a GET to the exact path, with no body, no If-None-Match and no Origin, and a query the lane checks
 * with a precompiled pattern stricter than the route's schema (so it is valid, holds no NUL, and
 * means the same to both). For anything else, and whenever its handler answers null or throws
 * (not found, no customer, a database error), the request goes to Fastify untouched, which then
 * applies every rule and writes every error exactly as before. The lane sets the same security
 * headers, resolves the token with the same resolver, and logs requests as the app does (one line
 * each, platform/logs/request-log.ts) when the log level asks for it.
 */

/** A 200 answer: the headers after the security headers (flat name, value pairs) and the body. */
export interface FastAnswer {
  headers: string[];
  body: Buffer;
}

/** Answers a request the lane has accepted, or null to let Fastify answer it. */
export type FastHandler = (request: IncomingMessage, customer: SignedInCustomer | null) => FastAnswer | null | Promise<FastAnswer | null>;

/**
 * A GET route that the lane may answer declares it on the route itself, in its config:
 * `app.get(path, { config: { lane: { query, answer } }, schema }, handler)`. That one declaration
 * makes the Fastify route and the lane entry (FastLane.onRoute), so a lane never exists without
 * the route that answers everything it passes on. A lane skips every hook (auth, permissions,
 * no-store, CORS), so which routes have one is checked by security/fast-lane-allowlist.api.test.ts,
 * and nothing under /beapi/Admin can ever get one.
 */
export interface LaneDeclaration {
  /** A pattern the whole query string must match (null: only without a query string). */
  query: RegExp | null;
  answer: FastHandler;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The lane in front of this app (see FastLane). */
    fastLane: FastLane;
  }
  interface FastifyContextConfig {
    /** This GET route's 200s may be answered by the fast lane (see LaneDeclaration). */
    lane?: LaneDeclaration;
  }
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** Levels at which Fastify logs every request (info and below). */
const LOGS_REQUESTS = new Set(['info', 'debug', 'trace']);

const SECURITY = Object.entries(SECURITY_HEADERS).flat();

interface Lane {
  handler: FastHandler;
  /** A pattern the whole query string must match ('' = no query string). */
  query: RegExp | null;
}

export class FastLane {
  private readonly lanes = new Map<string, Lane>();
  private resolveCustomer: CustomerResolver | null = null;
  private log: FastifyBaseLogger | null = null;
  private closing = false;
  private nextId = 0;
  /** Requests the lane has answered itself (the rest went to Fastify): for tests and diagnostics. */
  answered = 0;

  /** `trustProxy`: the app's trusted proxies, so its log lines name the client as Fastify's do. */
  constructor(private readonly trustProxy: TrustProxy | null = null) {}

  /**
   * Fastify's `onRoute` hook: a GET route whose config declares a lane gets one at its full path
   * (prefix included). Throws for a path under /beapi/Admin, so the app does not start with one.
   */
  onRoute = (route: RouteOptions): void => {
    const lane = (route.config as { lane?: LaneDeclaration } | undefined)?.lane;
    if (!lane || route.method !== 'GET') return;
    this.add(route.url, lane);
  };

  /** Serves `path` when the query string matches `lane.query` in full. */
  add(path: string, lane: LaneDeclaration): void {
    if (isAdminPath(path)) throw new Error(`fast lane: ${path} is in the back office, which never gets a lane`);
    this.lanes.set(path, { handler: lane.answer, query: lane.query });
  }

  /** The paths that have a lane. */
  paths(): string[] {
    return [...this.lanes.keys()];
  }

  /** Set once the app exists: the token resolver the auth hook uses, and the app's logger. */
  attach(resolveCustomer: CustomerResolver | null, log: FastifyBaseLogger): void {
    this.resolveCustomer = resolveCustomer;
    this.log = log;
  }

  /** While the app closes, Fastify answers every request (with its 503 when it must). */
  close(): void {
    this.closing = true;
  }

  /** Fastify's `serverFactory`: the HTTP/1 server Fastify would make, with the lane in front. */
  serverFactory = (fastify: Handler, options: { http?: ServerOptions; keepAliveTimeout?: number; requestTimeout?: number; connectionTimeout?: number }): Server => {
    const server = createServer(options.http ?? {}, (req, res) => this.dispatch(req, res, fastify));
    // As fastify/lib/server.js does for the server it makes itself.
    if (options.keepAliveTimeout !== undefined) server.keepAliveTimeout = options.keepAliveTimeout;
    if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
    server.setTimeout(options.connectionTimeout ?? 0);
    return server;
  };

  private dispatch(req: IncomingMessage, res: ServerResponse, fastify: Handler): void {
    const url = req.url ?? '';
    const q = url.indexOf('?');
    const lane = this.closing || req.method !== 'GET' ? undefined : this.lanes.get(q === -1 ? url : url.slice(0, q));
    const h = req.headers;
    if (
      !lane ||
      (q === -1 ? lane.query !== null : !lane.query || !lane.query.test(url.slice(q + 1))) ||
      h['content-length'] !== undefined ||
      h['transfer-encoding'] !== undefined ||
      h['if-none-match'] !== undefined ||
      // A cross-origin call gets its CORS headers (or none) from Fastify's hooks.
      h.origin !== undefined
    ) {
      fastify(req, res);
      return;
    }
    const token = readTokenFrom(h);
    if (token && this.resolveCustomer) {
      this.resolveCustomer(token).then(
        (customer) => this.run(lane, req, res, customer, fastify),
        () => fastify(req, res),
      );
    } else this.run(lane, req, res, null, fastify);
  }

  private run(lane: Lane, req: IncomingMessage, res: ServerResponse, customer: SignedInCustomer | null, fastify: Handler): void {
    let answer: FastAnswer | null | Promise<FastAnswer | null>;
    try {
      answer = lane.handler(req, customer);
    } catch {
      fastify(req, res);
      return;
    }
    if (answer instanceof Promise) answer.then((a) => this.send(req, res, a, fastify), () => fastify(req, res));
    else this.send(req, res, answer, fastify);
  }

  private send(req: IncomingMessage, res: ServerResponse, answer: FastAnswer | null, fastify: Handler): void {
    if (!answer) {
      fastify(req, res);
      return;
    }
    const log = this.log && LOGS_REQUESTS.has(this.log.level) ? this.log.child({ reqId: `fast-${(this.nextId++).toString(36)}` }) : null;
    const started = log ? performance.now() : 0;
    if (log) {
      const line = { req: { method: req.method, url: req.url, ip: clientAddress(req, this.trustProxy) } };
      res.once('finish', () => log.info({ ...line, res: { statusCode: res.statusCode }, responseTime: performance.now() - started }, REQUEST_DONE));
    }
    this.answered++;
    res.writeHead(200, [...SECURITY, ...answer.headers, 'content-length', String(answer.body.length)]);
    res.end(answer.body);
  }
}

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpCustomer, type TestCustomer } from '../../orders/cart/test-customers';
import { loadFixtureCatalogue } from '../../catalogue/test-fixture';
import { staffWith } from '../../test-support/admin';
import { isAdminRoute, pathFor, routeCollector } from '../../security/route-table';
import { getOverSocket } from '../../test-support/over-socket';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { SECURITY_HEADERS } from './security-headers';

/**
 * CORS_ORIGINS: a listed site may call /beapi from a browser (preflight, token in and out); any
 * other origin, and every page, gets what it got before: no CORS header at all.
 */

const RETAILER = 'https://retailer.example';
const FRONT_END = 'http://localhost:5173';
let t: TestApp;
let base: string;
let buyer: TestCustomer;
const { routes, collect } = routeCollector();

beforeAll(async () => {
  const web = join(process.env.TMPDIR ?? '/tmp', `shop-web-cors-${process.pid}-${Date.now()}`);
  mkdirSync(join(web, 'assets'), { recursive: true });
  writeFileSync(join(web, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  // Written as people write them: a trailing slash, a default port, a path. The origin is what counts.
  const CORS_ORIGINS = `${RETAILER}:443/, ${FRONT_END}/shop/`;
  t = await createTestApp((ctx) => loadFixtureCatalogue(ctx.database.db), { webDir: web, onRoute: collect }, { CORS_ORIGINS });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  buyer = await signUpCustomer(t.app);
}, 60_000);
afterAll(() => t?.close());

const inject = (options: InjectOptions) => t.app.inject(options);

function preflight(url: string, origin: string, method = 'POST') {
  return inject({
    method: 'OPTIONS',
    url,
    headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': 'content-type, user-token' },
  });
}

function expectSecurityHeaders(headers: Record<string, unknown>, label: string): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(headers[name], `${label}: ${name}`).toBe(value);
}

function expectNoCors(headers: Record<string, unknown>, label: string): void {
  expect(Object.keys(headers).filter((h) => h.startsWith('access-control-')), label).toEqual([]);
  expect(String(headers.vary ?? ''), label).not.toContain('origin');
}

const varyOf = (headers: Record<string, unknown>) => String(headers.vary).split(',').map((v) => v.trim());

describe('an allowed origin', () => {
  it('is granted a preflight on every kind of API call, with the security headers still on', async () => {
    const calls: [string, string][] = [
      ['/beapi/System/Login', 'POST'],
      ['/beapi/Inventory/GetItemDetail?itemNum=11001', 'GET'],
      ['/beapi/Shop/AddItem?invNum=11001&qty=1', 'POST'],
      ['/beapi/Shop/UpdateItem?invNum=11001&qty=2', 'PUT'],
      ['/beapi/Shop/DeleteCartItem/11001', 'DELETE'],
      ['/beapi/Shop/Checkout', 'POST'],
    ];
    for (const origin of [RETAILER, FRONT_END]) {
      for (const [url, method] of calls) {
        const res = await preflight(url, origin, method);
        const label = `OPTIONS ${url} from ${origin}`;
        expect(res.statusCode, label).toBe(204);
        expect(res.body, label).toBe('');
        expect(res.headers['access-control-allow-origin'], label).toBe(origin);
        expect(res.headers['access-control-allow-methods'], label).toBe('GET, POST, PUT, DELETE');
        const allowed = String(res.headers['access-control-allow-headers']).split(', ');
        expect(allowed, label).toEqual(expect.arrayContaining(['content-type', 'user-token', 'x-user-token', 'authorization', 'idempotency-key']));
        expect(res.headers['access-control-max-age'], label).toBe('600');
        expect(res.headers.vary, label).toBe('origin');
        expect(res.headers['access-control-allow-credentials'], label).toBeUndefined();
        expectSecurityHeaders(res.headers, label);
      }
    }
  });

  it('signs in cross-origin, can read the token, and calls with it as user-token, X-User-Token or Bearer', async () => {
    const login = await inject({
      method: 'POST',
      url: '/beapi/System/Login',
      headers: { origin: RETAILER },
      remoteAddress: '10.99.0.1',
      payload: { username: buyer.email, password: 'balloons123' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers['access-control-allow-origin']).toBe(RETAILER);
    expect(String(login.headers['access-control-expose-headers']).split(', ')).toContain('user-token');
    expect(login.headers['access-control-allow-credentials']).toBeUndefined();
    expect(varyOf(login.headers)).toContain('origin');
    const token = String(login.headers['user-token']);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    for (const auth of [{ 'user-token': token }, { 'x-user-token': token }, { authorization: `Bearer ${token}` }]) {
      const add = await inject({ method: 'POST', url: '/beapi/Shop/AddItem?invNum=11001&qty=1', headers: { origin: RETAILER, ...auth } });
      expect(add.statusCode).toBe(200);
      expect(add.headers['access-control-allow-origin']).toBe(RETAILER);
      expect(add.headers['cache-control']).toBe('no-store');
      expectSecurityHeaders(add.headers, 'AddItem');
    }
    const cart = await inject({ method: 'GET', url: '/beapi/Shop/GetShoppingCart', headers: { origin: RETAILER, authorization: `Bearer ${token}` } });
    expect(cart.statusCode).toBe(200);
    expect(cart.headers['access-control-allow-origin']).toBe(RETAILER);
  });

  it('can read error answers too (401, 404, 400), so the shop’s messages reach its page', async () => {
    const answers = await Promise.all([
      inject({ method: 'GET', url: '/beapi/Shop/GetShoppingCart', headers: { origin: FRONT_END } }),
      inject({ method: 'GET', url: '/beapi/Inventory/GetItemDetail?itemNum=NOSUCH', headers: { origin: FRONT_END } }),
      inject({ method: 'POST', url: '/beapi/Shop/AddItem?invNum=11001&qty=0', headers: { origin: FRONT_END, ...buyer.headers } }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([401, 404, 400]);
    for (const res of answers) {
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.headers['access-control-allow-origin']).toBe(FRONT_END);
      expectSecurityHeaders(res.headers, String(res.statusCode));
    }
  });

  it('keeps the other values of Vary on catalogue answers, built, cached, compressed or not modified', async () => {
    const url = '/beapi/Categories/GetMainCategories';
    const plain = await inject({ method: 'GET', url });
    expect(plain.statusCode).toBe(200);
    const others = varyOf(plain.headers);
    expect(others).toEqual(expect.arrayContaining(['accept-encoding', 'user-token']));
    for (const headers of [{}, { 'accept-encoding': 'gzip' }, buyer.headers, { 'if-none-match': String(plain.headers.etag) }]) {
      // Twice: the first may build the answer, the second is served from the catalogue's cache.
      for (let i = 0; i < 2; i++) {
        const res = await inject({ method: 'GET', url, headers: { ...headers, origin: RETAILER } });
        expect(res.headers['access-control-allow-origin']).toBe(RETAILER);
        expect(varyOf(res.headers)).toEqual([...others, 'origin']);
      }
    }
  });
});

describe('any other origin', () => {
  // Near misses of the allowed ones: another scheme or port, a suffix, a path, "null".
  const others = ['https://evil.example', 'http://retailer.example', 'https://retailer.example:8443', 'https://retailer.example.evil', 'https://retailer.example/', 'https://RETAILER.example', 'null', `${FRONT_END}/shop`];

  it('gets no preflight and no CORS header, exactly as without CORS_ORIGINS', async () => {
    const sameOrigin = await inject({ method: 'GET', url: '/beapi/Categories/GetMainCategories' });
    for (const origin of others) {
      const pre = await preflight('/beapi/System/Login', origin);
      expect(pre.statusCode, origin).toBe(404);
      expectNoCors(pre.headers, origin);
      const get = await inject({ method: 'GET', url: '/beapi/Categories/GetMainCategories', headers: { origin } });
      expect(get.statusCode, origin).toBe(200);
      expectNoCors(get.headers, origin);
      expect(get.headers.vary, origin).toBe(sameOrigin.headers.vary);
    }
  });

  it('an allowed origin gets nothing outside /beapi: pages, assets, pictures', async () => {
    for (const url of ['/', '/products', '/assets/no-such.js', '/beapi', '/images/items/11001', '/images/categories/1.svg']) {
      const pre = await preflight(url, RETAILER, 'GET');
      expect(pre.statusCode, url).toBeGreaterThanOrEqual(400);
      expectNoCors(pre.headers, `OPTIONS ${url}`);
      const get = await inject({ method: 'GET', url, headers: { origin: RETAILER } });
      expectNoCors(get.headers, `GET ${url}`);
      expect(get.headers['x-content-type-options'], `GET ${url}`).toBe('nosniff');
    }
  });
});

describe('the back office (/beapi/Admin)', () => {
  // Its session is a cookie: a listed origin may call the buyer API with a token, never this.
  const spellings = ['/beapi/admin/Me', '/BEAPI/ADMIN/Me', '/beapi//Admin/Me', '/beapi/%41dmin/Me', '/beapi/Inventory/../Admin/Me', '/beapi/Admin', '/beapi/Admin/NoSuchRoute'];

  it('is never opened to an allowed origin: no preflight, no CORS header on any admin route, signed in or not', async () => {
    const owner = await staffWith(t, ['owner']);
    const admin = routes.filter((r) => isAdminRoute(r) && r.method !== 'HEAD');
    expect(admin.length).toBeGreaterThan(5);
    for (const route of admin) {
      const url = pathFor(route.url);
      for (const origin of [RETAILER, FRONT_END]) {
        const label = `${route.method} ${route.url} from ${origin}`;
        const pre = await preflight(url, origin, route.method);
        expect(pre.statusCode, `OPTIONS: ${label}`).not.toBe(204);
        expectNoCors(pre.headers, `OPTIONS: ${label}`);
        for (const headers of [{}, { cookie: owner.cookie, 'x-csrf-token': owner.csrf }]) {
          const res = await inject({ method: route.method as 'GET', url, headers: { ...headers, origin }, ...(route.method === 'GET' ? {} : { payload: {} }) });
          expectNoCors(res.headers, label);
          expect(res.headers['cache-control'], label).toBe('no-store');
          // A page of another site is refused before any change, whatever CORS would say.
          if (route.method !== 'GET' && route.url !== '/beapi/Admin/Login' && 'cookie' in headers) expect(res.statusCode, label).toBe(403);
        }
      }
    }
  });

  it('stays closed however the path is spelt', async () => {
    for (const url of spellings) {
      const pre = await preflight(url, RETAILER, 'GET');
      expect(pre.statusCode, url).not.toBe(204);
      expectNoCors(pre.headers, `OPTIONS ${url}`);
      expectNoCors((await inject({ method: 'GET', url, headers: { origin: RETAILER } })).headers, `GET ${url}`);
    }
  });
});

describe('over a real socket', () => {
  // Item detail and get cart are answered in front of Fastify (fast-lane.ts) unless the request
  // carries an Origin, which must reach Fastify's hooks.
  it('item detail and the cart carry the CORS headers to an allowed origin', async () => {
    for (const [url, headers] of [
      ['/beapi/Inventory/GetItemDetail?itemNum=11001', {}],
      ['/beapi/Inventory/GetItemDetail?itemNum=11001', buyer.headers],
      ['/beapi/Shop/GetShoppingCart', buyer.headers],
    ] as const) {
      // Twice: item detail builds its answer once, then serves it from the cache.
      for (let i = 0; i < 2; i++) {
        const res = await getOverSocket(base, url, { ...headers, origin: RETAILER });
        expect(res.status, url).toBe(200);
        expect(res.headers['access-control-allow-origin'], url).toBe(RETAILER);
        expect(String(res.headers['access-control-expose-headers']), url).toContain('user-token');
        expect(varyOf(res.headers), url).toContain('origin');
        expectSecurityHeaders(res.headers, url);
      }
    }
    const other = await getOverSocket(base, '/beapi/Inventory/GetItemDetail?itemNum=11001', { origin: 'https://evil.example' });
    expect(other.status).toBe(200);
    expectNoCors(other.headers, 'evil.example');
  });
});

describe('without CORS_ORIGINS', () => {
  it('the same origin gets no preflight and no CORS header', async () => {
    const plain = await createTestApp();
    try {
      const pre = await plain.app.inject({ method: 'OPTIONS', url: '/beapi/System/Login', headers: { origin: RETAILER, 'access-control-request-method': 'POST' } });
      expect(pre.statusCode).toBe(404);
      expectNoCors(pre.headers, 'preflight');
      const get = await plain.app.inject({ method: 'GET', url: '/beapi/Categories/GetMainCategories', headers: { origin: RETAILER } });
      expect(get.statusCode).toBe(200);
      expectNoCors(get.headers, 'GET');
    } finally {
      await plain.close();
    }
  });
});

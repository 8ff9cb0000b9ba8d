import fc from 'fast-check';
import type { RouteOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, newCustomer, type TestCustomer, withToken } from '../customers/testing';
import { withShop } from '../test-support/shop';
import { bodyText, type FuzzRoute, fuzzRequest, fuzzRoute, fuzzRuns, fuzzUrl, nastyNumber } from './fuzz-values';
import { itemsWithStock } from '../stock/testing';

/**
 * fast-check over the query parameters, path parameters and JSON bodies of every /beapi route
 * of the catalogue, accounts, cart and content modules, read from the route table and its zod
 * schemas: hostile values never cause a 500, a 4xx is always problem+json and changes no row,
 * and prices never come from the client.
 */

const RUNS = 40;

const routes: FuzzRoute[] = [];
function collect(route: RouteOptions): void {
  const url = route.url;
  const methods = [route.method].flat().filter((m) => m !== 'HEAD');
  // The back office has its own (admin-fuzz.api.test.ts).
  if (!url.startsWith('/beapi/') || url.startsWith('/beapi/docs') || url.startsWith('/beapi/Admin/') || /\/(Logout|GetCatalogs|health)$/.test(url)) return;
  for (const method of methods) routes.push(fuzzRoute(method, url, route.schema));
}

let a: TestCustomer;

const { t } = withShop({ catalogue: true, coupons: true, options: { onRoute: collect } });
beforeAll(async () => {
  a = await newCustomer(t);
  await call(t, { method: 'POST', url: '/Shop/AddItem?InvNum=12001&qty=2', headers: withToken(a.token) });
}, 60_000);

/** Plausible values by parameter name, so runs also get past the first validation. */
function valid(key: string): { query: string; json: unknown } | null {
  const table: Record<string, unknown> = {
    InvNum: '12001', invNum: '12001', itemNum: '12001', num: '12001', qty: 2, categoryNum: 1, parentCategory: 1, nvcatnum: 900,
    page: 1, pageSize: 20, sort: 'title', searchtext: 'red', searchText: 'red', color: 'Red', email: 'new.one@shop.test',
    username: 'nobody@shop.test', password: 'correct horse', zip: '93706', state: 'CA', country: 'US', shiptocode: '',
    shipToCode: '', shippingOption: 'ground', comments: 'hello', coupon: 'WELCOME10', orderNum: 100001, masterid: 'WINTER',
    radiusMiles: 50, firstName: 'Pat', lastName: 'Jones', orgName: 'Party', addressLine1: '1 Main St', city: 'Fresno',
    dayPhone: '559-555-0100', message: 'Hello there', name: 'Pat',
  };
  if (!(key in table)) return null;
  const v = table[key];
  return { query: String(v), json: v };
}

// ---- what must hold -------------------------------------------------------------------------

const TABLES = [
  'customers', 'ship_tos', 'sessions', 'password_reset_tokens', 'email_verification_tokens', 'carts', 'cart_lines', 'coupons',
  'cart_coupons', 'coupon_redemptions', 'counters', 'orders', 'order_lines', 'idempotency_keys', 'contact_messages', 'act_as_links',
] as const;

/** Every row of the tables a request could change (sign-in failures are counted on purpose, so left out). */
async function snapshot(): Promise<string> {
  const db = t.ctx.database.db;
  const parts = await Promise.all([
    ...TABLES.map(async (table) => (await db.selectFrom(table).selectAll().execute()).map((r) => JSON.stringify(r)).sort()),
    itemsWithStock(db).orderBy('i.num').execute().then((rows) => rows.map((r) => [r.num, r.qty_fr, r.qty_fh, r.price_cents])),
  ]);
  return JSON.stringify(parts);
}

let ipSerial = 0;
/** Each request from its own address, so the per-address limits do not turn the run into 429s. */
const nextIp = () => `10.99.${(++ipSerial >> 8) & 255}.${ipSerial & 255}`;

describe('fuzzed input on every catalogue, accounts, cart and content route', () => {
  it('found the routes to fuzz', () => {
    expect(routes.length).toBeGreaterThan(30);
    expect(routes.find((r) => r.url === '/beapi/Shop/AddItems')?.body).toEqual({ keys: ['invNum', 'qty'], array: true });
  });

  it('never answers 5xx; a 4xx is problem+json and changes no row', { timeout: 300_000 }, async () => {
    const failures: string[] = [];
    let before = await snapshot();
    for (const route of routes) {
      const input = fc.tuple(fuzzRequest(route, valid), fc.boolean()).map(([request, signedIn]) => ({ ...request, signedIn }));
      await fuzzRuns(input, { runs: RUNS, seed: 20261121, failures }, async (x) => {
        const url = fuzzUrl(route, x);
        const res = await t.app.inject({
          method: route.method as 'POST',
          url,
          remoteAddress: nextIp(),
          headers: { ...(x.signedIn ? withToken(a.token) : {}), ...(x.body === undefined ? {} : { 'content-type': 'application/json' }) },
          ...(x.body === undefined ? {} : { payload: bodyText(x.body, x.splice) }),
        });
        const label = `${route.method} ${url.slice(0, 200)} ${x.body === undefined ? '' : bodyText(x.body, x.splice).slice(0, 200)}`;
        if (res.statusCode >= 500) failures.push(`${res.statusCode} ${label}: ${res.body.slice(0, 200)}`);
        // Work an answer leaves behind (verification and reset links) belongs to that answer.
        await t.ctx.outbox.drain();
        const after = await snapshot();
        if (res.statusCode >= 400) {
          const type = String(res.headers['content-type']);
          const problem = res.json() as { status?: number; detail?: unknown };
          if (!type.startsWith('application/problem+json') || problem.status !== res.statusCode || typeof problem.detail !== 'string') {
            failures.push(`not problem+json: ${res.statusCode} ${label}`);
          }
          if (after !== before) failures.push(`rows changed on ${res.statusCode}: ${label}`);
        }
        before = after;
        return failures.length === 0;
      });
      if (failures.length) break;
    }
    expect(failures).toEqual([]);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('price');
  });
});

describe('prices come from the database, never from the client', () => {
  const moneyKeys = fc.dictionary(
    fc.constantFrom('price', 'extended', 'subtotal', 'total', 'discount', 'shipping', 'priceCents', 'price_cents', 'unitPrice', 'amount'),
    fc.oneof(nastyNumber, fc.constantFrom('0', '0.01', '-100')),
    { minKeys: 1, maxKeys: 4 },
  );

  it('cart lines and placed orders carry the catalogue price whatever money fields the client sends', { timeout: 60_000 }, async () => {
    const buyer = await newCustomer(t);
    const db = t.ctx.database.db;
    const priceOf = async (num: string) => (await db.selectFrom('items').select('price_cents').where('num', '=', num).executeTakeFirstOrThrow()).price_cents / 100;
    const prices = { '12001': await priceOf('12001'), '11002': await priceOf('11002') };
    await fc.assert(
      fc.asyncProperty(moneyKeys, fc.integer({ min: 1, max: 5 }), async (money, qty) => {
        const extra = Object.entries(money).map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`).join('&');
        const headers = { ...withToken(buyer.token), 'content-type': 'application/json' };
        await t.app.inject({ method: 'POST', url: `/beapi/Shop/AddItem?InvNum=12001&qty=${qty}&${extra}`, headers: withToken(buyer.token) });
        const added = await t.app.inject({ method: 'POST', url: '/beapi/Shop/AddItems', headers, payload: JSON.stringify([{ invNum: '11002', qty, ...money }]) });
        expect(added.statusCode).toBe(200);
        const cart = added.json() as { items: { invNum: keyof typeof prices; ordQty: number; price: number; extended: number }[]; subtotal: number };
        for (const line of cart.items) {
          expect(line.price).toBe(prices[line.invNum]);
          expect(line.extended).toBeCloseTo(line.price * line.ordQty, 2);
        }
        const order = await t.app.inject({ method: 'POST', url: '/beapi/Shop/Checkout', headers, payload: JSON.stringify({ shipToCode: '', shippingOption: 'willcall-west', ...money }) });
        expect(order.statusCode).toBe(201);
        const o = order.json() as { lines: { invNum: keyof typeof prices; price: number; qty?: number; ordQty?: number; extended: number }[]; subtotal: number; total: number; discount: number; shipping: number };
        for (const line of o.lines) expect(line.price).toBe(prices[line.invNum]);
        expect(o.subtotal).toBeCloseTo(o.lines.reduce((n, l) => n + l.extended, 0), 2);
        expect(o.total).toBeCloseTo(o.subtotal - o.discount + o.shipping, 2);
        expect(o.discount).toBe(0);
      }),
      { numRuns: 25, seed: 7 },
    );
  });
});

import fc from 'fast-check';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, newCustomer, type TestCustomer, withToken } from '../accounts/test-helpers';
import { seedDemoCoupons } from '../cart/demo-coupons';
import { loadFixtureCatalogue } from '../catalogue/test-fixture';
import { createTestApp, type TestApp } from '../test-support/test-app';

/**
 * fast-check over the query parameters, path parameters and JSON bodies of every /beapi route
 * of the catalogue, accounts, cart and content modules, read from the route table and its zod
 * schemas: hostile values never cause a 500, a 4xx is always problem+json and changes no row,
 * and prices never come from the client.
 */

const RUNS = 40;

interface Route {
  method: string;
  url: string;
  query: string[];
  body: { keys: string[]; array: boolean } | null;
}

/** The keys of an object schema, through optional/nullable/default/pipe wrappers. */
function shapeOf(schema: unknown): { keys: string[]; array: boolean } | null {
  let s = schema as { _zod?: { def: Record<string, any> } } | undefined;
  let array = false;
  for (let i = 0; s?._zod && i < 10; i++) {
    const def = s._zod.def;
    if (def.type === 'object') return { keys: Object.keys(def.shape), array };
    if (def.type === 'array') {
      array = true;
      s = def.element;
    } else s = def.in ?? def.innerType ?? def.schema;
  }
  return null;
}

const routes: Route[] = [];
function collect(route: RouteOptions): void {
  const url = route.url;
  const methods = [route.method].flat().filter((m) => m !== 'HEAD');
  if (!url.startsWith('/beapi/') || url.startsWith('/beapi/docs') || /\/(Logout|GetCatalogs|health)$/.test(url)) return;
  const schema = (route.schema ?? {}) as { querystring?: unknown; body?: unknown };
  for (const method of methods) {
    routes.push({ method, url, query: shapeOf(schema.querystring)?.keys ?? [], body: schema.body ? shapeOf(schema.body) : null });
  }
}

let t: TestApp;
let a: TestCustomer;

beforeAll(async () => {
  t = await createTestApp(
    async (ctx) => {
      await loadFixtureCatalogue(ctx.database.db);
      await seedDemoCoupons(ctx.database.db);
    },
    { onRoute: collect },
  );
  a = await newCustomer(t);
  await call(t, { method: 'POST', url: '/Shop/AddItem?InvNum=12001&qty=2', headers: withToken(a.token) });
}, 60_000);
afterAll(() => t?.close());

// ---- hostile values --------------------------------------------------------------------------

const nastyStrings = [
  '', ' ', '-1', '0', '1.5', '-0', '1e308', '-13333333333333337', '99999999999999999999', 'NaN', 'Infinity', 'null', 'undefined',
  'true', '[]', '{}', '__proto__', 'constructor', 'prototype', "' OR '1'='1' --", '1; DROP TABLE items', '<script>alert(1)</script>',
  '\u0000', '%00', '../../etc/passwd', '\uFF19', '\u216B', '🎈🎈', 'e\u0301', '\u202Eevil', '\uD800', 'x'.repeat(100_000),
];
const nastyString = fc.oneof(fc.constantFrom(...nastyStrings), fc.string({ maxLength: 30 }), fc.string({ unit: 'grapheme', maxLength: 20 }));
const nastyNumber = fc.oneof(fc.constantFrom(1e308, -1e308, Number('-13333333333333337'), -1, 0, 0.5, 2 ** 53, Number.MIN_VALUE), fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }));
const nastyJson: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  nastyNumber,
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(nastyString, nastyNumber), { maxLength: 3 }),
  fc.dictionary(fc.constantFrom('a', '__proto__', 'constructor', 'price'), nastyString, { maxKeys: 2 }),
);

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

const queryValue = (key: string) => {
  const ok = valid(key);
  const single = ok ? fc.oneof(fc.constant(ok.query), nastyString) : nastyString;
  // Absent, one value, or the parameter repeated.
  return fc.option(fc.oneof({ weight: 4, arbitrary: single.map((v) => [v]) }, { weight: 1, arbitrary: fc.array(single, { minLength: 2, maxLength: 3 }) }), { nil: undefined });
};
const jsonValue = (key: string) => {
  const ok = valid(key);
  return fc.option(ok ? fc.oneof(fc.constant(ok.json), nastyJson) : nastyJson, { nil: undefined });
};

function jsonObject(keys: string[]) {
  return fc.record(Object.fromEntries(keys.map((k) => [k, jsonValue(k)])), { requiredKeys: [] });
}

/** Raw JSON text, optionally with a __proto__ / constructor key or a duplicated key spliced in. */
function bodyText(value: unknown, splice: string | null): string {
  const text = JSON.stringify(value, (_k, v: unknown) => (v === undefined ? undefined : v)) ?? 'null';
  if (!splice || !text.startsWith('{')) return text;
  return text === '{}' ? `{${splice}}` : `{${splice},${text.slice(1)}`;
}
const splices = fc.option(
  fc.constantFrom('"__proto__":{"isAdmin":true,"price":0}', '"constructor":{"prototype":{"isAdmin":true}}', '"qty":-5', '"qty":-13333333333333337', '"price":0.01', '"__proto__":null'),
  { nil: null },
);

// ---- what must hold -------------------------------------------------------------------------

const TABLES = [
  'customers', 'ship_tos', 'sessions', 'password_reset_tokens', 'email_verification_tokens', 'carts', 'cart_lines', 'coupons',
  'cart_coupons', 'coupon_redemptions', 'counters', 'orders', 'order_lines', 'idempotency_keys', 'contact_messages',
] as const;

/** Every row of the tables a request could change (sign-in failures are counted on purpose, so left out). */
async function snapshot(): Promise<string> {
  const db = t.ctx.database.db;
  const parts = await Promise.all([
    ...TABLES.map(async (table) => (await db.selectFrom(table).selectAll().execute()).map((r) => JSON.stringify(r)).sort()),
    db.selectFrom('items').select(['num', 'qty_fr', 'qty_fh', 'price_cents']).orderBy('num').execute(),
  ]);
  return JSON.stringify(parts);
}

let ipSerial = 0;
/** Each request from its own address, so the per-address limits do not turn the run into 429s. */
const nextIp = () => `10.99.${(++ipSerial >> 8) & 255}.${ipSerial & 255}`;

/** Percent-encoding; a lone surrogate goes out as the invalid UTF-8 bytes it would be. */
function enc(v: string): string {
  try {
    return encodeURIComponent(v);
  } catch {
    return `${encodeURIComponent(v.replace(/[\uD800-\uDFFF]/g, ''))}%ED%A0%80`;
  }
}

function pathFor(url: string, params: Record<string, string>): string {
  return url.replace(/:(\w+)/g, (_m, name: string) => enc(params[name] ?? 'x'));
}

function queryString(query: Record<string, string[] | undefined>, extra: string | null): string {
  const parts = Object.entries(query).flatMap(([k, vs]) => (vs ?? []).map((v) => `${enc(k)}=${enc(v)}`));
  if (extra) parts.push(extra);
  return parts.length ? `?${parts.join('&')}` : '';
}

describe('fuzzed input on every catalogue, accounts, cart and content route', () => {
  it('found the routes to fuzz', () => {
    expect(routes.length).toBeGreaterThan(30);
    expect(routes.find((r) => r.url === '/beapi/Shop/AddItems')?.body).toEqual({ keys: ['invNum', 'qty'], array: true });
  });

  it('never answers 5xx; a 4xx is problem+json and changes no row', { timeout: 120_000 }, async () => {
    const failures: string[] = [];
    let before = await snapshot();
    for (const route of routes) {
      const params = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
      const input = fc.record({
        params: fc.record(Object.fromEntries(params.map((p) => [p, valid(p) ? fc.oneof(fc.constant(valid(p)!.query), nastyString) : nastyString]))),
        query: fc.record(Object.fromEntries(route.query.map((k) => [k, queryValue(k)])), { requiredKeys: [] }),
        extraQuery: fc.option(fc.constantFrom('__proto__[isAdmin]=1', 'constructor[prototype][x]=1', 'price=0.01', 'qty=1&qty=-1', '%E0%A4%A=1'), { nil: null }),
        body: route.body
          ? route.body.array
            ? fc.oneof(fc.array(jsonObject(route.body.keys), { maxLength: 4 }), nastyJson)
            : fc.oneof({ weight: 4, arbitrary: jsonObject(route.body.keys) }, { weight: 1, arbitrary: nastyJson })
          : fc.constant(undefined),
        splice: splices,
        signedIn: fc.boolean(),
      });
      const run = fc.assert(
        fc.asyncProperty(input, async (x) => {
          const url = `${pathFor(route.url, x.params as Record<string, string>)}${queryString(x.query as Record<string, string[]>, x.extraQuery)}`;
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
          await t.ctx.mailer.flush();
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
        }),
        { numRuns: RUNS, seed: Number(process.env.FUZZ_SEED ?? 20261121), endOnFailure: true },
      );
      // A property that fails by returning false reports its input; the reasons are in `failures`.
      await run.catch((err: unknown) => {
        if (failures.length === 0) throw err;
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

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, newCustomer, type TestCustomer, withToken } from '../../customers/testing';
import { adminCall, type StaffSessionForTest, staffWith } from '../../test-support/admin';
import { loadFixtureCatalogue } from '../test-fixture';
import { getOverSocket } from '../../test-support/over-socket';
import { createTestApp, type TestApp } from '../../test-support/test-app';

/**
 * Two customers on different price levels, a customer on list prices and a visitor ask for the
 * same listing, search, detail and lookup URLs, over and over in mixed order, through the routes
 * (inject) and the fast lane (a real socket), with and without each other's ETags: each always
 * sees exactly its own prices, and never gets a 304 for someone else's ETag
 * (docs/decisions/0021-pricing.md).
 */

let t: TestApp;
let base: string;
let staff: StaffSessionForTest;
let gold: TestCustomer;
let silver: TestCustomer;
let list: TestCustomer;
let goldLevel: { id: number; version: number };

interface Caller {
  name: string;
  headers: Record<string, string>;
  /** What 11001 (list $12.50), 11002 (list $10.00) and 30001 (list $10.00) cost this caller; undefined: no prices. */
  prices: Record<string, number | undefined>;
}
let callers: Caller[];

const URLS = [
  '/Inventory/GetPagedItemsForCategory?categoryNum=11',
  '/Inventory/GetPagedItemsForSearch?searchtext=latex',
  '/Inventory/GetItemDetail?itemNum=11001',
  '/Inventory/GetItemDetail?itemNum=11002',
  '/Inventory/LookupItems?invNum=11001,11002,30001',
];

beforeAll(async () => {
  t = await createTestApp((ctx) => loadFixtureCatalogue(ctx.database.db));
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  staff = await staffWith(t, ['accounts']);
  [gold, silver, list] = [await newCustomer(t), await newCustomer(t), await newCustomer(t)];
  const level = async (name: string, percentOff: number) => (await adminCall(t, staff, { method: 'POST', url: '/PriceLevels', payload: { name, percentOff } })).body;
  goldLevel = await level('Gold', 20);
  const silverLevel = await level('Silver', 10);
  // Silver names its own price for 11002, below its 10%.
  expect((await adminCall(t, staff, { method: 'PUT', url: `/PriceLevels/${silverLevel.id}/Prices`, payload: [{ invNum: '11002', price: 7.77 }] })).status).toBe(200);
  for (const [c, id] of [[gold, goldLevel.id], [silver, silverLevel.id]] as const) {
    const customer = await t.ctx.database.db.selectFrom('customers').select('id').where('email', '=', c.email).executeTakeFirstOrThrow();
    expect((await adminCall(t, staff, { method: 'PUT', url: `/Customers/${customer.id}`, payload: { priceLevelId: id } })).status).toBe(200);
  }
  goldLevel = (await adminCall(t, staff, { method: 'GET', url: `/PriceLevels/${goldLevel.id}` })).body;
  callers = [
    { name: 'gold', headers: withToken(gold.token), prices: { '11001': 10, '11002': 8, '30001': 8 } },
    { name: 'silver', headers: withToken(silver.token), prices: { '11001': 11.25, '11002': 7.77, '30001': 9 } },
    { name: 'list', headers: withToken(list.token), prices: { '11001': 12.5, '11002': 10, '30001': 10 } },
    { name: 'visitor', headers: {}, prices: { '11001': undefined, '11002': undefined, '30001': undefined } },
  ];
}, 60_000);
afterAll(() => t?.close());

/** Every price an answer shows, by item number (list items, detail, suggested items, lookup matches). */
function pricesIn(body: unknown): Map<string, number | undefined> {
  const seen = new Map<string, number | undefined>();
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) return v.forEach(walk);
    if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      if (typeof o.num === 'string' && 'srp' in o) seen.set(o.num, o.price as number | undefined);
      for (const x of Object.values(o)) walk(x);
    }
  };
  walk(body);
  return seen;
}

function expectOwnPrices(caller: Caller, url: string, status: number, body: unknown) {
  expect(status, `${caller.name} ${url}`).toBe(200);
  const shown = pricesIn(body);
  expect(shown.size, `${caller.name} ${url}`).toBeGreaterThan(0);
  for (const [num, price] of shown) {
    if (num in caller.prices) expect(price, `${caller.name} sees ${num} on ${url}`).toBe(caller.prices[num]);
    else if (caller.name === 'visitor') expect(price, `${caller.name} sees ${num} on ${url}`).toBeUndefined();
  }
}

type Fetch = (caller: Caller, url: string, extra?: Record<string, string>) => Promise<{ status: number; etag: string; body: unknown }>;
const viaRoutes: Fetch = async (caller, url, extra = {}) => {
  const res = await call(t, { method: 'GET', url, headers: { ...caller.headers, ...extra } });
  return { status: res.status, etag: String(res.headers.etag ?? ''), body: res.body };
};
const viaSocket: Fetch = async (caller, url, extra = {}) => {
  const res = await getOverSocket(base, `/beapi${url}`, { ...caller.headers, ...extra });
  return { status: res.status, etag: String(res.headers.etag ?? ''), body: res.body === '' ? undefined : JSON.parse(res.body) };
};

async function roundOfRequests(fetchers: Fetch[], rounds: number) {
  const etags = new Map<string, string>();
  for (let round = 0; round < rounds; round++) {
    // A different interleaving every round: caller order rotates and the URL order reverses.
    const order = callers.map((_c, i) => callers[(i + round) % callers.length]!);
    const urls = round % 2 ? [...URLS].reverse() : URLS;
    for (const url of urls) {
      for (const caller of order) {
        const fetch = fetchers[(round + order.indexOf(caller)) % fetchers.length]!;
        const res = await fetch(caller, url);
        expectOwnPrices(caller, url, res.status, res.body);
        if (res.etag) etags.set(`${caller.name} ${url}`, res.etag);
        // Someone else's ETag for the same URL is never a 304: the answer is this caller's own.
        for (const other of callers) {
          const theirs = etags.get(`${other.name} ${url}`);
          if (!theirs) continue;
          const again = await fetch(caller, url, { 'if-none-match': theirs });
          if (other === caller || theirs === res.etag) {
            expect(again.status, `${caller.name} with own ETag on ${url}`).toBe(304);
          } else {
            expectOwnPrices(caller, url, again.status, again.body);
          }
        }
      }
    }
  }
  return etags;
}

describe('prices per customer through every cache', () => {
  it('shows each caller its own prices, never another’s, through the routes and the fast lane, with any ETag', async () => {
    const etags = await roundOfRequests([viaRoutes, viaSocket], 4);
    // Catalogue answers (not the lookup, which is never cached) carry one ETag per price view.
    for (const url of URLS.slice(0, 4)) {
      const distinct = new Set(callers.map((c) => etags.get(`${c.name} ${url}`)));
      expect(distinct.size, url).toBe(callers.length);
    }
  });

  it('shows a level’s new percent on the next answer, through the cache and the fast lane', async () => {
    const listing = URLS[0]!;
    const gCaller = callers[0]!;
    const before = await viaSocket(gCaller, listing);
    expect(pricesIn(before.body).get('11001')).toBe(10);
    const edited = await adminCall(t, staff, { method: 'PUT', url: `/PriceLevels/${goldLevel.id}`, payload: { name: 'Gold', percentOff: 30, version: goldLevel.version } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    gCaller.prices = { '11001': 8.75, '11002': 7, '30001': 7 };
    for (const fetch of [viaSocket, viaRoutes]) {
      const after = await fetch(gCaller, listing, { 'if-none-match': before.etag });
      expectOwnPrices(gCaller, listing, after.status, after.body);
      expect(after.etag).not.toBe(before.etag);
    }
    await roundOfRequests([viaSocket, viaRoutes], 2);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, newCustomer, type TestCustomer, withToken } from '../../customers/testing';
import { adminCall, type StaffSessionForTest, staffWith } from '../../test-support/admin';
import { loadFixtureCatalogue } from '../test-fixture';
import type { ServerProcess } from '../../test-support/server-process';
import { createTestApp, type TestApp } from '../../test-support/test-app';

/**
 * A price level changed through one server is priced by the others on their very next request:
 * the session lookup reads the level's version and each process's price book reloads a level it
 * holds an older version of (pricing/price-book.ts), so their warm response caches and fast lanes
 * are keyed past it. A quantity break reaches the others' detail pages through the change feed.
 */

let t: TestApp;
let peer: TestApp;
let peerProcess: ServerProcess;
let staff: StaffSessionForTest;
let buyer: TestCustomer;
let level: { id: number; version: number };

beforeAll(async () => {
  t = await createTestApp((ctx) => loadFixtureCatalogue(ctx.database.db));
  [peer, peerProcess] = await Promise.all([t.startPeer(), t.startPeerProcess()]);
  peer.ctx.catalogue.startPolling(1000);
  staff = await staffWith(t, ['owner']);
  buyer = await newCustomer(t);
  level = (await adminCall(t, staff, { method: 'POST', url: '/PriceLevels', payload: { name: 'Trade', percentOff: 20 } })).body;
  const customer = await t.ctx.database.db.selectFrom('customers').select('id').where('email', '=', buyer.email).executeTakeFirstOrThrow();
  expect((await adminCall(t, staff, { method: 'PUT', url: `/Customers/${customer.id}`, payload: { priceLevelId: level.id } })).status).toBe(200);
}, 180_000);
afterAll(async () => {
  await peerProcess?.stop();
  await peer?.close();
  await t?.close();
});

const URLS = ['/Inventory/GetPagedItemsForCategory?categoryNum=11', '/Inventory/GetPagedItemsForSearch?searchtext=latex', '/Inventory/GetItemDetail?itemNum=11001'];

const GETS: { name: string; get: (url: string) => Promise<any> }[] = [
  { name: 'this server', get: async (url) => (await call(t, { method: 'GET', url, headers: withToken(buyer.token) })).body },
  { name: 'a second context', get: async (url) => (await call(peer, { method: 'GET', url, headers: withToken(buyer.token) })).body },
  { name: 'a second process', get: async (url) => (await fetch(`${peerProcess.url}/beapi${url}`, { headers: withToken(buyer.token) })).json() },
];

const price11001 = (body: any) => (body.items ? body.items.find((i: { num: string }) => i.num === '11001')?.price : body.price);

async function everywhere(): Promise<{ where: string; url: string; price: number; body: any }[]> {
  const out = [];
  for (const { name, get } of GETS) for (const url of URLS) {
    const body = await get(url);
    out.push({ where: name, url, price: price11001(body), body });
  }
  return out;
}

describe('a price level changed on one server', () => {
  it('prices the buyer’s next request on every other server by the new percent and named prices, past warm caches', async () => {
    await everywhere();
    for (const a of await everywhere()) expect(a.price, `${a.where} ${a.url}`).toBe(10);
    const edited = await adminCall(t, staff, { method: 'PUT', url: `/PriceLevels/${level.id}`, payload: { name: 'Trade', percentOff: 40, version: 1 } });
    expect(edited.status).toBe(200);
    for (const a of await everywhere()) expect(a.price, `${a.where} ${a.url}`).toBe(7.5);
    expect((await adminCall(t, staff, { method: 'PUT', url: `/PriceLevels/${level.id}/Prices`, payload: [{ invNum: '11001', price: 6.66 }] })).status).toBe(200);
    for (const a of await everywhere()) expect(a.price, `${a.where} ${a.url}`).toBe(6.66);
  });

  it('shows a new quantity break on the others’ detail page within 5 s', async () => {
    expect((await adminCall(t, staff, { method: 'PUT', url: '/Items/11001/Breaks', payload: [{ minQty: 12, price: 5.5 }] })).status).toBe(200);
    const start = Date.now();
    for (;;) {
      const details = (await everywhere()).filter((a) => a.url.includes('GetItemDetail'));
      if (details.every((d) => JSON.stringify(d.body.breaks) === JSON.stringify([{ minQty: 12, price: 5.5 }]))) break;
      if (Date.now() - start > 8_000) throw new Error(`breaks not seen: ${JSON.stringify(details.map((d) => [d.where, d.body.breaks]))}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(Date.now() - start).toBeLessThan(5_000);
  });

  it('prices a cart line of 12 at the break on every server, and at the level price once the break is gone', async () => {
    const cartPrice = async (where: 'peer' | 'process', qty: number): Promise<number> => {
      const url = `/Shop/AddItem?InvNum=11001&qty=${qty}`;
      const body =
        where === 'peer'
          ? (await call(peer, { method: 'POST', url, headers: withToken(buyer.token) })).body
          : await (await fetch(`${peerProcess.url}/beapi${url}`, { method: 'POST', headers: withToken(buyer.token) })).json();
      return body.items.find((i: { invNum: string }) => i.invNum === '11001').price;
    };
    // The line holds 12 then 24 (AddItem adds): both at or over the break.
    expect(await cartPrice('peer', 12)).toBe(5.5);
    expect(await cartPrice('process', 12)).toBe(5.5);
    expect((await adminCall(t, staff, { method: 'PUT', url: '/Items/11001/Breaks', payload: [] })).status).toBe(200);
    const start = Date.now();
    let prices: number[] = [];
    while (Date.now() - start < 8_000) {
      prices = [await cartPrice('peer', 1), await cartPrice('process', 1)];
      if (prices.every((p) => p === 6.66)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(prices).toEqual([6.66, 6.66]);
  });
});

import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PriceLevel, PRICING_MESSAGES } from '../../../contract/admin/pricing';
import { call, newCustomer, type TestCustomer, withToken } from '../../customers/testing';
import { adminCall, type StaffSessionForTest, staffWith } from '../../test-support/admin';
import { loadFixtureCatalogue } from '../test-fixture';
import { createTestApp, type TestApp } from '../../test-support/test-app';

/** Price levels, quantity breaks and order multiples through the real API (issue 19 point 2). */

let t: TestApp;
let accounts: StaffSessionForTest;
let catalogue: StaffSessionForTest;
let desk: StaffSessionForTest;
let buyer: TestCustomer;

beforeAll(async () => {
  t = await createTestApp((ctx) => loadFixtureCatalogue(ctx.database.db));
  accounts = await staffWith(t, ['accounts']);
  catalogue = await staffWith(t, ['catalogue']);
  desk = await staffWith(t, ['orders']);
  buyer = await newCustomer(t);
}, 60_000);
afterAll(() => t?.close());

const admin = (as: StaffSessionForTest, method: InjectOptions['method'], url: string, payload?: unknown) => adminCall(t, as, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) });
const shop = (c: TestCustomer, method: InjectOptions['method'], url: string, payload?: unknown) =>
  call(t, { method, url, headers: withToken(c.token), ...(payload === undefined ? {} : { payload: payload as object }) });
const customerId = async (c: TestCustomer) => (await t.ctx.database.db.selectFrom('customers').select('id').where('email', '=', c.email).executeTakeFirstOrThrow()).id;
const levelRows = () => t.ctx.database.db.selectFrom('price_levels').select(['name', 'percent_off_bp', 'version']).orderBy('id').execute();
const audit = (target: string) => t.ctx.database.db.selectFrom('audit_log').select('action').where('target', '=', target).orderBy('id').execute();
const priceOf = (page: { items: { num: string; price?: number }[] }, num: string) => page.items.find((i) => i.num === num)?.price;

async function createLevel(name: string, percentOff: number): Promise<PriceLevel> {
  const res = await admin(accounts, 'POST', '/PriceLevels', { name, percentOff });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}
async function giveLevel(c: TestCustomer, priceLevelId: number | null) {
  const res = await admin(accounts, 'PUT', `/Customers/${await customerId(c)}`, { priceLevelId });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.priceLevelId).toBe(priceLevelId);
}

describe('price levels in the back office', () => {
  it('creates, lists and edits a level; a taken name or a stale version is 409, a bad percent 400, each changing nothing', async () => {
    const created = await createLevel('Gold 12.5', 12.5);
    expect(created).toMatchObject({ name: 'Gold 12.5', percentOff: 12.5, version: 1, namedPrices: 0, customers: 0 });
    expect((await admin(accounts, 'POST', '/PriceLevels', { name: 'gold 12.5', percentOff: 5 })).status).toBe(409);
    for (const percentOff of [-1, 100.01, 12.345, '10', 1e308]) {
      const bad = await admin(accounts, 'POST', '/PriceLevels', { name: 'Bad', percentOff });
      expect(bad.status, String(percentOff)).toBe(400);
      expect(bad.body.fields).toHaveProperty('percentOff');
    }
    expect((await admin(accounts, 'POST', '/PriceLevels', { name: '  ', percentOff: 1 })).status).toBe(400);
    const before = await levelRows();

    const edited = await admin(accounts, 'PUT', `/PriceLevels/${created.id}`, { name: 'Gold', percentOff: 15, version: 1 });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ name: 'Gold', percentOff: 15, version: 2 });
    const stale = await admin(accounts, 'PUT', `/PriceLevels/${created.id}`, { name: 'Gold 2', percentOff: 1, version: 1 });
    expect(stale.status).toBe(409);
    expect((await admin(accounts, 'PUT', '/PriceLevels/999999', { name: 'X', percentOff: 1, version: 1 })).status).toBe(404);
    expect((await levelRows()).filter((r) => r.name === 'Gold 2')).toEqual([]);
    expect((await levelRows()).length).toBe(before.length);
    expect((await admin(accounts, 'GET', '/PriceLevels')).body.map((l: PriceLevel) => l.name)).toContain('Gold');
    expect((await audit(`price-level:${created.id}`)).map((a) => a.action)).toEqual(['price-level.create', 'price-level.update']);
  });

  it('replaces named prices; an unknown item, a repeated one or a price ≤ 0 refuses the whole list', async () => {
    const level = await createLevel('Named', 0);
    const ok = await admin(accounts, 'PUT', `/PriceLevels/${level.id}/Prices`, [{ invNum: '11001', price: 9.99 }, { invNum: '11002', price: 7 }]);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.map((p: { invNum: string; price: number }) => [p.invNum, p.price])).toEqual([['11001', 9.99], ['11002', 7]]);
    const unknown = await admin(accounts, 'PUT', `/PriceLevels/${level.id}/Prices`, [{ invNum: '11001', price: 1 }, { invNum: 'NOPE-1', price: 2 }]);
    expect(unknown.status).toBe(400);
    expect(unknown.body.detail).toBe(PRICING_MESSAGES.unknownItems(['NOPE-1']));
    for (const rows of [[{ invNum: '11001', price: -1 }], [{ invNum: '11001', price: 0 }], [{ invNum: '11001', price: 1.005 }], [{ invNum: '11001', price: 1 }, { invNum: '11001', price: 2 }]]) {
      expect((await admin(accounts, 'PUT', `/PriceLevels/${level.id}/Prices`, rows)).status, JSON.stringify(rows)).toBe(400);
    }
    expect((await admin(accounts, 'GET', `/PriceLevels/${level.id}/Prices`)).body.map((p: { price: number }) => p.price)).toEqual([9.99, 7]);
    expect((await admin(accounts, 'GET', `/PriceLevels/${level.id}`)).body).toMatchObject({ version: 2, namedPrices: 2 });
  });

  it('lets the order desk read levels but only pricing:write change them, and catalogue staff set breaks', async () => {
    expect((await admin(desk, 'GET', '/PriceLevels')).status).toBe(200);
    expect((await admin(desk, 'POST', '/PriceLevels', { name: 'Desk', percentOff: 1 })).status).toBe(403);
    expect((await admin(catalogue, 'POST', '/PriceLevels', { name: 'Cat', percentOff: 1 })).status).toBe(403);
    expect((await admin(desk, 'PUT', '/Items/30003/Breaks', [{ minQty: 12, price: 9 }])).status).toBe(403);
    expect((await admin(catalogue, 'PUT', '/Items/30003/Breaks', [])).status).toBe(200);
  });
});

describe('quantity breaks', () => {
  it('refuses overlapping, unordered or non-falling breaks and a break at 1 unit, changing nothing', async () => {
    const good = await admin(catalogue, 'PUT', '/Items/30002/Breaks', [{ minQty: 48, price: 8 }, { minQty: 12, price: 9 }]);
    expect(good.status, JSON.stringify(good.body)).toBe(200);
    expect(good.body).toEqual([{ minQty: 12, price: 9 }, { minQty: 48, price: 8 }]);
    const bad = [
      [{ minQty: 12, price: 9 }, { minQty: 12, price: 8 }],
      [{ minQty: 12, price: 9 }, { minQty: 24, price: 9 }],
      [{ minQty: 12, price: 8 }, { minQty: 24, price: 9 }],
      [{ minQty: 1, price: 9 }],
      [{ minQty: 12, price: -1 }],
      [{ minQty: 12, price: 10 }],
      [{ minQty: 2.5, price: 9 }],
    ];
    for (const rows of bad) expect((await admin(catalogue, 'PUT', '/Items/30002/Breaks', rows)).status, JSON.stringify(rows)).toBe(400);
    expect((await admin(catalogue, 'PUT', '/Items/99999/Breaks', [])).status).toBe(404);
    expect((await admin(catalogue, 'GET', '/Items/30002/Breaks')).body).toEqual([{ minQty: 12, price: 9 }, { minQty: 48, price: 8 }]);
    expect((await audit('item:30002')).map((a) => a.action)).toEqual(['item.breaks']);
  });
});

describe('what the buyer pays', () => {
  it('prices listing, detail, cart and checkout by the level, takes the lower break at its quantity, and rounds to case packs', async () => {
    const level = await createLevel('Twenty', 20);
    const item = (await admin(catalogue, 'GET', '/Items/40001')).body;
    const multiple = await admin(catalogue, 'PUT', '/Items/40001', { ...item, orderMultiple: 6 });
    expect(multiple.status, JSON.stringify(multiple.body)).toBe(200);
    expect(multiple.body.orderMultiple).toBe(6);
    expect((await admin(catalogue, 'PUT', '/Items/11001/Breaks', [{ minQty: 12, price: 9.5 }, { minQty: 24, price: 9 }])).status).toBe(200);

    const listing = () => shop(buyer, 'GET', '/Inventory/GetPagedItemsForCategory?categoryNum=11');
    expect(priceOf((await listing()).body, '11001')).toBe(12.5);
    await giveLevel(buyer, level.id);
    expect(priceOf((await listing()).body, '11001')).toBe(10);
    const detail = (await shop(buyer, 'GET', '/Inventory/GetItemDetail?itemNum=11001')).body;
    expect(detail).toMatchObject({ price: 10, orderMultiple: 1, breaks: [{ minQty: 12, price: 9.5 }, { minQty: 24, price: 9 }] });
    expect((await shop(buyer, 'GET', '/Inventory/GetItemDetail?itemNum=40001')).body.orderMultiple).toBe(6);

    let cart = (await shop(buyer, 'POST', '/Shop/AddItem?InvNum=11001&qty=11')).body;
    expect(cart.items[0]).toMatchObject({ invNum: '11001', ordQty: 11, price: 10, extended: 110 });
    cart = (await shop(buyer, 'POST', '/Shop/AddItem?InvNum=11001&qty=1')).body;
    expect(cart.items[0]).toMatchObject({ ordQty: 12, price: 9.5, extended: 114 });
    cart = (await shop(buyer, 'POST', '/Shop/AddItem?InvNum=40001&qty=7')).body;
    const pack = cart.items.find((i: { invNum: string }) => i.invNum === '40001');
    expect(pack).toMatchObject({ ordQty: 12, price: 8, orderMultiple: 6, notice: 'Sold in multiples of 6: 7 rounded up to 12.' });
    expect(cart.subtotal).toBe(114 + 96);
    cart = (await shop(buyer, 'PUT', '/Shop/UpdateItem?InvNum=40001&qty=13')).body;
    expect(cart.items.find((i: { invNum: string }) => i.invNum === '40001').ordQty).toBe(18);
    cart = (await shop(buyer, 'POST', '/Shop/AddItems', [{ invNum: '40001', qty: 1 }])).body;
    expect(cart.items.find((i: { invNum: string }) => i.invNum === '40001').ordQty).toBe(24);

    const order = await shop(buyer, 'POST', '/Shop/Checkout', { shipToCode: '', shippingOption: 'ground' });
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    const lines = await t.ctx.database.db.selectFrom('order_lines').select(['item_num', 'qty', 'price_cents']).where('order_id', '=', (await t.ctx.database.db.selectFrom('orders').select('id').where('order_num', '=', order.body.orderNum).executeTakeFirstOrThrow()).id).orderBy('item_num').execute();
    expect(lines.map((l) => [l.item_num, l.qty, Number(l.price_cents)])).toEqual([['11001', 12, 950], ['40001', 24, 800]]);
    expect(order.body.subtotal).toBe(114 + 192);
  });

  it('refuses an unknown level for a customer and keeps the version rule', async () => {
    const id = await customerId(buyer);
    expect((await admin(accounts, 'PUT', `/Customers/${id}`, { priceLevelId: 999999 })).status).toBe(400);
    const stale = await admin(accounts, 'PUT', `/Customers/${id}`, { priceLevelId: null, version: 1 });
    expect(stale.status).toBe(409);
    expect((await admin(desk, 'PUT', `/Customers/${id}`, { priceLevelId: null })).status).toBe(403);
    expect((await admin(accounts, 'PUT', `/Customers/${id}`, {})).status).toBe(400);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoCoupons } from '../orders';
import { addShipTo, insertCoupon, signUpCustomer, type TestCustomer } from '../orders/testing';
import { fixtureItems, loadFixtureCatalogue, seedItems } from '../catalogue/testing';
import { mailsTo } from '../platform/mail/mail-folder';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { itemsWithStock } from '../stock/testing';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(async (ctx) => {
    await loadFixtureCatalogue(ctx.database.db);
    await seedDemoCoupons(ctx.database.db);
    await insertCoupon(ctx.database.db, { code: 'ONCEEACH', name: 'Once per customer', kind: 'percent', percentOff: 5, maxUsesPerCustomer: 1 });
  });
});
afterAll(() => t?.close());

type Res = { status: number; body: any; headers: Record<string, unknown> };
async function call(c: TestCustomer, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = {}): Promise<Res> {
  const res = await t.app.inject({ method, url: `/beapi${url}`, headers: { ...c.headers, ...headers }, ...(payload === undefined ? {} : { payload: payload as object }) });
  return { status: res.statusCode, body: res.body ? res.json() : null, headers: res.headers };
}
const cartOf = async (c: TestCustomer) => (await call(c, 'GET', '/Shop/GetShoppingCart')).body;
const checkout = (c: TestCustomer, body: object, headers: Record<string, string> = {}) => call(c, 'POST', '/Shop/Checkout', body, headers);
const ground = { shipToCode: '', shippingOption: 'ground' };

async function stock(num: string) {
  const { qty_fr, qty_fh } = await itemsWithStock(t.ctx.database.db).where('i.num', '=', num).executeTakeFirstOrThrow();
  return { qty_fr, qty_fh };
}
async function setItem(num: string, more: Partial<(typeof fixtureItems)[number]>) {
  const base = fixtureItems.find((i) => i.num === num)!;
  await seedItems(t.ctx.database.db, [{ ...base, ...more }]);
  await t.ctx.catalogue.refresh();
}

describe('checkout', () => {
  it('refuses an empty cart, an unknown shipping option and a foreign ship-to, changing nothing', async () => {
    const a = await signUpCustomer(t.app);
    const b = await signUpCustomer(t.app);
    const bs = await addShipTo(t.app, b, 'AL');
    const empty = await checkout(a, ground);
    expect(empty.status).toBe(400);
    expect(empty.body.detail).toBe('Your cart is empty');
    await call(a, 'POST', '/Shop/AddItem?InvNum=11002&qty=2');
    const option = await checkout(a, { shipToCode: '', shippingOption: 'teleport' });
    expect(option.status).toBe(400);
    expect(option.body.detail).toBe('Please choose a shipping option');
    const foreign = await checkout(a, { shipToCode: bs, shippingOption: 'ground' });
    expect(foreign.status).toBe(404);
    expect(foreign.body.detail).toBe('Shipping address not found');
    expect((await cartOf(a)).totalQuantity).toBe(2);
    expect((await call(a, 'GET', '/Shop/GetOrders')).body.totalNumberOfOrders).toBe(0);
    expect((await checkout(a, { ...ground, poNumber: 'x'.repeat(41) })).status).toBe(400);
    expect((await checkout(a, { ...ground, comments: 'x'.repeat(2001) })).status).toBe(400);
  });

  it('writes the order with snapshots, allocation, coupon and shipping, empties the cart and mails a confirmation', async () => {
    const c = await signUpCustomer(t.app, 'CA');
    const westBefore = await stock('11002');
    await call(c, 'POST', '/Shop/AddItem?InvNum=11002&qty=4');
    await call(c, 'POST', '/Shop/AddItem?InvNum=40001&qty=2');
    await call(c, 'POST', '/Shop/AddCoupon/WELCOME10');
    await call(c, 'PUT', '/Shop/UpdateOrderComments?comments=Back%20door');
    const res = await checkout(c, { ...ground, poNumber: 'PO-77' });
    expect(res.status).toBe(201);
    const order = res.body;
    expect(order.orderNum).toBeGreaterThanOrEqual(100001);
    expect(order).toMatchObject({
      status: 'Received, partly backordered',
      subtotal: 60,
      discount: 6,
      shipping: 12.65,
      total: 66.65,
      poNumber: 'PO-77',
      comments: 'Back door',
      shippingOption: { code: 'ground', name: 'Ground', amount: 12.65 },
      couponsApplied: [{ code: 'WELCOME10', name: '10% off merchandise', discount: 6 }],
      shipTo: { code: '', city: 'Fresno', state: 'CA', zip: '93706' },
      terms: 'Net 30, pay on account',
    });
    expect(order.lines).toEqual([
      { lineNo: 1, invNum: '11002', web_Title: '11" Royal Blue Latex', ordQty: 4, price: 10, extended: 40, allocation: { west: 4, east: 0, backordered: 0 }, shipped: 0, backordered: 0, cancelled: 0 },
      { lineNo: 2, invNum: '40001', web_Title: 'Clear Bubble', ordQty: 2, price: 10, extended: 20, allocation: { west: 0, east: 0, backordered: 2 }, shipped: 0, backordered: 2, cancelled: 0 },
    ]);
    expect(await stock('11002')).toEqual({ qty_fr: westBefore.qty_fr - 4, qty_fh: westBefore.qty_fh });
    // The answer is built from what the checkout wrote: the same, key for key, as reading the order back.
    expect(JSON.stringify((await call(c, 'GET', `/Shop/GetOrder/${order.orderNum}`)).body)).toBe(JSON.stringify(order));
    expect(await cartOf(c)).toMatchObject({ items: [], couponsApplied: [], comments: '', total: 0 });
    await t.ctx.outbox.drain();
    const mails = mailsTo(t.dataDir, c.email).filter((m) => m.subject.startsWith('Order'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Order ${order.orderNum} confirmation`);
    // On PostgreSQL the number is written into the mail by the statement that makes it.
    expect(mails[0]!.text).toContain(`Thank you for your order ${order.orderNum}.`);
    const row = await t.ctx.database.db.selectFrom('outbox').select('about').where('topic', '=', 'order-confirmation').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(row.about).toBe(`${c.email}: Order ${order.orderNum} confirmation`);
    expect(mails[0]!.text).toContain('11" Royal Blue Latex');
    expect(mails[0]!.text).toContain('Total: $66.65');
  });

  it('ships from the warehouse nearest the ship-to first, then the other; will-call picks its warehouse', async () => {
    const c = await signUpCustomer(t.app, 'CA');
    const mobile = await addShipTo(t.app, c, 'AL');
    await call(c, 'POST', '/Shop/AddItem?InvNum=12001&qty=3');
    await call(c, 'POST', '/Shop/AddItem?InvNum=11001&qty=2'); // 11001 has nothing in the East
    const east = await checkout(c, { shipToCode: mobile, shippingOption: '2day' });
    expect(east.status).toBe(201);
    expect(east.body.shipTo).toMatchObject({ code: mobile, state: 'AL', city: 'Mobile' });
    expect(east.body.lines.map((l: { allocation: unknown }) => l.allocation)).toEqual([
      { west: 0, east: 3, backordered: 0 },
      { west: 2, east: 0, backordered: 0 },
    ]);
    await call(c, 'POST', '/Shop/AddItem?InvNum=12001&qty=1');
    const pickup = await checkout(c, { shipToCode: '', shippingOption: 'willcall-east' });
    expect(pickup.body.lines[0].allocation).toEqual({ west: 0, east: 1, backordered: 0 });
    expect(pickup.body.shipping).toBe(0);
    expect(pickup.body.orderNum).toBe(east.body.orderNum + 1);
  });

  it('splits a line between warehouses and backorders the rest, never taking stock below zero', async () => {
    await setItem('30003', { qtyFr: 3, qtyFh: 2 });
    const c = await signUpCustomer(t.app, 'CA');
    // A second server process on the same database: listings answer from each process's own index.
    const peer = await t.startPeer();
    try {
      const searchStock = async (app: TestApp) =>
        (await app.app.inject({ method: 'GET', url: '/beapi/Inventory/GetPagedItemsForSearch?searchtext=30003' })).json().items;
      for (const app of [t, peer]) expect(await searchStock(app)).toEqual([expect.objectContaining({ num: '30003', inStockFresno: true, inStockFairhope: true })]);
      await call(c, 'POST', '/Shop/AddItem?InvNum=30003&qty=8');
      const res = await checkout(c, ground);
      expect(res.body.lines[0].allocation).toEqual({ west: 3, east: 2, backordered: 3 });
      expect(JSON.stringify((await call(c, 'GET', `/Shop/GetOrder/${res.body.orderNum}`)).body)).toBe(JSON.stringify(res.body));
      expect(await stock('30003')).toEqual({ qty_fr: 0, qty_fh: 0 });
      // A detail read from the database shows its stock flags as its quantities, even before a poll.
      expect((await call(c, 'GET', '/Inventory/GetItemDetail?itemNum=30003')).body).toMatchObject({ qty_FR: 0, qty_FH: 0, inStockFresno: false, inStockFairhope: false });
      // Each process's next poll (every 2 s; called here) brings the checkout's stock change.
      for (const app of [t, peer]) {
        await app.ctx.catalogue.refresh();
        expect(await searchStock(app)).toEqual([expect.objectContaining({ num: '30003', inStockFresno: false, inStockFairhope: false })]);
        const detail = (await app.app.inject({ method: 'GET', url: '/beapi/Inventory/GetItemDetail?itemNum=30003' })).json();
        expect(detail).toMatchObject({ qty_FR: 0, qty_FH: 0, inStockFresno: false, inStockFairhope: false });
      }
    } finally {
      await peer.close();
    }
  });

  it('gives free ground shipping with FREESHIP and from $500', async () => {
    const c = await signUpCustomer(t.app);
    await call(c, 'POST', '/Shop/AddItem?InvNum=12001&qty=1');
    await call(c, 'POST', '/Shop/AddCoupon/FREESHIP');
    expect((await checkout(c, ground)).body).toMatchObject({ shipping: 0, total: 10, discount: 0 });
    await call(c, 'POST', '/Shop/AddItem?InvNum=12001&qty=50');
    expect((await checkout(c, ground)).body).toMatchObject({ shipping: 0, total: 500 });
  });

  it('refuses to check out with a coupon that no longer applies, and changes nothing', async () => {
    const c = await signUpCustomer(t.app);
    await call(c, 'POST', '/Shop/AddItem?InvNum=12001&qty=1');
    await call(c, 'POST', '/Shop/AddCoupon/ONCEEACH');
    expect((await checkout(c, ground)).status).toBe(201);
    await call(c, 'POST', '/Shop/AddItem?InvNum=12001&qty=1');
    expect((await call(c, 'POST', '/Shop/AddCoupon/ONCEEACH')).body.detail).toBe('You have already used this coupon');
    await call(c, 'POST', '/Shop/AddItem?InvNum=12001&qty=30');
    await call(c, 'POST', '/Shop/AddCoupon/SAVE25');
    await call(c, 'PUT', '/Shop/UpdateItem?InvNum=12001&qty=1');
    const before = await stock('12001');
    const res = await checkout(c, ground);
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe('Coupon SAVE25 no longer applies: This coupon needs an order of at least $250.00. Remove it to check out.');
    expect(await stock('12001')).toEqual(before);
    expect((await cartOf(c)).items).toHaveLength(1);
  });

  it('keeps the price and title of the time of the order', async () => {
    const c = await signUpCustomer(t.app);
    await call(c, 'POST', '/Shop/AddItem?InvNum=33007&qty=2');
    const placed = (await checkout(c, ground)).body;
    await setItem('33007', { priceCents: 1999, webTitle: 'Number 7 Gold (new look)' });
    const later = (await call(c, 'GET', `/Shop/GetOrder/${placed.orderNum}`)).body;
    expect(later).toEqual(placed);
    expect(later.lines[0]).toMatchObject({ web_Title: 'Number 7 Gold', price: 10 });
  });
});

describe('Idempotency-Key', () => {
  it('answers the same order to a retry, and refuses the key for another checkout', async () => {
    const c = await signUpCustomer(t.app);
    await call(c, 'POST', '/Shop/AddItem?InvNum=12001&qty=2');
    const first = await checkout(c, ground, { 'idempotency-key': 'k-1' });
    expect(first.status).toBe(201);
    const retry = await checkout(c, ground, { 'idempotency-key': 'k-1' });
    expect(retry.status).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toEqual(first.body);
    const other = await checkout(c, { ...ground, poNumber: 'different' }, { 'idempotency-key': 'k-1' });
    expect(other.status).toBe(409);
    expect(other.body.detail).toBe('This Idempotency-Key was already used for a different checkout');
    expect((await checkout(c, ground, { 'idempotency-key': 'bad key with spaces' })).status).toBe(400);
    expect((await call(c, 'GET', '/Shop/GetOrders')).body.totalNumberOfOrders).toBe(1);
  });

  it('lets a key be used again after a refused checkout', async () => {
    const c = await signUpCustomer(t.app);
    expect((await checkout(c, ground, { 'idempotency-key': 'k-2' })).status).toBe(400);
    await call(c, 'POST', '/Shop/AddItem?InvNum=12001&qty=1');
    expect((await checkout(c, ground, { 'idempotency-key': 'k-2' })).status).toBe(201);
  });
});

describe('order history and reorder', () => {
  let c: TestCustomer;
  const nums: number[] = [];
  beforeAll(async () => {
    c = await signUpCustomer(t.app);
    for (const qty of [1, 2, 3]) {
      await call(c, 'POST', `/Shop/AddItem?InvNum=11003&qty=${qty}`);
      await call(c, 'POST', '/Shop/AddItem?InvNum=30002&qty=1');
      nums.push((await checkout(c, ground)).body.orderNum);
    }
  });

  it('lists orders newest first, paged', async () => {
    const page1 = (await call(c, 'GET', '/Shop/GetOrders?pageSize=2')).body;
    expect(page1).toMatchObject({ pageNumber: 1, pageSize: 2, totalNumberOfOrders: 3 });
    expect(page1.orders.map((o: { orderNum: number }) => o.orderNum)).toEqual([nums[2], nums[1]]);
    expect(page1.orders[0]).toMatchObject({ numberOfLines: 2, totalQuantity: 4, status: 'Received' });
    const page2 = (await call(c, 'GET', '/Shop/GetOrders?pageSize=2&page=2')).body;
    expect(page2.orders.map((o: { orderNum: number }) => o.orderNum)).toEqual([nums[0]]);
    for (const q of ['pageSize=0', 'pageSize=101', 'page=0', 'page=x']) expect((await call(c, 'GET', `/Shop/GetOrders?${q}`)).status).toBe(400);
  });

  it('answers one order, 404 for an unknown number, 400 for a malformed one', async () => {
    const res = await call(c, 'GET', `/Shop/GetOrder/${nums[0]}`);
    expect(res.status).toBe(200);
    expect(res.body.lines.map((l: { invNum: string; ordQty: number }) => [l.invNum, l.ordQty])).toEqual([
      ['11003', 1],
      ['30002', 1],
    ]);
    expect((await call(c, 'GET', '/Shop/GetOrder/999999')).status).toBe(404);
    expect((await call(c, 'GET', '/Shop/GetOrder/abc')).status).toBe(400);
  });

  it("puts an order's lines back in the cart at today's prices and reports discontinued items", async () => {
    await setItem('11003', { priceCents: 1500 });
    await setItem('30002', { active: false });
    const res = await call(c, 'POST', `/Shop/Reorder/${nums[2]}`);
    expect(res.status).toBe(200);
    expect(res.body.discontinued).toEqual(['30002']);
    expect(res.body.items).toEqual([expect.objectContaining({ invNum: '11003', ordQty: 3, price: 15, extended: 45 })]);
    expect((await call(c, 'POST', `/Shop/Reorder/${nums[2]}`)).body.items[0].ordQty).toBe(6);
    // A line that would pass the most one line may hold is set to it, not refused.
    expect((await call(c, 'PUT', '/Shop/UpdateItem?InvNum=11003&qty=9998')).status).toBe(200);
    expect((await call(c, 'POST', `/Shop/Reorder/${nums[2]}`)).body.items[0].ordQty).toBe(9999);
    expect((await call(c, 'POST', '/Shop/Reorder/999999')).status).toBe(404);
  });

  it('refuses to check out a cart holding a discontinued item', async () => {
    const d = await signUpCustomer(t.app);
    await setItem('30002', { active: true });
    await call(d, 'POST', '/Shop/AddItem?InvNum=30002&qty=1');
    await setItem('30002', { active: false });
    expect((await cartOf(d)).unavailableItems).toEqual(['30002']);
    const res = await checkout(d, ground);
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe('No longer available: 30002. Remove them to check out.');
    expect((await call(d, 'DELETE', '/Shop/DeleteCartItem/30002')).status).toBe(200);
  });
});

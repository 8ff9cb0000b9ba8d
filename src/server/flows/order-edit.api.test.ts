import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFixtureCatalogue } from '../catalogue/testing';
import { readAdminOrder, seedDemoCoupons } from '../orders';
import { addShipTo, signUpCustomer } from '../orders/testing';
import { mailsTo } from '../platform/mail/mail-folder';
import { readSummaries, recountSummaries } from '../reports/testing';
import { adminCall, staffWith, type StaffSessionForTest } from '../test-support/admin';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { buyerCall, placeOrder, setStock, stockOf } from './lifecycle-test-helpers';

/**
 * DESIGN.md §7 `PATCH /beapi/Admin/Orders/{n}` (decision 0036): the order desk edits an order's
 * lines, ship-to, shipping, PO and comments; stock, totals, the credit check, the timeline, the
 * buyer's mail, the webhook and the sales summaries follow; a refused edit changes nothing.
 */

let t: TestApp;
let desk: StaffSessionForTest;
let owner: StaffSessionForTest;
beforeAll(async () => {
  t = await createTestApp(async (ctx) => {
    await loadFixtureCatalogue(ctx.database.db);
    await seedDemoCoupons(ctx.database.db);
  });
  desk = await staffWith(t, ['orders']);
  owner = await staffWith(t, ['owner']);
});
afterAll(() => t?.close());

const db = () => t.ctx.database.db;
const get = (n: number) => adminCall(t, desk, { method: 'GET', url: `/Orders/${n}` }).then((r) => r.body);
const post = (url: string, payload?: object) => adminCall(t, desk, { method: 'POST', url, ...(payload ? { payload } : {}) });
/** Shipping needs orders:ship (the desk's role has not). */
const ship = (n: number, lines: { lineNo: number; qty: number }[]) => adminCall(t, owner, { method: 'POST', url: `/Orders/${n}/Ship`, payload: { warehouse: 'west', carrier: 'ups', trackingNumber: '1Z1', lines } });
const patch = (n: number, payload: object, version?: number | string, s = desk) =>
  adminCall(t, s, { method: 'PATCH', url: `/Orders/${n}`, payload, headers: version === undefined ? {} : { 'if-match': String(version) } });
const cents = (d: number) => Math.round(d * 100);

/** What an edit may touch, to show that a refused one touched none of it. */
async function snapshot(n: number, items: string[]) {
  const order = await get(n);
  return {
    order,
    stock: await db().selectFrom('item_stock as s').innerJoin('items as i', 'i.id', 's.item_id').select(['i.num', 's.warehouse', 's.qty', 's.reserved']).where('i.num', 'in', items).orderBy('i.num').orderBy('s.warehouse').execute(),
    movements: (await db().selectFrom('stock_movements').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n,
    outbox: (await db().selectFrom('outbox').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n,
    audit: (await db().selectFrom('audit_log').select((eb) => eb.fn.countAll<number>().as('n')).where('target', '=', `order:${n}`).executeTakeFirstOrThrow()).n,
  };
}

async function summariesMatchRecount() {
  const [kept, counted] = await Promise.all([readSummaries(db()), recountSummaries(db())]);
  expect(kept).toEqual(counted);
}

/** The price the buyer's own cart shows for `qty` of an item (the checkout's pricing). */
async function cartPrice(buyer: Awaited<ReturnType<typeof signUpCustomer>>, num: string, qty: number): Promise<number> {
  const r = await buyerCall(t, buyer, 'POST', `/Shop/AddItem?InvNum=${num}&qty=${qty}`);
  const price = (r.body.items as { invNum: string; price: number }[]).find((i) => i.invNum === num)!.price;
  await buyerCall(t, buyer, 'POST', `/Shop/RemoveItem?InvNum=${num}`);
  return price;
}

describe('an edit of an accepted order', () => {
  it('one quantity down, one line added: lines, stock, movements, totals, event, audit, one mail, one webhook, summaries', async () => {
    await setStock(t, '11001', 50, 0);
    await setStock(t, '11002', 100, 0);
    await setStock(t, '30001', 20, 20);
    const hook = await adminCall(t, owner, { method: 'POST', url: '/Webhooks', payload: { url: 'https://93.184.216.34/hooks', events: ['order.updated'] } });
    expect(hook.status).toBe(201);
    // 9 × $12.50 and 30 × $10.00 with 10% off.
    const { buyer, order } = await placeOrder(t, [['11001', 9], ['11002', 30]], ['WELCOME10']);
    const n = order.orderNum as number;
    const accepted = (await post(`/Orders/${n}/Accept`)).body;
    const price30001 = await cartPrice(buyer, '30001', 4);
    const movementsBefore = await db().selectFrom('stock_movements').selectAll().where('ref', '=', `order ${n} edit`).execute();
    expect(movementsBefore).toEqual([]);

    const res = await patch(n, { lines: [{ lineNo: 1, qty: 5 }], add: [{ invNum: '30001', qty: 4 }], poNumber: 'PO-77' }, accepted.version);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const edited = res.body;
    expect(edited.version).toBeGreaterThan(accepted.version);
    expect(edited.statusCode).toBe('accepted');
    expect(edited.poNumber).toBe('PO-77');
    expect(edited.lines).toEqual([
      expect.objectContaining({ lineNo: 1, invNum: '11001', qty: 5, price: 12.5, extended: 62.5, openWest: 5, cancelled: 0 }),
      expect.objectContaining({ lineNo: 2, invNum: '11002', qty: 30, openWest: 30 }),
      expect.objectContaining({ lineNo: 3, invNum: '30001', qty: 4, price: price30001, openWest: 4, backordered: 0 }),
    ]);
    // Existing lines keep their price; the new one takes the buyer's price today; 10% off the whole.
    const subtotal = 5 * 1250 + 30 * 1000 + 4 * cents(price30001);
    const discount = Math.round(subtotal / 10);
    expect(cents(edited.subtotal)).toBe(subtotal);
    expect(cents(edited.discount)).toBe(discount);
    expect(cents(edited.total)).toBe(subtotal - discount + cents(edited.shipping));
    // Nothing was cancelled: the edit changed the order itself.
    expect(edited.cancelledTotal).toBe(0);
    expect(edited.originalTotal).toBe(edited.total);
    // The orders list counts the lines as they are now (the edit read only the line it changed).
    const listed = (await adminCall(t, desk, { method: 'GET', url: `/Orders?q=${n}` })).body.items.find((o: { orderNum: number }) => o.orderNum === n);
    expect(listed).toMatchObject({ lineCount: 3, openWest: 39 });

    // Stock: 4 of 11001 back at West, 4 of 30001 taken at West (a CA buyer), each a movement.
    expect(await stockOf(t, '11001')).toEqual({ west: 50 - 5, east: 0 });
    expect(await stockOf(t, '30001')).toEqual({ west: 16, east: 20 });
    const moves = await db().selectFrom('stock_movements').select(['item_num', 'warehouse', 'delta', 'reason']).where('ref', '=', `order ${n} edit`).orderBy('item_num').execute();
    expect(moves).toEqual([
      { item_num: '11001', warehouse: 'west', delta: 4, reason: 'cancel' },
      { item_num: '30001', warehouse: 'west', delta: -4, reason: 'checkout' },
    ]);

    // One public "edited" event in words; one audit row.
    const event = edited.events.find((e: { kind: string }) => e.kind === 'edited');
    expect(event).toMatchObject({ public: true });
    expect(event.detail).toContain('Line 1 (11001 11" Red Latex): 9 → 5');
    expect(event.detail).toContain('Added line 3 (30001 Happy Birthday Heart): 4');
    expect(event.detail).toContain('PO number: none → PO-77');
    const audit = await db().selectFrom('audit_log').select(['action']).where('target', '=', `order:${n}`).orderBy('id').execute();
    expect(audit.map((a) => a.action)).toEqual(['order.accept', 'order.edit']);

    // The buyer: one mail with the new total, and the order page shows the new lines and total.
    const mails = (await (async () => (await t.ctx.outbox.drain(), mailsTo(t.dataDir, buyer.email)))()).filter((m) => m.subject === `Order ${n} changed`);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`Order total now: $${edited.total.toFixed(2)}`);
    expect(mails[0]!.text).toContain('9 → 5');
    const mine = (await buyerCall(t, buyer, 'GET', `/Shop/GetOrder/${n}`)).body;
    expect(mine.total).toBe(edited.total);
    expect(mine.events.map((e: { kind: string }) => e.kind)).toContain('edited');

    // The webhook: one order.updated with the admin order as data.
    const hooks = await db().selectFrom('outbox').select('payload').where('kind', '=', 'webhook').where('topic', '=', 'order.updated').where('about', 'like', `%order ${n}`).execute();
    expect(hooks).toHaveLength(1);
    expect(JSON.parse((JSON.parse(hooks[0]!.payload!) as { body: string }).body).data).toMatchObject({ orderNum: n, total: edited.total, poNumber: 'PO-77' });
    await summariesMatchRecount();
  });

  it('without If-Match is 428, with a stale one 409 carrying the order as it is; neither changes anything', async () => {
    await setStock(t, '11002', 100, 0);
    const { order } = await placeOrder(t, [['11002', 3]]);
    const n = order.orderNum as number;
    const before = await snapshot(n, ['11002']);
    const missing = await patch(n, { lines: [{ lineNo: 1, qty: 2 }] });
    expect(missing.status).toBe(428);
    expect(missing.body.detail).toMatch(/If-Match/);
    await post(`/Orders/${n}/Accept`);
    const accepted = await snapshot(n, ['11002']);
    const stale = await patch(n, { lines: [{ lineNo: 1, qty: 2 }] }, before.order.version);
    expect(stale.status).toBe(409);
    expect(stale.body.current).toMatchObject({ orderNum: n, version: accepted.order.version, statusCode: 'accepted' });
    expect(await snapshot(n, ['11002'])).toEqual(accepted);
  });
});

describe('a preview', () => {
  it('answers the order as the edit would leave it, and changes, queues and mails nothing', async () => {
    await setStock(t, '11002', 100, 0);
    const { order } = await placeOrder(t, [['11002', 3]]);
    const n = order.orderNum as number;
    const before = await snapshot(n, ['11002', '30001']);
    const res = await patch(n, { lines: [{ lineNo: 1, qty: 5 }], add: [{ invNum: '30001', qty: 1 }], preview: true }, before.order.version);
    expect(res.status).toBe(200);
    expect(res.body.lines).toHaveLength(2);
    expect(res.body.lines[0]).toMatchObject({ qty: 5 });
    expect(res.body.total).toBeGreaterThan(before.order.total);
    expect(await snapshot(n, ['11002', '30001'])).toEqual(before);
    await summariesMatchRecount();
  });
});

describe('a refused edit changes nothing', () => {
  it('shipped line, negative quantity, unknown item, unknown line, unknown shipping option, no change, every line removed', async () => {
    await setStock(t, '11001', 50, 0);
    await setStock(t, '11002', 100, 0);
    const { order } = await placeOrder(t, [['11001', 4], ['11002', 6]]);
    const n = order.orderNum as number;
    await post(`/Orders/${n}/Accept`);
    const shipped = await ship(n, [{ lineNo: 1, qty: 1 }]);
    expect(shipped.status).toBe(201);
    const before = await snapshot(n, ['11001', '11002', '30001']);
    const v = before.order.version;
    const tries: [object, number, RegExp][] = [
      [{ lines: [{ lineNo: 1, qty: 2 }] }, 409, /Line 1 has shipped units/],
      [{ lines: [{ lineNo: 2, qty: -1 }] }, 400, /Quantity/],
      [{ add: [{ invNum: 'NOPE-1', qty: 1 }] }, 400, /Item NOPE-1 not found/],
      [{ lines: [{ lineNo: 9, qty: 1 }] }, 400, /Line 9 is not on this order/],
      [{ shippingOption: 'drone' }, 400, /shipping option/i],
      [{}, 400, /changes nothing/],
      [{ lines: [{ lineNo: 2, qty: 6 }] }, 400, /changes nothing/],
      [{ shipToCode: 'NOT-MINE' }, 400, /not one of this customer's addresses/],
    ];
    for (const [body, status, words] of tries) {
      const res = await patch(n, body, v);
      expect({ body, status: res.status }).toEqual({ body, status });
      expect(res.body.detail).toMatch(words);
    }
    expect(await snapshot(n, ['11001', '11002', '30001'])).toEqual(before);

    const { order: other } = await placeOrder(t, [['11002', 2]]);
    const o = await get(other.orderNum);
    expect((await patch(other.orderNum, { lines: [{ lineNo: 1, qty: 0 }] }, o.version)).body.detail).toBe('An edit cannot remove every line: cancel the order instead');
    await post(`/Orders/${other.orderNum}/Cancel`, { reason: 'Test' });
    const c = await get(other.orderNum);
    const refused = await patch(other.orderNum, { poNumber: 'X' }, c.version);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe('Cannot edit an order that is cancelled');
  });

  it('a warehouse member may not edit (orders:write)', async () => {
    const { order } = await placeOrder(t, [['11002', 1]]);
    const warehouse = await staffWith(t, ['warehouse'], 'west');
    expect((await patch(order.orderNum, { poNumber: 'X' }, 0, warehouse)).status).toBe(403);
  });
});

describe('stock follows an edit', () => {
  it('released units fill another order\'s backorder, whose buyer is mailed', async () => {
    await setStock(t, '11003', 5, 0);
    const { order: a } = await placeOrder(t, [['11003', 5]]);
    const { buyer: bBuyer, order: b } = await placeOrder(t, [['11003', 3]]);
    expect((await get(b.orderNum)).lines[0]).toMatchObject({ backordered: 3, openWest: 0 });
    const res = await patch(a.orderNum, { lines: [{ lineNo: 1, qty: 1 }] }, (await get(a.orderNum)).version);
    expect(res.status).toBe(200);
    expect(res.body.lines[0]).toMatchObject({ qty: 1, openWest: 1 });
    expect((await get(b.orderNum)).lines[0]).toMatchObject({ backordered: 0, openWest: 3 });
    expect(await stockOf(t, '11003')).toEqual({ west: 1, east: 0 });
    await t.ctx.outbox.drain();
    expect(mailsTo(t.dataDir, bBuyer.email).some((m) => m.text.includes(String(b.orderNum)) && /backorder/i.test(m.subject + m.text))).toBe(true);
    await summariesMatchRecount();
  });

  it('more units than are available are backordered, as at checkout', async () => {
    await setStock(t, '12001', 2, 1);
    const { order } = await placeOrder(t, [['12001', 1]]);
    const res = await patch(order.orderNum, { lines: [{ lineNo: 1, qty: 5 }] }, (await get(order.orderNum)).version);
    expect(res.body.lines[0]).toMatchObject({ qty: 5, openWest: 2, openEast: 1, backordered: 2 });
    expect(res.body.backordered ?? res.body.lines[0].backordered).toBe(2);
    expect(await stockOf(t, '12001')).toEqual({ west: 0, east: 0 });
  });
});

describe("the edit's answer", () => {
  it('is the order as a fresh read gives it, after each kind of edit of an order the desk had open', async () => {
    await setStock(t, '11001', 50, 0);
    await setStock(t, '11002', 100, 0);
    await setStock(t, '30001', 20, 20);
    const { buyer, order } = await placeOrder(t, [['11001', 9], ['11002', 30], ['30001', 2]], ['WELCOME10']);
    const n = order.orderNum as number;
    await post(`/Orders/${n}/Accept`);
    // Each edit follows a read of the order (the order page open): its answer is made from that read and what the edit wrote.
    const edits: object[] = [
      { lines: [{ lineNo: 1, qty: 5 }] },
      { add: [{ invNum: '12001', qty: 2 }], poNumber: 'PO-9' },
      { lines: [{ lineNo: 3, qty: 0 }, { lineNo: 2, qty: 31 }] },
      { lines: [{ lineNo: 4, qty: 3 }], comments: 'Leave at the back door' },
    ];
    for (const body of edits) {
      const res = await patch(n, body, (await get(n)).version);
      expect(res.status).toBe(200);
      expect(res.body).toEqual(await readAdminOrder(db(), n));
      expect(await get(n)).toEqual(res.body);
    }
    // Two edits in a row without a read between them, then one that puts the order on hold for credit.
    const first = await patch(n, { lines: [{ lineNo: 1, qty: 4 }] }, (await get(n)).version);
    const second = await patch(n, { lines: [{ lineNo: 1, qty: 6 }] }, first.body.version);
    expect(second.body).toEqual(await readAdminOrder(db(), n));
    await db().updateTable('customers').set({ credit_limit_cents: 100 }).where('email', '=', buyer.email).execute();
    const held = await patch(n, { lines: [{ lineNo: 2, qty: 40 }] }, (await get(n)).version);
    expect(held.body.statusCode).toBe('on_hold');
    expect(held.body).toEqual(await readAdminOrder(db(), n));
    expect(held.body.lines.map((l: { openWest: number; openEast: number }) => l.openWest + l.openEast)).toEqual(held.body.lines.map(() => 0));
  });
});

describe('the credit check runs again', () => {
  it('an edit over the limit puts the order on hold "credit limit" and gives its stock back', async () => {
    await setStock(t, '11002', 100, 0);
    const { buyer, order } = await placeOrder(t, [['11002', 5]]);
    const n = order.orderNum as number;
    await db().updateTable('customers').set({ credit_limit_cents: 10_000 }).where('email', '=', buyer.email).execute();
    const before = await stockOf(t, '11002');
    const res = await patch(n, { lines: [{ lineNo: 1, qty: 20 }] }, (await get(n)).version);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ statusCode: 'on_hold', holdReason: 'credit limit' });
    expect(res.body.lines[0]).toMatchObject({ qty: 20, openWest: 0, openEast: 0, backordered: 20 });
    expect(await stockOf(t, '11002')).toEqual({ west: before.west + 5, east: 0 });
    expect(res.body.events.find((e: { kind: string }) => e.kind === 'on_hold')).toMatchObject({ public: false });
    await summariesMatchRecount();
  });
});

describe('partly shipped orders and addresses', () => {
  it('an unshipped line of a partly shipped order changes; removing the rest leaves it shipped, its total its invoices', async () => {
    await setStock(t, '11001', 50, 0);
    await setStock(t, '11002', 100, 0);
    const { order } = await placeOrder(t, [['11001', 2], ['11002', 3]]);
    const n = order.orderNum as number;
    await post(`/Orders/${n}/Accept`);
    expect((await ship(n, [{ lineNo: 1, qty: 2 }])).status).toBe(201);
    const res = await patch(n, { lines: [{ lineNo: 2, qty: 0 }] }, (await get(n)).version);
    expect(res.status).toBe(200);
    expect(res.body.statusCode).toBe('shipped');
    expect(res.body.lines.map((l: { lineNo: number }) => l.lineNo)).toEqual([1]);
    const invoiced = res.body.invoices.reduce((s: number, i: { total: number }) => s + cents(i.total), 0);
    expect(cents(res.body.total)).toBe(invoiced);
    await summariesMatchRecount();
  });

  it('a new ship-to in another state: the shipping is priced for it and the summaries move to its state', async () => {
    await setStock(t, '11002', 100, 100);
    const buyer = await signUpCustomer(t.app, 'CA');
    const code = await addShipTo(t.app, buyer, 'AL');
    const { order } = await placeOrder(t, [['11002', 2]], [], buyer);
    const res = await patch(order.orderNum, { shipToCode: code, shippingOption: '2day', add: [{ invNum: '11002', qty: 1 }] }, (await get(order.orderNum)).version);
    expect(res.status).toBe(200);
    expect(res.body.shipTo).toMatchObject({ code, state: 'AL' });
    expect(res.body.shippingOption).toMatchObject({ code: '2day', name: '2-Day' });
    // The added line ships from East, the warehouse nearest Alabama.
    expect(res.body.lines[1]).toMatchObject({ invNum: '11002', qty: 1, openEast: 1, openWest: 0 });
    expect(res.body.events.find((e: { kind: string }) => e.kind === 'edited').detail).toMatch(/Ship to: .* → Branch AL, Mobile, AL; Shipping: Ground → 2-Day/);
    await summariesMatchRecount();
  });
});

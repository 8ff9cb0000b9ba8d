import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoCoupons } from '../orders';
import { signUpCustomer } from '../orders/testing';
import { loadFixtureCatalogue } from '../catalogue/testing';
import { adminCall, ownerSession, staffWith, type StaffSessionForTest } from '../test-support/admin';
import { mailsTo } from '../platform/mail/mail-folder';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { buyerCall, placeOrder, setStock, stockOf } from './lifecycle-test-helpers';

let t: TestApp;
let desk: StaffSessionForTest;
let owner: StaffSessionForTest;
beforeAll(async () => {
  t = await createTestApp(async (ctx) => {
    await loadFixtureCatalogue(ctx.database.db);
    await seedDemoCoupons(ctx.database.db);
  });
  desk = await staffWith(t, ['orders']);
  owner = await ownerSession(t);
});
afterAll(() => t?.close());

const post = (s: StaffSessionForTest, url: string, payload?: object, headers: Record<string, string> = {}) => adminCall(t, s, { method: 'POST', url, ...(payload ? { payload } : {}), headers });
const get = (s: StaffSessionForTest, url: string) => adminCall(t, s, { method: 'GET', url });
const auditOf = (orderNum: number) => t.ctx.database.db.selectFrom('audit_log').select(['action', 'actor']).where('target', '=', `order:${orderNum}`).orderBy('id').execute();

describe('accept, hold, release', () => {
  it('accepts a received order once; the second accept is 409 naming the status; each change is audited', async () => {
    await setStock(t, '11002', 50, 50);
    const { buyer, order } = await placeOrder(t, [['11002', 4]]);
    const res = await post(desk, `/Orders/${order.orderNum}/Accept`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ orderNum: order.orderNum, statusCode: 'accepted', version: 1, actions: ['hold', 'ship', 'cancel'] });
    // Staff read who acted by name; the timeline starts with the order placed, by the buyer.
    expect(res.body.events).toEqual([
      expect.objectContaining({ kind: 'placed', at: order.createdAt, public: true }),
      expect.objectContaining({ kind: 'accepted', detail: 'Accepted', public: true, actor: expect.stringMatching(/^Staff \d+$/) }),
    ]);
    const again = await post(desk, `/Orders/${order.orderNum}/Accept`);
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe('Cannot accept an order that is accepted');
    expect((await post(desk, '/Orders/999999/Accept')).status).toBe(404);
    expect(await auditOf(order.orderNum)).toEqual([{ action: 'order.accept', actor: expect.stringMatching(/^staff:\d+ /) }]);
    const mine = await buyerCall(t, buyer, 'GET', `/Shop/GetOrder/${order.orderNum}`);
    expect(mine.body).toMatchObject({ statusCode: 'accepted', cancellable: false, events: [{ kind: 'accepted', detail: 'Accepted', actor: 'Order desk' }] });
  });

  it('holds with a reason (private) and releases to the status the order had', async () => {
    const { buyer, order } = await placeOrder(t, [['11002', 1]]);
    const n = order.orderNum;
    expect((await post(desk, `/Orders/${n}/Hold`, { reason: '' })).status).toBe(400);
    const held = await post(desk, `/Orders/${n}/Hold`, { reason: 'Credit check' });
    expect(held.body).toMatchObject({ statusCode: 'on_hold', holdReason: 'Credit check', actions: ['release', 'cancel'] });
    expect((await post(desk, `/Orders/${n}/Accept`)).body.detail).toBe('Cannot accept an order that is on hold');
    expect((await post(desk, `/Orders/${n}/Release`)).body).toMatchObject({ statusCode: 'received', holdReason: null });
    await post(desk, `/Orders/${n}/Accept`);
    await post(desk, `/Orders/${n}/Hold`, { reason: 'Address check' });
    expect((await post(desk, `/Orders/${n}/Release`)).body.statusCode).toBe('accepted');
    // The buyer sees only the public events: no hold reasons.
    const mine = await buyerCall(t, buyer, 'GET', `/Shop/GetOrder/${n}`);
    expect(mine.body.events.map((e: { kind: string }) => e.kind)).toEqual(['accepted']);
  });

  it('refuses a stale If-Match version and a role without orders:write', async () => {
    const { order } = await placeOrder(t, [['11002', 1]]);
    const stale = await post(desk, `/Orders/${order.orderNum}/Accept`, undefined, { 'if-match': '5' });
    expect(stale.status).toBe(409);
    expect(stale.body.detail).toMatch(/changed this order meanwhile/);
    const warehouse = await staffWith(t, ['warehouse'], 'west');
    expect((await post(warehouse, `/Orders/${order.orderNum}/Accept`)).status).toBe(403);
    expect((await post(desk, `/Orders/${order.orderNum}/Accept`, undefined, { 'if-match': 'W/"x"' })).status).toBe(400);
    expect((await post(desk, `/Orders/${order.orderNum}/Accept`, undefined, { 'if-match': '"0"' })).status).toBe(200);
  });
});

describe('ship', () => {
  it('ships part of an order from one warehouse with tracking, raises its invoice and mails the buyer', async () => {
    await setStock(t, '11002', 50, 50);
    await setStock(t, '12001', 50, 50);
    const { buyer, order } = await placeOrder(t, [['11002', 60], ['12001', 5]]);
    const n = order.orderNum;
    expect((await post(owner, `/Orders/${n}/Ship`, { warehouse: 'west', carrier: 'ups', trackingNumber: '1Z999' })).body.detail).toBe('Cannot ship an order that is received');
    await post(desk, `/Orders/${n}/Accept`);
    const res = await post(owner, `/Orders/${n}/Ship`, { warehouse: 'west', carrier: 'ups', trackingNumber: '1Z 999', lines: [{ lineNo: 1, qty: 20 }] });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      warehouse: 'west',
      carrier: 'ups',
      trackingNumber: '1Z 999',
      trackingUrl: 'https://www.ups.com/track?tracknum=1Z%20999',
      lines: [{ lineNo: 1, invNum: '11002', title: '11" Royal Blue Latex', qty: 20 }],
    });
    expect(res.body.invoiceNum).toBeGreaterThanOrEqual(500001);
    const detail = (await get(desk, `/Orders/${n}`)).body;
    expect(detail.statusCode).toBe('partially_shipped');
    expect(detail.lines[0]).toMatchObject({ qty: 60, openWest: 30, openEast: 10, backordered: 0, shipped: 20, cancelled: 0 });
    expect(detail.invoices).toEqual([expect.objectContaining({ invoiceNum: res.body.invoiceNum, shipmentNum: res.body.shipmentNum, total: expect.any(Number), status: 'open' })]);
    const inv = detail.invoices[0];
    expect(new Date(inv.dueDate).getTime() - new Date(inv.date).getTime()).toBe(30 * 86_400_000);
    // PostgreSQL numbers the shipment last: the timeline and the movements name its real number.
    expect(res.body.shipmentNum).toBeGreaterThan(0);
    expect(detail.events).toContainEqual(expect.objectContaining({ kind: 'shipped', detail: `Shipment ${res.body.shipmentNum}: 20 units from West (Fresno) by UPS, tracking 1Z 999` }));
    const moves = (await get(owner, '/Stock/11002/Movements')).body as { reason: string; ref: string; delta: number }[];
    expect(moves).toContainEqual(expect.objectContaining({ reason: 'ship', delta: -20, ref: `order ${n} shipment ${res.body.shipmentNum}` }));
    // Shipping does not change available stock: it was taken at checkout.
    expect(await stockOf(t, '11002')).toEqual({ west: 0, east: 40 });

    const tooMany = await post(owner, `/Orders/${n}/Ship`, { warehouse: 'east', carrier: 'fedex', trackingNumber: 'X1', lines: [{ lineNo: 1, qty: 11 }] });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.detail).toBe('Line 1 has only 10 open at east');
    for (const bad of [
      { warehouse: 'north', carrier: 'ups', trackingNumber: '1' },
      { warehouse: 'east', carrier: 'ups', trackingNumber: '1', lines: [{ lineNo: 1, qty: 0 }] },
      { warehouse: 'east', carrier: 'ups', trackingNumber: '1', lines: [{ lineNo: 1, qty: -2 }] },
      { warehouse: 'east', carrier: 'ups', trackingNumber: '1', lines: [{ lineNo: 9, qty: 1 }] },
      { warehouse: 'east', carrier: 'ups', trackingNumber: '1', lines: [{ lineNo: 1, qty: 1 }, { lineNo: 1, qty: 1 }] },
      { warehouse: 'east', carrier: 'ups', trackingNumber: '1', lines: Array.from({ length: 10_000 }, (_, i) => ({ lineNo: i + 1, qty: 1 })) },
      { warehouse: 'east', carrier: 'pigeon', trackingNumber: '1' },
      { warehouse: 'east', carrier: 'ups', trackingNumber: '<script>' },
    ]) {
      expect((await post(owner, `/Orders/${n}/Ship`, bad)).status).toBe(400);
    }
    const eastOnly = await staffWith(t, ['warehouse'], 'east');
    const wrong = await post(eastOnly, `/Orders/${n}/Ship`, { warehouse: 'west', carrier: 'ups', trackingNumber: '1' });
    expect(wrong.status).toBe(403);
    expect(wrong.body.detail).toBe('You ship from the east warehouse only');
    expect((await get(desk, `/Orders/${n}`)).body.version).toBe(detail.version);

    // Everything left at East (no lines: all of it), by LTL: no tracking page.
    const rest = await post(eastOnly, `/Orders/${n}/Ship`, { warehouse: 'east', carrier: 'ltl', trackingNumber: 'PRO-7' });
    expect(rest.status).toBe(201);
    expect(rest.body.trackingUrl).toBeNull();
    expect(rest.body.lines).toEqual([{ lineNo: 1, invNum: '11002', title: '11" Royal Blue Latex', qty: 10 }]);

    const mine = (await buyerCall(t, buyer, 'GET', `/Shop/GetOrder/${n}`)).body;
    expect(mine.shipments.map((s: { trackingUrl: string | null }) => s.trackingUrl)).toEqual(['https://www.ups.com/track?tracknum=1Z%20999', null]);
    expect(mine.invoices).toHaveLength(2);
    expect(mine.lines[0]).toMatchObject({ shipped: 30, backordered: 0, cancelled: 0 });
    expect(mine.events.map((e: { kind: string }) => e.kind)).toEqual(['accepted', 'shipped', 'shipped']);
    await t.ctx.outbox.drain();
    const mails = mailsTo(t.dataDir, buyer.email).filter((m) => m.subject === `Order ${n} shipped`);
    expect(mails).toHaveLength(2);
    expect(mails[0]!.text).toContain('Track it: https://www.ups.com/track?tracknum=1Z%20999');
    expect(mails[0]!.text).toContain('11" Royal Blue Latex  x 20');
  });

  it('invoices a fully shipped order with a coupon in three shipments that add up to its total to the cent', async () => {
    await setStock(t, '11003', 50, 0);
    await setStock(t, '30001', 50, 0);
    // 20 × $10.00 + 7 × $10.00 with $25 off: the discount does not split evenly by shipment.
    const { order } = await placeOrder(t, [['11003', 20], ['30001', 7]], ['SAVE25']);
    expect(order.discount).toBe(25);
    const n = order.orderNum;
    await post(desk, `/Orders/${n}/Accept`);
    for (const lines of [[{ lineNo: 1, qty: 1 }], [{ lineNo: 1, qty: 12 }, { lineNo: 2, qty: 3 }], undefined]) {
      expect((await post(owner, `/Orders/${n}/Ship`, { warehouse: 'west', carrier: 'usps', trackingNumber: '9400', ...(lines ? { lines } : {}) })).status).toBe(201);
    }
    const detail = (await get(desk, `/Orders/${n}`)).body;
    expect(detail.statusCode).toBe('shipped');
    expect(detail.actions).toEqual([]);
    expect(detail.invoices).toHaveLength(3);
    const cents = detail.invoices.reduce((sum: number, i: { total: number }) => sum + Math.round(i.total * 100), 0);
    expect(cents).toBe(Math.round(order.total * 100));
    const rows = await t.ctx.database.db.selectFrom('invoices as i').innerJoin('orders as o', 'o.id', 'i.order_id').select(['i.shipping_cents', 'i.discount_cents', 'i.terms']).where('o.order_num', '=', n).orderBy('i.id').execute();
    expect(rows.map((r) => Number(r.shipping_cents))).toEqual([Math.round(order.shipping * 100), 0, 0]);
    // Rounded on the running total: $25 × 10/270 = $0.93, × 160/270 = $14.81 (so $13.88), the last the rest ($10.19).
    expect(rows.map((r) => Number(r.discount_cents))).toEqual([93, 1388, 1019]);
    expect(rows[0]!.terms).toContain('Returned check fee $35.00');
    expect((await post(owner, `/Orders/${n}/Ship`, { warehouse: 'west', carrier: 'ups', trackingNumber: '1' })).body.detail).toBe('Cannot ship an order that is shipped');
  });

  it('20 parallel Ship calls for the same open units make exactly one shipment', async () => {
    await setStock(t, '33007', 50, 0);
    const { order } = await placeOrder(t, [['33007', 6]]);
    const n = order.orderNum;
    await post(desk, `/Orders/${n}/Accept`);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => post(owner, `/Orders/${n}/Ship`, { warehouse: 'west', carrier: 'ups', trackingNumber: `T${i}`, lines: [{ lineNo: 1, qty: 6 }] })),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(19);
    const detail = (await get(desk, `/Orders/${n}`)).body;
    expect(detail.shipments).toHaveLength(1);
    expect(detail.invoices).toHaveLength(1);
    expect(detail.lines[0]).toMatchObject({ qty: 6, openWest: 0, shipped: 6 });
    expect(detail.statusCode).toBe('shipped');
    expect(await stockOf(t, '33007')).toEqual({ west: 44, east: 0 });
    const moves = (await get(owner, '/Stock/33007/Movements')).body as { reason: string; delta: number }[];
    expect(moves.filter((m) => m.reason === 'ship').map((m) => m.delta)).toEqual([-6]);
  });
});

describe('cancel', () => {
  it('cancels lines (backordered first), gives open units back to stock, and a whole order gives its coupon use back', async () => {
    await setStock(t, '30002', 5, 0);
    await setStock(t, '11002', 50, 50);
    const { buyer, order } = await placeOrder(t, [['30002', 8], ['11002', 2]], ['WELCOME10']);
    const n = order.orderNum;
    const uses = async () => Number((await t.ctx.database.db.selectFrom('coupons').select('uses').where('code', '=', 'WELCOME10').executeTakeFirstOrThrow()).uses);
    const usesBefore = await uses();
    const westBefore = (await stockOf(t, '11002')).west;
    expect((await post(desk, `/Orders/${n}/Cancel`, { reason: 'x', lines: [{ lineNo: 1, qty: 9 }] })).body.detail).toBe('Line 1 has only 8 units that can be cancelled');
    const part = await post(desk, `/Orders/${n}/Cancel`, { reason: 'Customer asked', lines: [{ lineNo: 1, qty: 4 }] });
    expect(part.status).toBe(200);
    expect(part.body.statusCode).toBe('received');
    expect(part.body.lines[0]).toMatchObject({ openWest: 4, backordered: 0, cancelled: 4 });
    expect(await stockOf(t, '30002')).toEqual({ west: 1, east: 0 });
    expect(await uses()).toBe(usesBefore);

    const all = await post(desk, `/Orders/${n}/Cancel`, { reason: 'Store closed' });
    expect(all.body).toMatchObject({ statusCode: 'cancelled', actions: [] });
    expect(all.body.lines.map((l: { cancelled: number }) => l.cancelled)).toEqual([8, 2]);
    expect(await stockOf(t, '30002')).toEqual({ west: 5, east: 0 });
    expect((await stockOf(t, '11002')).west).toBe(westBefore + 2);
    expect(await uses()).toBe(usesBefore - 1);
    expect((await post(desk, `/Orders/${n}/Cancel`, { reason: 'again' })).body.detail).toBe('Cannot cancel an order that is cancelled');

    const mine = (await buyerCall(t, buyer, 'GET', `/Shop/GetOrder/${n}`)).body;
    expect(mine.statusCode).toBe('cancelled');
    expect(mine.events.map((e: { detail: string }) => e.detail)).toEqual(['4 units on 1 line cancelled: Customer asked', 'Order cancelled: Store closed']);
    await t.ctx.outbox.drain();
    const subjects = mailsTo(t.dataDir, buyer.email).map((m) => m.subject);
    expect(subjects).toContain(`Order ${n}: items cancelled`);
    expect(subjects).toContain(`Order ${n} cancelled`);
  });

  it('gives released units to the oldest waiting backorder in the same transaction, records the movements and mails that buyer', async () => {
    await setStock(t, '30003', 4, 0);
    const { order: first } = await placeOrder(t, [['30003', 4]]);
    const { buyer: waiting, order: second } = await placeOrder(t, [['30003', 3]]);
    expect(second.lines[0].allocation).toEqual({ west: 0, east: 0, backordered: 3 });
    const res = await post(desk, `/Orders/${first.orderNum}/Cancel`, { reason: 'Duplicate order' });
    expect(res.body.statusCode).toBe('cancelled');
    const filled = (await get(desk, `/Orders/${second.orderNum}`)).body;
    expect(filled.lines[0]).toMatchObject({ openWest: 3, backordered: 0 });
    expect(await stockOf(t, '30003')).toEqual({ west: 1, east: 0 });
    const moves = (await get(owner, '/Stock/30003/Movements')).body as { reason: string; delta: number; ref: string }[];
    expect(moves.slice(0, 2).map((m) => [m.reason, m.delta, m.ref])).toEqual([
      ['backorder', -3, `order ${second.orderNum}`],
      ['cancel', 4, `order ${first.orderNum}`],
    ]);
    await t.ctx.outbox.drain();
    expect(mailsTo(t.dataDir, waiting.email).map((m) => m.subject)).toContain(`Order ${second.orderNum}: backordered items allocated`);
  });

  it('parallel cancels give released units to the same waiting orders, oldest first, each once, without a deadlock', async () => {
    await setStock(t, '11001', 10, 0);
    await setStock(t, '40001', 10, 0);
    // Five orders hold every unit of both items; three more wait for 2 of each.
    const holders: number[] = [];
    for (let i = 0; i < 5; i++) holders.push((await placeOrder(t, [['11001', 2], ['40001', 2]])).order.orderNum);
    const waiting: number[] = [];
    for (let i = 0; i < 3; i++) {
      const { order } = await placeOrder(t, [['40001', 2], ['11001', 2]]);
      expect(order.lines.map((l: { allocation: object }) => l.allocation)).toEqual([{ west: 0, east: 0, backordered: 2 }, { west: 0, east: 0, backordered: 2 }]);
      waiting.push(order.orderNum);
    }
    // The holders cancelled at once, and the newest waiting order with them (each cancel locks its
    // order, then the items; each fill holds the items and skips an order another one holds).
    const answers = await Promise.all([...holders, waiting[2]!].map((n) => post(desk, `/Orders/${n}/Cancel`, { reason: 'Parallel' })));
    expect(answers.map((a) => [a.status, a.body.statusCode])).toEqual(Array.from({ length: 6 }, () => [200, 'cancelled']));
    for (const n of waiting.slice(0, 2)) {
      const lines = (await get(desk, `/Orders/${n}`)).body.lines as { openWest: number; backordered: number }[];
      expect(lines.map((l) => [l.openWest, l.backordered])).toEqual([[2, 0], [2, 0]]);
    }
    // Of 10 units each, 4 are the two waiting orders'; the rest is back on the shelf.
    expect(await stockOf(t, '11001')).toEqual({ west: 6, east: 0 });
    expect(await stockOf(t, '40001')).toEqual({ west: 6, east: 0 });
    // Every order's kept sums are its lines' sums.
    const wrong = await t.ctx.database.db
      .selectFrom('orders as o')
      .innerJoin('order_lines as l', 'l.order_id', 'o.id')
      .select('o.order_num')
      .where('o.order_num', 'in', [...holders, ...waiting])
      .groupBy(['o.order_num', 'o.open_west', 'o.open_east', 'o.backordered'])
      .having((eb) => eb.or([eb(eb.fn.sum('l.qty_west'), '!=', eb.ref('o.open_west')), eb(eb.fn.sum('l.qty_east'), '!=', eb.ref('o.open_east')), eb(eb.fn.sum('l.qty_backordered'), '!=', eb.ref('o.backordered'))]))
      .execute();
    expect(wrong).toEqual([]);
  });

  it('never cancels shipped units: a partly shipped order cancelled becomes shipped', async () => {
    await setStock(t, '12001', 50, 50);
    const { order } = await placeOrder(t, [['12001', 5]]);
    const n = order.orderNum;
    await post(desk, `/Orders/${n}/Accept`);
    await post(owner, `/Orders/${n}/Ship`, { warehouse: 'west', carrier: 'ups', trackingNumber: '1', lines: [{ lineNo: 1, qty: 2 }] });
    const res = await post(desk, `/Orders/${n}/Cancel`, { reason: 'Rest not needed' });
    expect(res.body).toMatchObject({ statusCode: 'shipped', lines: [expect.objectContaining({ shipped: 2, cancelled: 3, openWest: 0 })] });
  });

  it('lets the buyer cancel their own order while it is received, and no one else', async () => {
    await setStock(t, '11002', 50, 50);
    const { buyer, order } = await placeOrder(t, [['11002', 3]]);
    const other = await signUpCustomer(t.app, 'CA');
    expect((await buyerCall(t, other, 'POST', `/Shop/CancelOrder/${order.orderNum}`)).status).toBe(404);
    const res = await buyerCall(t, buyer, 'POST', `/Shop/CancelOrder/${order.orderNum}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ orderNum: order.orderNum, statusCode: 'cancelled', cancellable: false });
    expect(res.body.lines[0]).toMatchObject({ cancelled: 3 });

    const { buyer: b2, order: accepted } = await placeOrder(t, [['11002', 1]]);
    await post(desk, `/Orders/${accepted.orderNum}/Accept`);
    const late = await buyerCall(t, b2, 'POST', `/Shop/CancelOrder/${accepted.orderNum}`);
    expect(late.status).toBe(409);
    expect(late.body.detail).toBe('Cannot cancel an order that is accepted');
    expect((await t.app.inject({ method: 'POST', url: `/beapi/Shop/CancelOrder/${accepted.orderNum}` })).statusCode).toBe(401);
  });
});

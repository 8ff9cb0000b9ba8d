import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { dashboardSchema } from '../../contract/admin/dashboard';
import { adminOrderSchema, adminOrdersPageSchema, shipmentSchema } from '../../contract/admin/orders';
import { adminCall, ownerSession, staffWith, type StaffSessionForTest } from '../test-support/admin';
import { signUpCustomer } from './cart/test-customers';
import { type TestApp } from '../test-support/test-app';
import { withShop } from '../test-support/shop';
import { placeOrder, setStock } from '../flows/lifecycle-test-helpers';

const { t, staff: { owner } } = withShop({ catalogue: true, coupons: true, staff: { owner: 'demo owner' } });

const get = (url: string, s: StaffSessionForTest = owner) => adminCall(t, s, { method: 'GET', url });
const post = (url: string, payload?: object) => adminCall(t, owner, { method: 'POST', url, ...(payload ? { payload } : {}) });
const nums = (page: { items: { orderNum: number }[] }) => page.items.map((i) => i.orderNum);

describe('the orders list and the dashboard', () => {
  it('filters by status, customer, warehouse, backorders and search, with totals from the counts or capped', async () => {
    await setStock(t, '11002', 100, 100);
    await setStock(t, '40001', 0, 0);
    const acme = await signUpCustomer(t.app, 'CA', 'acme');
    const { order: a } = await placeOrder(t, [['11002', 2]], [], acme);
    const { order: b } = await placeOrder(t, [['11002', 1], ['40001', 2]], [], acme);
    const { order: c } = await placeOrder(t, [['11002', 3]]);
    await post(`/Orders/${a.orderNum}/Accept`);

    const all = (await get('/Orders')).body;
    expect(nums(all)).toEqual([c.orderNum, b.orderNum, a.orderNum]);
    expect(all).toMatchObject({ total: 3, totalCapped: false, page: 1, pageSize: 50 });
    expect(all.items[2]).toMatchObject({ statusCode: 'accepted', lineCount: 1, openWest: 2, openEast: 0, backordered: 0, total: a.total, customer: { email: acme.email } });

    expect((await get('/Orders?status=received')).body).toMatchObject({ total: 2, items: [{ orderNum: c.orderNum }, { orderNum: b.orderNum }] });
    expect(nums((await get('/Orders?sort=oldest&pageSize=2')).body)).toEqual([a.orderNum, b.orderNum]);
    expect(nums((await get('/Orders?sort=oldest&pageSize=2&page=2')).body)).toEqual([c.orderNum]);
    expect((await get('/Orders?backordered=1')).body).toMatchObject({ total: 1, items: [{ orderNum: b.orderNum, backordered: 2 }] });
    expect(nums((await get('/Orders?warehouse=west&status=received')).body)).toEqual([c.orderNum, b.orderNum]);
    const customerId = all.items[2].customer.id;
    expect(nums((await get(`/Orders?customer=${customerId}`)).body)).toEqual([b.orderNum, a.orderNum]);

    // Search: order number, company (any case), email, PO number; a LIKE wildcard is just a character.
    expect(nums((await get(`/Orders?q=${a.orderNum}`)).body)).toEqual([a.orderNum]);
    expect(nums((await get(`/Orders?q=${encodeURIComponent(all.items[2].customer.orgName.toUpperCase())}`)).body)).toEqual([b.orderNum, a.orderNum]);
    expect(nums((await get(`/Orders?q=${encodeURIComponent(acme.email)}&status=accepted`)).body)).toEqual([a.orderNum]);
    expect((await get('/Orders?q=%25')).body).toMatchObject({ items: [], total: 0 });
    expect(nums((await get(`/Orders?q=${encodeURIComponent(acme.email)}&sort=total`)).body)).toEqual([b.orderNum, a.orderNum]);

    for (const bad of ['status=lost', 'warehouse=north', 'page=0', 'pageSize=201', 'from=yesterday', 'customer=-1', 'sort=total']) {
      expect((await get(`/Orders?${bad}`)).status, bad).toBe(400);
    }
  });

  it('answers the dashboard from the kept counts', async () => {
    const board = (await get('/Dashboard')).body;
    expect(board).toMatchObject({ toAccept: 2, onHold: 0, toShip: { west: 1, east: 0 }, backorderedOrders: 1 });
    expect(board.byStatus).toMatchObject({ received: 2, accepted: 1, cancelled: 0 });
    expect(Array.isArray(board.lowStock)).toBe(true);
    const warehouse = await staffWith(t, ['warehouse'], 'west');
    expect((await get('/Dashboard', warehouse)).status).toBe(200);
    const catalogue = await staffWith(t, ['catalogue']);
    expect((await get('/Orders', catalogue)).status).toBe(403);
  });

  it('accepts many orders at once, each on its own', async () => {
    const received = (await get('/Orders?status=received')).body.items.map((i: { orderNum: number }) => i.orderNum);
    const accepted = (await get('/Orders?status=accepted')).body.items[0].orderNum;
    const res = await post('/Orders/Accept', { orderNums: [...received, accepted, 999_999] });
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([
      ...received.map((orderNum: number) => ({ orderNum, ok: true, statusCode: 'accepted' })),
      { orderNum: accepted, ok: false, error: 'Cannot accept an order that is accepted' },
      { orderNum: 999_999, ok: false, error: 'Order 999999 not found' },
    ]);
    expect((await get('/Dashboard')).body).toMatchObject({ toAccept: 0, byStatus: { accepted: 3 } });
    expect((await post('/Orders/Accept', { orderNums: [] })).status).toBe(400);
    expect((await post('/Orders/Accept', { orderNums: Array.from({ length: 201 }, (_, i) => i + 1) })).status).toBe(400);
  });

  it('never shows an order older than it is: a backorder fill and another instance’s shipment are seen at once', async () => {
    await setStock(t, '40001', 0, 0);
    const { order } = await placeOrder(t, [['40001', 3]]);
    const detail = async (s: StaffSessionForTest = owner, on: TestApp = t) => (await adminCall(on, s, { method: 'GET', url: `/Orders/${order.orderNum}` })).body;
    expect((await detail()).lines[0]).toMatchObject({ openWest: 0, backordered: 3 });
    // Units arrive (enough for the older orders waiting too): the fill changes the order without a lifecycle action on it.
    expect((await post('/Stock/Adjust', { invNum: '40001', warehouse: 'west', delta: 10, reason: 'received' })).status).toBe(200);
    const filled = await detail();
    expect(filled.lines[0]).toMatchObject({ openWest: 3, backordered: 0 });
    expect(filled.events.map((e: { kind: string }) => e.kind)).toContain('backorder_allocated');
    await post(`/Orders/${order.orderNum}/Accept`);
    expect((await detail()).statusCode).toBe('accepted');

    // Another server process on the same database ships a unit: this one shows it on the next read.
    const peer = await t.startPeer();
    try {
      const peerOwner = await ownerSession(peer);
      const shipped = await adminCall(peer, peerOwner, { method: 'POST', url: `/Orders/${order.orderNum}/Ship`, payload: { warehouse: 'west', carrier: 'ups', trackingNumber: '1Z999', lines: [{ lineNo: 1, qty: 1 }] } });
      expect(shipped.status).toBe(201);
      const after = await detail();
      expect(after).toMatchObject({ statusCode: 'partially_shipped', lines: [{ openWest: 2, shipped: 1 }], shipments: [{ shipmentNum: shipped.body.shipmentNum, trackingNumber: '1Z999' }] });
      expect(after.invoices).toHaveLength(1);
    } finally {
      await peer.close();
    }
  });

  it('reads every part of an order (coupon, shipments with their lines and invoices, timeline) alike when read again and after a change', async () => {
    await setStock(t, '11003', 50, 0);
    await setStock(t, '30001', 50, 0);
    const { order } = await placeOrder(t, [['11003', 20], ['30001', 7]], ['SAVE25']);
    const n = order.orderNum;
    await post(`/Orders/${n}/Accept`);
    const first = await post(`/Orders/${n}/Ship`, { warehouse: 'west', carrier: 'ups', trackingNumber: '1Z1', lines: [{ lineNo: 1, qty: 2 }] });
    const second = await post(`/Orders/${n}/Ship`, { warehouse: 'west', carrier: 'usps', trackingNumber: '94', lines: [{ lineNo: 2, qty: 1 }, { lineNo: 1, qty: 1 }] });
    const detail = (await get(`/Orders/${n}`)).body;
    expect(detail.coupons).toEqual([{ code: 'SAVE25', name: expect.any(String), discount: 25 }]);
    expect(detail.shipments).toMatchObject([
      { shipmentNum: first.body.shipmentNum, carrier: 'ups', invoiceNum: first.body.invoiceNum, lines: [{ lineNo: 1, invNum: '11003', qty: 2 }] },
      { shipmentNum: second.body.shipmentNum, carrier: 'usps', invoiceNum: second.body.invoiceNum, lines: [{ lineNo: 1, invNum: '11003', qty: 1 }, { lineNo: 2, invNum: '30001', qty: 1 }] },
    ]);
    expect(detail.invoices.map((i: { invoiceNum: number; shipmentNum: number }) => [i.invoiceNum, i.shipmentNum])).toEqual([
      [first.body.invoiceNum, first.body.shipmentNum],
      [second.body.invoiceNum, second.body.shipmentNum],
    ]);
    expect(detail.events.map((e: { kind: string }) => e.kind)).toEqual(['placed', 'accepted', 'shipped', 'shipped']);
    expect(detail.events[2].detail).toBe(`Shipment ${first.body.shipmentNum}: 2 units from West (Fresno) by UPS, tracking 1Z1`);
    // Read again (the kept parts), and after a cancel (read afresh): the same order, then the changed one.
    expect((await get(`/Orders/${n}`)).body).toEqual(detail);
    const cancelled = (await post(`/Orders/${n}/Cancel`, { reason: 'Too many', lines: [{ lineNo: 1, qty: 1 }] })).body;
    expect(cancelled.version).toBe(detail.version + 1);
    expect(cancelled.lines[0]).toMatchObject({ openWest: 16, shipped: 3, cancelled: 1 });
    expect(cancelled.events.map((e: { kind: string }) => e.kind)).toEqual(['placed', 'accepted', 'shipped', 'shipped', 'cancelled']);
    expect((await get(`/Orders/${n}`)).body).toEqual(cancelled);
  });

  it('answers exactly what the contract says: no field missing, of another type, or extra', async () => {
    // The order routes write their answers with JSON.stringify (no zod on the way out), so a
    // field added to an answer by mistake would reach the client: parsing drops unknown fields.
    const exact = (schema: z.ZodType, body: unknown) => expect(schema.parse(body)).toEqual(body);
    await setStock(t, '11002', 100, 100);
    const { order } = await placeOrder(t, [['11002', 4]]);
    await post(`/Orders/${order.orderNum}/Accept`);
    const shipped = await post(`/Orders/${order.orderNum}/Ship`, { warehouse: 'west', carrier: 'ups', trackingNumber: '1Z999', lines: [{ lineNo: 1, qty: 1 }] });
    expect(shipped.status).toBe(201);
    exact(shipmentSchema, shipped.body);
    const cancelled = await post(`/Orders/${order.orderNum}/Cancel`, { reason: 'Changed their mind', lines: [{ lineNo: 1, qty: 1 }] });
    exact(adminOrderSchema, cancelled.body);
    exact(adminOrderSchema, (await get(`/Orders/${order.orderNum}`)).body);
    exact(adminOrdersPageSchema, (await get('/Orders?status=partially_shipped')).body);
    exact(adminOrdersPageSchema, (await get(`/Orders?q=${order.orderNum}`)).body);
    exact(dashboardSchema, (await get('/Dashboard')).body);
  });
});

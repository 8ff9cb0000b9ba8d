import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_ADMIN_MESSAGES } from '../../contract/admin/orders';
import { fixtureItems, loadFixtureCatalogue, seedItems } from '../catalogue/testing';
import { addShipTo, signUpCustomer, type TestCustomer } from '../orders/testing';
import { mailsTo } from '../platform/mail/mail-folder';
import { adminCall, type StaffSessionForTest, staffWith } from '../test-support/admin';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { itemsWithStock } from '../stock/testing';

/** Orders the order desk enters for a customer (DESIGN.md §7, decision 0034), through the real API on SQLite and PostgreSQL. */

let t: TestApp;
let desk: StaffSessionForTest;
let accounts: StaffSessionForTest;
let catalogue: StaffSessionForTest;

beforeAll(async () => {
  t = await createTestApp((ctx) => loadFixtureCatalogue(ctx.database.db));
  desk = await staffWith(t, ['orders']);
  accounts = await staffWith(t, ['accounts']);
  catalogue = await staffWith(t, ['catalogue']);
}, 60_000);
afterAll(() => t?.close());

const db = () => t.ctx.database.db;
const admin = (as: StaffSessionForTest, method: InjectOptions['method'], url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  adminCall(t, as, { method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const idOf = async (c: TestCustomer) => (await db().selectFrom('customers').select('id').where('email', '=', c.email).executeTakeFirstOrThrow()).id;
const buyerCall = async (c: TestCustomer, url: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/beapi${url}`, headers: c.headers });
  return { status: res.statusCode, body: res.json() };
};
async function stockOf(num: string) {
  const { qty_fr, qty_fh } = await itemsWithStock(db()).where('i.num', '=', num).executeTakeFirstOrThrow();
  return { west: qty_fr, east: qty_fh };
}
async function setItem(num: string, more: Partial<(typeof fixtureItems)[number]>) {
  const base = fixtureItems.find((i) => i.num === num)!;
  await seedItems(db(), [{ ...base, ...more }]);
  await t.ctx.catalogue.refresh();
}
/** What a refused order must leave as it was. */
async function snapshot() {
  const count = async (table: 'orders' | 'order_lines' | 'audit_log' | 'outbox' | 'idempotency_keys') =>
    Number((await db().selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const stock = (await itemsWithStock(db()).orderBy('i.num').execute()).map((r) => [r.num, r.qty_fr, r.qty_fh]);
  return { orders: await count('orders'), lines: await count('order_lines'), audit: await count('audit_log'), outbox: await count('outbox'), keys: await count('idempotency_keys'), stock };
}
const order = (customerId: number, more: Record<string, unknown> = {}) => ({ customerId, shipToCode: '', shippingOption: 'ground', source: 'phone', poNumber: 'PH-1', comments: '', lines: [{ invNum: '11002', qty: 2 }], ...more });

describe('a staff-entered order', () => {
  it("is priced at the customer's level and quantity break, allocated, mailed, counted and audited, and the buyer sees it as entered by the order desk", async () => {
    const buyer = await signUpCustomer(t.app, 'CA');
    const id = await idOf(buyer);
    const level = await admin(accounts, 'POST', '/PriceLevels', { name: 'Phone Twenty', percentOff: 20 });
    expect(level.status).toBe(201);
    expect((await admin(accounts, 'PUT', `/Customers/${id}`, { priceLevelId: level.body.id })).status).toBe(200);
    expect((await admin(catalogue, 'PUT', '/Items/30001/Breaks', [{ minQty: 12, price: 7.5 }])).status).toBe(200);
    await buyerCall(buyer, '/Shop/GetShoppingCart');
    await t.app.inject({ method: 'POST', url: '/beapi/Shop/AddItem?InvNum=11003&qty=3', headers: buyer.headers });
    const west = await stockOf('30001');
    const countsBefore = (await admin(desk, 'GET', '/Orders?status=received')).body.total;

    const preview = await admin(desk, 'POST', '/Orders/Preview', { customerId: id, lines: [{ invNum: '30001', qty: 12 }, { invNum: '11002', qty: 1 }] });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.customer).toMatchObject({ id, priceLevel: 'Phone Twenty' });
    expect(preview.body.lines).toEqual([
      { invNum: '30001', title: 'Happy Birthday Heart', qty: 12, price: 7.5, extended: 90 },
      { invNum: '11002', title: '11" Royal Blue Latex', qty: 1, price: 8, extended: 8 },
    ]);
    expect(preview.body.subtotal).toBe(98);
    expect(preview.body.shippingOptions.map((o: { code: string }) => o.code)).toContain('ground');

    const res = await admin(desk, 'POST', '/Orders', order(id, { lines: [{ invNum: '30001', qty: 12 }, { invNum: '11002', qty: 1 }], comments: 'Called at 9' }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const placed = res.body;
    expect(placed).toMatchObject({
      statusCode: 'received',
      source: 'phone',
      enteredBy: { id: desk.id },
      poNumber: 'PH-1',
      comments: 'Called at 9',
      subtotal: 98,
      customer: { id, email: buyer.email },
    });
    expect(placed.enteredBy.name).toMatch(/^Staff \d+$/);
    expect(placed.lines.map((l: { invNum: string; qty: number; price: number; openWest: number }) => [l.invNum, l.qty, l.price, l.openWest])).toEqual([
      ['30001', 12, 7.5, 12],
      ['11002', 1, 8, 1],
    ]);
    expect(placed.events[0]).toMatchObject({ kind: 'placed', actor: placed.enteredBy.name, detail: `Order entered by phone for ${placed.customer.orgName}` });
    // Allocation and the stock identity: what the order holds left the shelf.
    expect(await stockOf('30001')).toEqual({ west: west.west - 12, east: west.east });
    const moves = await db().selectFrom('stock_movements').select(['delta', 'actor']).where('item_num', '=', '30001').where('delta', '=', -12).where('actor', 'like', `staff:${desk.id} %`).execute();
    expect(moves.length).toBe(1);
    expect((await admin(desk, 'GET', '/Orders?status=received')).body.total).toBe(countsBefore + 1);
    // The buyer's cart is untouched; the mail goes to the buyer; the audit row names the staff member.
    expect((await buyerCall(buyer, '/Shop/GetShoppingCart')).body.items.map((i: { invNum: string }) => i.invNum)).toEqual(['11003']);
    await t.ctx.outbox.drain();
    expect(mailsTo(t.dataDir, buyer.email).filter((m) => m.subject.includes(String(placed.orderNum))).length).toBe(1);
    const audit = await db().selectFrom('audit_log').select(['action', 'actor']).where('target', '=', `order:${placed.orderNum}`).execute();
    expect(audit).toEqual([{ action: 'order.enter', actor: expect.stringContaining(`staff:${desk.id}`) }]);

    const mine = await buyerCall(buyer, `/Shop/GetOrder/${placed.orderNum}`);
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ enteredByOrderDesk: true, subtotal: 98 });
    expect(JSON.stringify(mine.body)).not.toContain(placed.enteredBy.name);
  });

  it('goes on hold "credit limit" over the limit and takes no stock, as at checkout', async () => {
    const buyer = await signUpCustomer(t.app, 'CA');
    const id = await idOf(buyer);
    expect((await admin(accounts, 'PUT', `/Customers/${id}`, { creditLimit: 10 })).status).toBe(200);
    const before = await stockOf('11002');
    const res = await admin(desk, 'POST', '/Orders', order(id, { lines: [{ invNum: '11002', qty: 5 }] }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ statusCode: 'on_hold', holdReason: expect.stringMatching(/credit limit/i) });
    expect(res.body.lines[0]).toMatchObject({ openWest: 0, openEast: 0, backordered: 5 });
    expect(await stockOf('11002')).toEqual(before);
  });

  it('merges an item listed twice and rounds a case pack up, as the cart does', async () => {
    const buyer = await signUpCustomer(t.app, 'CA');
    const id = await idOf(buyer);
    const item = (await admin(catalogue, 'GET', '/Items/40001')).body;
    expect((await admin(catalogue, 'PUT', '/Items/40001', { ...item, orderMultiple: 6 })).status).toBe(200);
    const res = await admin(desk, 'POST', '/Orders', order(id, { lines: [{ invNum: '11002', qty: 2 }, { invNum: '40001', qty: 7 }, { invNum: '11002', qty: 3 }] }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.lines.map((l: { invNum: string; qty: number }) => [l.invNum, l.qty])).toEqual([
      ['11002', 5],
      ['40001', 12],
    ]);
  });

  it('answers a retry with the same Idempotency-Key and body with the same order, and the key with another body 409', async () => {
    const buyer = await signUpCustomer(t.app, 'CA');
    const id = await idOf(buyer);
    const key = { 'idempotency-key': `phone-${id}` };
    const otherCustomer = await idOf(await signUpCustomer(t.app, 'CA'));
    const first = await admin(desk, 'POST', '/Orders', order(id), key);
    expect(first.status).toBe(201);
    const before = await snapshot();
    const again = await admin(desk, 'POST', '/Orders', order(id), key);
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.orderNum).toBe(first.body.orderNum);
    const other = await admin(desk, 'POST', '/Orders', order(id, { poNumber: 'PH-2' }), key);
    expect(other.status).toBe(409);
    expect(other.body.detail).toBe(ORDER_ADMIN_MESSAGES.idempotencyKeyReused);
    expect((await admin(desk, 'POST', '/Orders', order(otherCustomer), key)).status).toBe(409);
    expect(await snapshot()).toEqual(before);
    // Another staff member's key of the same name is theirs.
    const colleague = await staffWith(t, ['orders']);
    expect((await admin(colleague, 'POST', '/Orders', order(id), key)).status).toBe(201);
  });

  it('refuses bad input in plain words with a 4xx, writing nothing', async () => {
    const buyer = await signUpCustomer(t.app, 'CA');
    const id = await idOf(buyer);
    const other = await signUpCustomer(t.app, 'AL');
    const foreignShipTo = await addShipTo(t.app, other, 'AL');
    const suspended = await signUpCustomer(t.app, 'CA');
    const suspendedId = await idOf(suspended);
    expect((await admin(accounts, 'PUT', `/Customers/${suspendedId}`, { status: 'suspended' })).status).toBe(200);
    await setItem('30002', { active: false });
    const before = await snapshot();
    const cases: [string, object, number, string | RegExp][] = [
      ['unknown customer', order(999_999), 404, 'Customer 999999 not found'],
      ['suspended customer', order(suspendedId), 409, /suspended/],
      ['unknown item', order(id, { lines: [{ invNum: 'NOPE-1', qty: 1 }] }), 400, ORDER_ADMIN_MESSAGES.linesRefused],
      ['inactive item', order(id, { lines: [{ invNum: '30002', qty: 1 }] }), 400, ORDER_ADMIN_MESSAGES.linesRefused],
      ['zero quantity', order(id, { lines: [{ invNum: '11002', qty: 0 }] }), 400, /quantity/i],
      ['negative quantity', order(id, { lines: [{ invNum: '11002', qty: -3 }] }), 400, /quantity/i],
      ['merged over the maximum', order(id, { lines: [{ invNum: '11002', qty: 9000 }, { invNum: '11002', qty: 1000 }] }), 400, ORDER_ADMIN_MESSAGES.linesRefused],
      ['unknown ship-to', order(id, { shipToCode: foreignShipTo }), 400, /Shipping address not found/],
      ['shipping option not offered', order(id, { shippingOption: 'teleport' }), 400, 'Please choose a shipping option'],
      ['no lines', order(id, { lines: [] }), 400, /at least one line/],
      ['no source', order(id, { source: 'pigeon' }), 400, /how the order came in/],
    ];
    for (const [name, body, status, detail] of cases) {
      const res = await admin(desk, 'POST', '/Orders', body);
      expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(status);
      const words = `${res.body.detail} ${Object.values(res.body.fields ?? {}).join(' ')} ${(res.body.errors ?? []).join(' ')}`;
      if (typeof detail === 'string') expect(words, name).toContain(detail);
      else expect(words, name).toMatch(detail);
      expect(words, name).not.toMatch(/invNum|customerId|shipToCode|shippingOption/);
    }
    const unknownItem = await admin(desk, 'POST', '/Orders', order(id, { lines: [{ invNum: '11002', qty: 1 }, { invNum: 'NOPE-1', qty: 1 }] }));
    expect(unknownItem.body.errors).toEqual(['Line 2 (NOPE-1): Item NOPE-1 is not sold (unknown or no longer active)']);
    expect(await snapshot()).toEqual(before);
    await setItem('30002', { active: true });
  });

  it('is for the order desk: a warehouse member gets 403 and nothing is written', async () => {
    const buyer = await signUpCustomer(t.app, 'CA');
    const id = await idOf(buyer);
    const warehouse = await staffWith(t, ['warehouse']);
    const before = await snapshot();
    expect((await admin(warehouse, 'POST', '/Orders', order(id))).status).toBe(403);
    expect((await admin(warehouse, 'POST', '/Orders/Preview', { customerId: id, lines: [] })).status).toBe(403);
    expect(await snapshot()).toEqual(before);
  });

  it('two staff orders for the last units at once: one gets them, the other backorders, stock never negative', async () => {
    await setItem('30003', { qtyFr: 3, qtyFh: 0 });
    const a = await idOf(await signUpCustomer(t.app, 'CA'));
    const b = await idOf(await signUpCustomer(t.app, 'CA'));
    const other = await staffWith(t, ['orders']);
    const [x, y] = await Promise.all([
      admin(desk, 'POST', '/Orders', order(a, { lines: [{ invNum: '30003', qty: 3 }] })),
      admin(other, 'POST', '/Orders', order(b, { lines: [{ invNum: '30003', qty: 3 }] })),
    ]);
    expect([x.status, y.status]).toEqual([201, 201]);
    const lines = [x.body.lines[0], y.body.lines[0]].map((l: { openWest: number; openEast: number; backordered: number }) => [l.openWest + l.openEast, l.backordered]).sort();
    expect(lines).toEqual([
      [0, 3],
      [3, 0],
    ]);
    expect(await stockOf('30003')).toEqual({ west: 0, east: 0 });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCustomer } from '../../customers/testing';
import { ownerSession, type StaffSessionForTest } from '../../test-support/admin';
import { loadFixtureCatalogue } from '../../catalogue/testing';
import { mailsTo } from '../../platform/mail/mail-folder';
import { buyerCall, placeOrder, setStock } from '../../flows/lifecycle-test-helpers';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { keyCall, newApiKey } from '../testing';

let t: TestApp;
let owner: StaffSessionForTest;
let stockKey: string;
let priceKey: string;
let ordersKey: { id: number; key: string };
beforeAll(async () => {
  t = await createTestApp((ctx) => loadFixtureCatalogue(ctx.database.db));
  owner = await ownerSession(t);
  stockKey = (await newApiKey(t, owner, ['stock:write'])).key;
  priceKey = (await newApiKey(t, owner, ['catalogue:write'])).key;
  ordersKey = await newApiKey(t, owner, ['orders:read', 'orders:write']);
});
afterAll(() => t?.close());

const detail = async (num: string, headers: Record<string, string> = {}) => (await t.app.inject({ method: 'GET', url: `/beapi/Inventory/GetItemDetail?itemNum=${num}`, headers })).json();

/** Parses our CSV (RFC 4180, CRLF) back into rows of cells. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (!quoted && c === ',') {
      row.push(cell);
      cell = '';
    } else if (!quoted && c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else {
      cell += c;
    }
  }
  return rows;
}

describe('PUT /Stock (bulk counts)', () => {
  it('applies the good rows in one call, reports each bad row by number, and the storefront shows the new stock', async () => {
    await setStock(t, '11002', 5, 5);
    await setStock(t, '11003', 10, 10);
    // An order holds 4 of 11003 at West: on hand there is 14.
    await placeOrder(t, [['11003', 4]]);
    const res = await keyCall(t, stockKey, {
      method: 'PUT',
      url: '/Stock',
      payload: [
        { invNum: '11002', warehouse: 'west', onHand: 40 },
        { invNum: 'NOPE-1', warehouse: 'west', onHand: 1 },
        { invNum: '11002', warehouse: 'north', onHand: 1 },
        { invNum: '11003', warehouse: 'west', onHand: 2 },
        { invNum: '11002', warehouse: 'east', onHand: -1 },
        { invNum: '11003', warehouse: 'east', onHand: 0 },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.updated).toBe(2);
    expect(res.body.errors.map((e: { row: number }) => e.row)).toEqual([2, 3, 4, 5]);
    expect(res.body.errors[0].message).toBe('Item NOPE-1 not found');
    expect(res.body.errors[2].message).toContain('cannot go below zero');

    const west = await keyCall(t, stockKey, { method: 'GET', url: '/Stock/11002' });
    expect(west.body).toMatchObject({ west: { available: 40, onHand: 40 }, east: { available: 5 } });
    expect((await keyCall(t, stockKey, { method: 'GET', url: '/Stock/11003' })).body).toMatchObject({ west: { available: 6, onHand: 10 }, east: { available: 0, onHand: 0 } });
    const moves = await keyCall(t, stockKey, { method: 'GET', url: '/Stock/11002/Movements' });
    expect(moves.body[0]).toMatchObject({ warehouse: 'west', delta: 35, reason: 'count', actor: expect.stringMatching(/^apikey:\d+ /) });
    await t.ctx.catalogue.refresh();
    expect(await detail('11003')).toMatchObject({ inStockFresno: true, inStockFairhope: false });
  });

  it('fills waiting backorders with the units a count adds, and mails their buyers', async () => {
    await setStock(t, '12001', 0, 0);
    const { buyer, order } = await placeOrder(t, [['12001', 3]]);
    const res = await keyCall(t, stockKey, { method: 'PUT', url: '/Stock', payload: [{ invNum: '12001', warehouse: 'west', onHand: 10 }] });
    expect(res.body).toEqual({ updated: 1, errors: [] });
    const mine = await buyerCall(t, buyer, 'GET', `/Shop/GetOrder/${order.orderNum}`);
    expect(mine.body.events.map((e: { kind: string }) => e.kind)).toContain('backorder_allocated');
    await t.ctx.outbox.drain();
    expect(mailsTo(t.dataDir, buyer.email).some((m) => m.subject.includes('backordered items allocated'))).toBe(true);
  });

  it('refuses more than 10,000 rows, a body that is not a list, and a key without stock:write', async () => {
    const rows = Array.from({ length: 10_001 }, () => ({ invNum: '11002', warehouse: 'west', onHand: 1 }));
    const tooMany = await keyCall(t, stockKey, { method: 'PUT', url: '/Stock', payload: rows });
    expect(tooMany.status).toBe(400);
    expect((await keyCall(t, stockKey, { method: 'GET', url: '/Stock/11002' })).body.west.onHand).toBe(40);
    expect((await keyCall(t, stockKey, { method: 'PUT', url: '/Stock', payload: { invNum: '11002' } })).status).toBe(400);
    expect((await keyCall(t, priceKey, { method: 'PUT', url: '/Stock', payload: [] })).status).toBe(403);
    const many = await keyCall(t, stockKey, { method: 'PUT', url: '/Stock', payload: rows.slice(1) });
    expect(many.body).toEqual({ updated: 10_000, errors: [] });
  });
});

describe('PUT /Prices (bulk prices)', () => {
  it('changes list prices and SRPs; a signed-in buyer sees the new price; bad rows are reported', async () => {
    const buyer = await newCustomer(t);
    const before = await detail('11002', { 'user-token': buyer.token });
    const res = await keyCall(t, priceKey, {
      method: 'PUT',
      url: '/Prices',
      payload: [{ invNum: '11002', price: 12.34, srp: 25 }, { invNum: '11002', price: 1.234 }, { invNum: 'NOPE-2', price: 1 }, { invNum: '11003', price: -1 }],
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ updated: 1, errors: [expect.objectContaining({ row: 2 }), { row: 3, message: 'Item NOPE-2 not found' }, expect.objectContaining({ row: 4 })] });
    const after = await detail('11002', { 'user-token': buyer.token });
    expect(before.price).not.toBe(12.34);
    expect(after.price).toBe(12.34);
    // Stock is untouched by a price change.
    expect((await keyCall(t, stockKey, { method: 'GET', url: '/Stock/11002' })).body.west.onHand).toBe(1);
    expect((await keyCall(t, stockKey, { method: 'PUT', url: '/Prices', payload: [] })).status).toBe(403);
  });
});

describe('shipping by API', () => {
  it('ships with tracking using an orders:write key; the key is the actor', async () => {
    await setStock(t, '30001', 20, 20);
    const { buyer, order } = await placeOrder(t, [['30001', 2]]);
    expect((await keyCall(t, ordersKey.key, { method: 'POST', url: `/Orders/${order.orderNum}/Accept` })).status).toBe(200);
    const res = await keyCall(t, ordersKey.key, { method: 'POST', url: `/Orders/${order.orderNum}/Ship`, payload: { warehouse: 'west', carrier: 'ups', trackingNumber: '1Z999AA10123456784' } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ warehouse: 'west', trackingNumber: '1Z999AA10123456784', trackingUrl: expect.stringContaining('1Z999AA10123456784') });
    const mine = await buyerCall(t, buyer, 'GET', `/Shop/GetOrder/${order.orderNum}`);
    expect(mine.body.statusCode).toBe('shipped');
    const audit = await t.ctx.database.db.selectFrom('audit_log').select('actor').where('target', '=', `order:${order.orderNum}`).where('action', '=', 'order.ship').executeTakeFirstOrThrow();
    expect(audit.actor).toBe(`apikey:${ordersKey.id} ERP orders:read orders:write`);
  });
});

describe('CSV exports', () => {
  it('exports orders (a row per line with its order) and customers, quoting formula-like text', async () => {
    const buyer = await newCustomer(t, { orgName: '=HYPERLINK("http://evil.example")' });
    await setStock(t, '30002', 20, 20);
    const { order } = await placeOrder(t, [['30002', 3], ['30001', 1]]);
    const res = await keyCall(t, ordersKey.key, { method: 'GET', url: '/Orders/Export.csv' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('orders.csv');
    const rows = parseCsv(String(res.body));
    const header = rows[0]!;
    expect(header.slice(0, 4)).toEqual(['orderNum', 'createdAt', 'updatedAt', 'statusCode']);
    const mine = rows.filter((r) => r[0] === String(order.orderNum)).map((r) => Object.fromEntries(header.map((h, i) => [h, r[i]])));
    // Line numbers follow the cart's order (added time, then item number: two adds in one millisecond tie).
    expect(mine.map((r) => r.lineNo)).toEqual(['1', '2']);
    expect(mine.map((r) => [r.invNum, r.qty]).sort()).toEqual([['30001', '1'], ['30002', '3']]);
    expect(mine[0]!.total).toBe(String(order.total));

    const customers = keyCall(t, ordersKey.key, { method: 'GET', url: '/Customers/Export.csv' });
    expect((await customers).status).toBe(403);
    const reader = await newApiKey(t, owner, ['customers:read']);
    const csv = await keyCall(t, reader.key, { method: 'GET', url: '/Customers/Export.csv' });
    const crow = parseCsv(String(csv.body));
    expect(crow[0]).toContain('orgName');
    const line = crow.find((r) => r.includes(buyer.email))!;
    expect(line[crow[0]!.indexOf('orgName')]).toBe(`'=HYPERLINK("http://evil.example")`);
    expect(String(csv.body)).not.toMatch(/argon2|password/i);
  });
});

describe('the OpenAPI document', () => {
  it('lists the admin API with its security schemes: the session cookie with the CSRF header, and the API key', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/beapi/docs/json' })).json();
    expect(doc.components.securitySchemes).toMatchObject({
      staffSession: { type: 'apiKey', in: 'cookie', name: 'shop_staff' },
      csrfToken: { type: 'apiKey', in: 'header', name: 'x-csrf-token' },
      apiKey: { type: 'http', scheme: 'bearer' },
    });
    expect(doc.paths['/beapi/Admin/Stock'].put.security).toEqual([{ staffSession: [], csrfToken: [] }, { apiKey: [] }]);
    expect(doc.paths['/beapi/Admin/Orders'].get.security).toEqual([{ staffSession: [] }, { apiKey: [] }]);
    expect(doc.paths['/beapi/Admin/ApiKeys'].post.security).toEqual([{ staffSession: [], csrfToken: [] }]);
    expect(doc.paths['/beapi/Admin/Prices'].put).toBeDefined();
  });
});

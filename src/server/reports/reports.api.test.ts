import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, ownerSession, staffWith, type StaffSessionForTest } from '../test-support/admin';
import { seedDemoCoupons } from '../orders';
import { signUpCustomer } from '../orders/testing';
import { loadFixtureCatalogue } from '../catalogue/testing';
import { placeOrder, setStock } from '../flows/lifecycle-test-helpers';
import { createTestApp, type TestApp } from '../test-support/test-app';

let t: TestApp;
let owner: StaffSessionForTest;
let accounts: StaffSessionForTest;
let orderNums: number[] = [];
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp(async (ctx) => {
    await loadFixtureCatalogue(ctx.database.db);
    await seedDemoCoupons(ctx.database.db);
  });
  owner = await ownerSession(t);
  accounts = await staffWith(t, ['accounts']);
  await setStock(t, '11002', 10, 10);
  await setStock(t, '12001', 50, 50);
  const tx = await signUpCustomer(t.app, 'TX');
  await t.ctx.database.db.updateTable('customers').set({ org_name: '=HYPERLINK("http://x")' }).where('code', '=', tx.code).execute();
  const a = await placeOrder(t, [['11002', 30], ['12001', 2]], ['WELCOME10'], tx);
  const b = await placeOrder(t, [['12001', 10]]);
  const c = await placeOrder(t, [['11002', 4], ['12001', 1]]);
  orderNums = [a.order.orderNum, b.order.orderNum, c.order.orderNum];
  // Order c: shipped, so it has an open invoice; then part of a is cancelled.
  await adminCall(t, owner, { method: 'POST', url: `/Orders/${c.order.orderNum}/Accept` });
  await adminCall(t, owner, { method: 'POST', url: `/Orders/${c.order.orderNum}/Ship`, payload: { warehouse: 'west', carrier: 'ups', trackingNumber: '' } });
  await adminCall(t, owner, { method: 'POST', url: `/Orders/${a.order.orderNum}/Cancel`, payload: { reason: 'Fewer', lines: [{ lineNo: 2, qty: 2 }] } });
});
afterAll(() => t?.close());

const report = (url: string, s: StaffSessionForTest = accounts) => adminCall(t, s, { method: 'GET', url: `/Reports/${url}` });
const price = async (num: string) => (await t.ctx.database.db.selectFrom('items').select('price_cents').where('num', '=', num).executeTakeFirstOrThrow()).price_cents;

describe('GET /beapi/Admin/Reports/{name}', () => {
  it('sales: the last 30 days by day, net of cancellations, each row beside the 30 days before', async () => {
    const res = await report('sales');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'sales', to: today, asOfNow: false });
    expect(res.body.rows).toHaveLength(30);
    const merch = 30 * (await price('11002')) + 10 * (await price('12001')) + 4 * (await price('11002')) + 1 * (await price('12001'));
    const row = res.body.rows.find((r: { period: string }) => r.period === today);
    expect(row).toMatchObject({ orders: 3, units: 45, sales: merch / 100, previousOrders: 0 });
    expect(res.body.totals).toMatchObject({ orders: 3, units: 45, sales: merch / 100 });
    expect(row.discount).toBeGreaterThan(0);
    const weeks = await report(`sales?by=month&from=${today.slice(0, 7)}-01&to=${today}`);
    expect(weeks.body.rows).toEqual([expect.objectContaining({ period: `${today.slice(0, 7)}-01`, to: today, orders: 3, units: 45 })]);
  });

  it('items (top and bottom), categories, customers and states', async () => {
    const top = await report('items?sort=top&limit=1');
    expect(top.body.rows).toEqual([expect.objectContaining({ invNum: '11002', units: 34 })]);
    expect(top.body.totals.units).toBe(45);
    const bottom = await report('items?sort=bottom&limit=1');
    expect(bottom.body.rows.map((r: { invNum: string }) => r.invNum)).toEqual(['12001']);
    const categories = await report('categories');
    expect(categories.body.totals.units).toBe(45);
    const customers = await report('customers');
    expect(customers.body.rows[0]).toMatchObject({ orgName: '=HYPERLINK("http://x")', state: 'TX', orders: 1, units: 30 });
    const states = await report('states');
    expect(states.body.rows.map((r: { state: string }) => r.state).sort()).toEqual(['CA', 'TX']);
  });

  it('open orders by status, backorders with the orders waiting, low stock, coupons and aging', async () => {
    const open = await report('open-orders');
    expect(open.body.asOfNow).toBe(true);
    expect(open.body.rows.find((r: { status: string }) => r.status === 'Received')).toMatchObject({ orders: 2 });
    const back = await report('backorders');
    // a: 30 of 11002 with 20 in stock; c: 4 more with none left.
    expect(back.body.rows).toEqual([expect.objectContaining({ invNum: '11002', units: 14, orderCount: 2, orders: `${orderNums[0]} ${orderNums[2]}` })]);
    expect(back.body.totals).toEqual({ units: 14, orderCount: 2 });
    const low = await report('low-stock?limit=500');
    expect(low.body.rows.find((r: { invNum: string }) => r.invNum === '11002')).toMatchObject({ sold30: 34, sold90: 34 });
    const coupons = await report('coupons');
    expect(coupons.body.rows).toEqual([expect.objectContaining({ code: 'WELCOME10', uses: 1, customers: 1 })]);
    const aging = await report('aging');
    expect(aging.body.rows).toHaveLength(1);
    expect(aging.body.rows[0].days0to30).toBe(aging.body.rows[0].open);
    expect(aging.body.totals.over90).toBe(0);
    // A payment of $10 on c's invoice: what is still owed drops by $10.
    const invoice = await t.ctx.database.db.selectFrom('invoices').select(['invoice_num', 'customer_id', 'total_cents']).executeTakeFirstOrThrow();
    const paid = await adminCall(t, accounts, { method: 'POST', url: '/Payments', payload: { customerId: invoice.customer_id, amount: 10, method: 'cheque', reference: 'R-1', applications: [{ invoiceNum: invoice.invoice_num, amount: 10 }] } });
    expect(paid.status).toBe(201);
    const after = await report('aging');
    expect(after.body.rows[0]).toMatchObject({ invoices: 1, open: (Number(invoice.total_cents) - 1000) / 100 });
    expect(after.body.totals.open).toBe((Number(invoice.total_cents) - 1000) / 100);
  });

  it('CSV: the columns as a header, a line per row, formula-looking text neutralised', async () => {
    const res = await adminCall(t, owner, { method: 'GET', url: '/Reports/customers?format=csv' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const lines = (res.body as Buffer).toString('utf8').trim().split('\r\n');
    expect(lines[0]).toBe('customerId,orgName,state,orders,units,sales,discount,net');
    expect(lines.find((l) => l.includes('HYPERLINK'))).toMatch(/^\d+,"'=HYPERLINK\(""http:\/\/x""\)",TX,1,30,/);
  });

  it('refuses bad ranges and names, and staff without reports:read', async () => {
    expect((await report(`sales?from=${today}&to=2020-01-01`)).status).toBe(400);
    const long = await report('sales?from=2019-01-01&to=2025-01-02');
    expect(long.status).toBe(400);
    expect(long.body.detail).toMatch(/five years/);
    // A query string's problem names its parameter, as a body's names its field.
    const badDay = await report('sales?from=2026-02-30');
    expect(badDay.status).toBe(400);
    expect(Object.keys(badDay.body.fields)).toEqual(['from']);
    expect((await report('sales?by=year')).status).toBe(400);
    expect((await report('profits')).status).toBe(400);
    const tooMany = await report('items?limit=100000');
    expect(tooMany.status).toBe(400);
    expect(Object.keys(tooMany.body.fields)).toEqual(['limit']);
    const desk = await staffWith(t, ['orders']);
    expect((await report('sales', desk)).status).toBe(403);
    expect((await adminCall(t, null, { method: 'GET', url: '/Reports/sales' })).status).toBe(401);
  });
});

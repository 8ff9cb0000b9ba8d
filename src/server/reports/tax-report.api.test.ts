import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, ownerSession, staffWith, type StaffSessionForTest } from '../test-support/admin';
import { signUpCustomer, type TestCustomer } from '../orders/testing';
import { loadFixtureCatalogue } from '../catalogue/testing';
import { buyerCall, placeOrder, setStock } from '../flows/lifecycle-test-helpers';
import { createTestApp, type TestApp } from '../test-support/test-app';

/**
 * The sales tax report (GET /beapi/Admin/Reports/tax): orders placed through the real checkout
 * with tax collected in CA and AL, none in NY; the report adds up what the orders say.
 */

let t: TestApp;
let owner: StaffSessionForTest;
let accounts: StaffSessionForTest;
const month = new Date().toISOString().slice(0, 7);
const placed: { state: string; orderNum: number; buyer: TestCustomer }[] = [];

beforeAll(async () => {
  t = await createTestApp((ctx) => loadFixtureCatalogue(ctx.database.db), {}, { TAX_NEXUS_STATES: 'CA,AL' });
  owner = await ownerSession(t);
  accounts = await staffWith(t, ['accounts']);
  await setStock(t, '11002', 100, 100);
  await setStock(t, '12001', 100, 100);
  const orders: [string, [string, number][]][] = [
    ['CA', [['11002', 7], ['12001', 3]]],
    ['CA', [['12001', 11]]],
    ['AL', [['11002', 5], ['12001', 2]]],
    ['NY', [['11002', 9]]],
  ];
  for (const [state, lines] of orders) {
    const buyer = await signUpCustomer(t.app, state, 'tax');
    const { order } = await placeOrder(t, lines, [], buyer);
    placed.push({ state, orderNum: order.orderNum, buyer });
  }
}, 60_000);
afterAll(() => t?.close());

const report = (query: string, s: StaffSessionForTest = accounts) => adminCall(t, s, { method: 'GET', url: `/Reports/tax${query}` });
/** The order as its buyer sees it now. */
const orderOf = async (p: (typeof placed)[number]) => (await buyerCall(t, p.buyer, 'GET', `/Shop/GetOrder/${p.orderNum}`)).body;
const cents = (dollars: number) => Math.round(dollars * 100);
const sumCents = (list: number[]) => list.reduce((s, d) => s + cents(d), 0);

describe('GET /beapi/Admin/Reports/tax', () => {
  it('adds up the tax the orders charge, by ship-to state and month, without the states where none is collected', async () => {
    const orders = await Promise.all(placed.map(orderOf));
    const taxed = orders.filter((_, k) => placed[k]!.state !== 'NY');
    expect(taxed.every((o) => o.tax > 0)).toBe(true);
    expect(orders.find((_, k) => placed[k]!.state === 'NY')).toMatchObject({ tax: 0, taxBasis: 'no_nexus' });

    const res = await report(`?from=${month}&to=${month}`);
    expect(res.status).toBe(200);
    expect(res.body.rows.map((r: { state: string; month: string }) => `${r.state} ${r.month}`)).toEqual([`AL ${month}`, `CA ${month}`]);
    expect(cents(res.body.totals.tax)).toBe(sumCents(taxed.map((o) => o.tax)));
    expect(res.body.totals).toMatchObject({ orders: 3, exemptSales: 0, creditedTax: 0, netTax: res.body.totals.tax });
    expect(cents(res.body.totals.taxableSales)).toBe(sumCents(taxed.map((o) => o.subtotal - o.discount)));
    const ca = res.body.rows.find((r: { state: string }) => r.state === 'CA');
    const caOrders = orders.filter((_, k) => placed[k]!.state === 'CA');
    expect(ca.orders).toBe(2);
    expect(cents(ca.tax)).toBe(sumCents(caOrders.map((o) => o.tax)));
    // Without a range it is this month's.
    expect((await report('')).body).toEqual(res.body);
    // A month with no orders has no rows.
    const empty = await report('?from=2020-01&to=2020-12');
    expect(empty.body).toMatchObject({ from: '2020-01', to: '2020-12', rows: [], totals: { orders: 0, tax: 0 } });
  });

  it('gives the same numbers as CSV, with a Total line', async () => {
    const json = (await report(`?from=${month}&to=${month}`)).body;
    const res = await report(`?from=${month}&to=${month}&format=csv`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toContain(`sales-tax-${month}-${month}.csv`);
    const lines = (res.body as Buffer).toString('utf8').trim().split('\r\n');
    expect(lines[0]).toBe('state,month,orders,taxableSales,exemptSales,tax,creditedTax,netTax');
    const keys = ['state', 'month', 'orders', 'taxableSales', 'exemptSales', 'tax', 'creditedTax', 'netTax'] as const;
    const asLine = (r: Record<string, string | number>) => keys.map((k) => String(r[k])).join(',');
    expect(lines.slice(1, -1)).toEqual(json.rows.map(asLine));
    expect(lines.at(-1)).toBe(asLine({ state: 'Total', month: `${month} to ${month}`, ...json.totals }));
  });

  it('leaves out a cancelled order’s tax', async () => {
    const before = (await report('')).body;
    const cancelled = placed.find((p) => p.state === 'CA')!;
    const its = await orderOf(cancelled);
    expect((await adminCall(t, owner, { method: 'POST', url: `/Orders/${cancelled.orderNum}/Cancel`, payload: { reason: 'Customer asked' } })).status).toBe(200);
    expect((await orderOf(cancelled)).tax).toBe(0);
    const after = (await report('')).body;
    expect(cents(after.totals.tax)).toBe(cents(before.totals.tax) - cents(its.tax));
    expect(after.totals.orders).toBe(before.totals.orders - 1);
    const ca = (r: typeof before) => r.rows.find((x: { state: string }) => x.state === 'CA');
    expect(ca(after).orders).toBe(1);
    expect(cents(ca(after).taxableSales)).toBe(cents(ca(before).taxableSales) - cents(its.subtotal - its.discount));
    const still = await Promise.all(placed.filter((p) => p.state !== 'NY' && p !== cancelled).map(orderOf));
    expect(cents(after.totals.tax)).toBe(sumCents(still.map((o) => o.tax)));
  });

  it('counts an exempt order’s sales as exempt, with no tax', async () => {
    const buyer = await signUpCustomer(t.app, 'AL', 'exempt');
    const { order } = await placeOrder(t, [['12001', 4]], [], buyer);
    // As checkout records an order that an accepted certificate makes exempt (decision 0042).
    await t.ctx.database.db.updateTable('orders').set({ tax_basis: 'exempt', tax_cents: 0, original_tax_cents: 0, tax_rate_ppm: null, total_cents: cents(order.total) - cents(order.tax) }).where('order_num', '=', order.orderNum).execute();
    const al = (await report('')).body.rows.find((r: { state: string }) => r.state === 'AL');
    expect(al.orders).toBe(2);
    expect(cents(al.exemptSales)).toBe(cents(order.subtotal - order.discount));
  });

  it('takes a credit memo’s tax off its order’s state, in the memo’s month', async () => {
    const buyer = await signUpCustomer(t.app, 'CA', 'returns');
    const { order } = await placeOrder(t, [['11002', 6]], [], buyer);
    const staff = (method: 'POST', url: string, payload?: object) => adminCall(t, owner, { method, url, ...(payload ? { payload } : {}) });
    expect((await staff('POST', `/Orders/${order.orderNum}/Accept`)).status).toBe(200);
    expect((await staff('POST', `/Orders/${order.orderNum}/Ship`, { warehouse: 'west', carrier: 'ups', trackingNumber: '' })).status).toBe(201);
    const before = (await report('')).body;
    const asked = await buyerCall(t, buyer, 'POST', `/Shop/RequestReturn/${order.orderNum}`, { lines: [{ lineNo: 1, qty: 2, reason: 'damaged' }] });
    expect(asked.status).toBe(201);
    expect((await staff('POST', `/Returns/${asked.body.rmaNum}/Approve`)).status).toBe(200);
    const received = await staff('POST', `/Returns/${asked.body.rmaNum}/Receive`, { warehouse: 'west', lines: [{ lineNo: 1, qty: 2, disposition: 'restock' }] });
    expect(received.status).toBe(200);
    const memo = received.body.creditMemo;
    expect(memo.date.slice(0, 7)).toBe(month);
    const after = (await report('')).body;
    const ca = (r: typeof before) => r.rows.find((x: { state: string }) => x.state === 'CA');
    expect(cents(ca(after).creditedTax)).toBe(cents(ca(before).creditedTax) + cents(memo.tax));
    expect(cents(ca(after).netTax)).toBe(cents(ca(after).tax) - cents(ca(after).creditedTax));
    expect(cents(after.totals.netTax)).toBe(cents(after.totals.tax) - cents(after.totals.creditedTax));
  });

  it('refuses bad months in sentences naming the field, and staff without reports:read', async () => {
    const bad = await report('?from=2026-13');
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({ from: 'From must be a month written as YYYY-MM, such as 2026-11.' });
    const day = await report('?to=2026-11-05');
    expect(day.status).toBe(400);
    expect(day.body.fields).toEqual({ to: 'To must be a month written as YYYY-MM, such as 2026-11.' });
    const backwards = await report('?from=2026-11&to=2026-10');
    expect(backwards.status).toBe(400);
    expect(backwards.body.detail).toMatch(/^To is before From/);
    const long = await report('?from=2019-01&to=2026-11');
    expect(long.status).toBe(400);
    expect(long.body.detail).toMatch(/five years/);
    expect((await report('?from=2001-01')).status).toBe(400);
    const desk = await staffWith(t, ['orders']);
    expect((await report('', desk)).status).toBe(403);
    expect((await adminCall(t, null, { method: 'GET', url: '/Reports/tax' })).status).toBe(401);
  });
});

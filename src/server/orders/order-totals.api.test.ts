import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, ownerSession, staffWith, type StaffSessionForTest } from '../test-support/admin';
import { seedDemoCoupons } from './cart/demo-coupons';
import { loadFixtureCatalogue } from '../catalogue/testing';
import { pdfText } from '../platform/pdf/pdf-text';
import { mailsTo } from '../platform/mail/mail-folder';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { buyerCall, placeOrder, setStock } from '../flows/lifecycle-test-helpers';
import * as migration from '../platform/db/migrations/2026-11-28T08-00-b-order-totals';
import { readSummaries, recountSummaries } from '../reports/testing';

/**
 * Issue 27, point 3 (decision 0026): an order's `total` is what remains to be delivered and paid
 * after cancels, and every order answer carries `originalTotal` and `cancelledTotal`, as do the
 * CSV, the webhook data, the cancel mail and the invoice PDF; the invoices of a fully shipped order
 * add up to its total.
 */

let t: TestApp;
let owner: StaffSessionForTest;
let desk: StaffSessionForTest;
beforeAll(async () => {
  t = await createTestApp(async (ctx) => {
    await loadFixtureCatalogue(ctx.database.db);
    await seedDemoCoupons(ctx.database.db);
  });
  owner = await ownerSession(t);
  desk = await staffWith(t, ['orders']);
});
afterAll(() => t?.close());

const post = (s: StaffSessionForTest, url: string, payload?: object) => adminCall(t, s, { method: 'POST', url, ...(payload ? { payload } : {}) });
const get = (s: StaffSessionForTest, url: string) => adminCall(t, s, { method: 'GET', url });
const cents = (dollars: number) => Math.round(dollars * 100);
const usd = (c: number) => `$${(c / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

/** The invoices of order `n` as the admin answers them, their totals in cents summed. */
async function invoicedCents(n: number): Promise<number> {
  const detail = (await get(desk, `/Orders/${n}`)).body;
  return detail.invoices.reduce((sum: number, i: { total: number }) => sum + cents(i.total), 0);
}

describe('order totals after a cancel', () => {
  it('staff cancel a $112.50 line: every answer, the CSV, the webhook, the mail and the invoice show what remains', async () => {
    await setStock(t, '11001', 50, 0);
    await setStock(t, '11002', 100, 0);
    const hook = await post(owner, '/Webhooks', { url: 'https://93.184.216.34/hooks', events: ['order.cancelled'] });
    expect(hook.status).toBe(201);
    // 9 × $12.50 = $112.50 and 30 × $10.00, with 10% off.
    const { buyer, order } = await placeOrder(t, [['11001', 9], ['11002', 30]], ['WELCOME10']);
    const n = order.orderNum as number;
    const shipping = cents(order.shipping);
    const original = 41_250 - 4_125 + shipping;
    expect(order).toMatchObject({ subtotal: 412.5, discount: 41.25, total: original / 100, originalTotal: original / 100, cancelledTotal: 0 });

    const cancelled = await post(desk, `/Orders/${n}/Cancel`, { reason: 'Out of season', lines: [{ lineNo: 1, qty: 9 }] });
    expect(cancelled.status).toBe(200);
    // What remains: $300.00, its 10% ($30.00), the same shipping.
    const now = 30_000 - 3_000 + shipping;
    const expected = { subtotal: 300, discount: 30, shipping: shipping / 100, total: now / 100, originalTotal: original / 100, cancelledTotal: (original - now) / 100 };
    expect(original - now).toBe(10_125);
    expect(cancelled.body).toMatchObject(expected);
    expect((await get(desk, `/Orders/${n}`)).body).toMatchObject(expected);
    const listed = (await get(desk, `/Orders?q=${n}`)).body.items.find((i: { orderNum: number }) => i.orderNum === n);
    expect(listed).toMatchObject({ total: now / 100, originalTotal: original / 100, cancelledTotal: 101.25 });

    // The buyer's answers.
    const mine = await buyerCall(t, buyer, 'GET', `/Shop/GetOrder/${n}`);
    expect(mine.body).toMatchObject(expected);
    expect(mine.body.shippingOption.amount).toBe(shipping / 100);
    const history = await buyerCall(t, buyer, 'GET', '/Shop/GetOrders');
    expect(history.body.orders.find((o: { orderNum: number }) => o.orderNum === n)).toMatchObject({ total: now / 100, originalTotal: original / 100, cancelledTotal: 101.25 });

    // The customer's page in the back office.
    const customerId = (await t.ctx.database.db.selectFrom('customers').select('id').where('email', '=', buyer.email).executeTakeFirstOrThrow()).id;
    const customer = (await get(owner, `/Customers/${customerId}`)).body;
    expect(customer.recentOrders.find((o: { orderNum: number }) => o.orderNum === n)).toMatchObject({ total: now / 100, originalTotal: original / 100, cancelledTotal: 101.25 });

    // The CSV: total, originalTotal and cancelledTotal on each of the order's rows.
    const csv = (await get(owner, '/Orders/Export.csv')).body.toString('utf8') as string;
    const [header, ...rows] = csv.trim().split(/\r?\n/);
    const cols = header!.split(',');
    const mineRows = rows.map((r) => r.split(',')).filter((r) => r[cols.indexOf('orderNum')] === String(n));
    expect(mineRows).toHaveLength(2);
    for (const r of mineRows) {
      expect([r[cols.indexOf('total')], r[cols.indexOf('originalTotal')], r[cols.indexOf('cancelledTotal')]].map(Number)).toEqual([now / 100, original / 100, 101.25]);
    }

    // The webhook's order data, written in the cancel's transaction.
    const hooks = await t.ctx.database.db.selectFrom('outbox').select('payload').where('kind', '=', 'webhook').where('topic', '=', 'order.cancelled').where('about', 'like', `%order ${n}`).execute();
    expect(hooks).toHaveLength(1);
    const data = JSON.parse((JSON.parse(hooks[0]!.payload!) as { body: string }).body).data;
    expect(data).toMatchObject(expected);

    // The buyer's mail.
    await t.ctx.outbox.drain();
    const mail = mailsTo(t.dataDir, buyer.email).find((m) => m.subject === `Order ${n}: items cancelled`);
    expect(mail?.text).toContain(`Original total: ${usd(original)}`);
    expect(mail?.text).toContain('Cancelled: -$101.25');
    expect(mail?.text).toContain(`Order total now: ${usd(now)}`);

    // Shipped in full: the invoice is the order's total, and its PDF shows the order's totals.
    await post(desk, `/Orders/${n}/Accept`);
    const shipped = await post(owner, `/Orders/${n}/Ship`, { warehouse: 'west', carrier: 'ups', trackingNumber: '1Z9' });
    expect(shipped.status).toBe(201);
    expect(await invoicedCents(n)).toBe(now);
    const pdf = await t.app.inject({ method: 'GET', url: `/beapi/Shop/GetInvoice/${shipped.body.invoiceNum}`, headers: buyer.headers });
    expect(pdf.statusCode).toBe(200);
    const { text } = await pdfText(pdf.rawPayload);
    expect(text).toMatch(new RegExp(`Total due\\s+\\${usd(now)}`));
    expect(text).toMatch(new RegExp(`Original order total\\s+\\${usd(original)}`));
    expect(text).toMatch(/Cancelled\s+-\$101\.25/);
    expect(text).toMatch(new RegExp(`Order total now\\s+\\${usd(now)}`));
    await adminCall(t, owner, { method: 'DELETE', url: `/Webhooks/${hook.body.id}` });
  });

  it('a fixed $25 coupon whose minimum the rest no longer meets keeps its share; invoices before and after the cancel add up to the total', async () => {
    await setStock(t, '11003', 50, 0);
    await setStock(t, '30001', 50, 0);
    // $200 + $70 = $270 meets SAVE25's $250 minimum.
    const { order } = await placeOrder(t, [['11003', 20], ['30001', 7]], ['SAVE25']);
    const n = order.orderNum as number;
    const shipping = cents(order.shipping);
    await post(desk, `/Orders/${n}/Accept`);
    expect((await post(owner, `/Orders/${n}/Ship`, { warehouse: 'west', carrier: 'usps', trackingNumber: '9400', lines: [{ lineNo: 1, qty: 1 }] })).status).toBe(201);
    const after = await post(desk, `/Orders/${n}/Cancel`, { reason: 'Changed their mind', lines: [{ lineNo: 2, qty: 7 }] });
    // $200 left, under the minimum: the discount is $25 × 200/270 = $18.52, not $25 and not $0.
    expect(after.body).toMatchObject({ subtotal: 200, discount: 18.52, shipping: shipping / 100, total: (20_000 - 1_852 + shipping) / 100, originalTotal: (27_000 - 2_500 + shipping) / 100 });
    expect(cents(after.body.cancelledTotal)).toBe(7_000 - (2_500 - 1_852));
    expect((await post(owner, `/Orders/${n}/Ship`, { warehouse: 'west', carrier: 'usps', trackingNumber: '9401' })).status).toBe(201);
    const detail = (await get(desk, `/Orders/${n}`)).body;
    expect(detail.statusCode).toBe('shipped');
    expect(await invoicedCents(n)).toBe(cents(detail.total));
  });

  it('cancelling what is left after a partial shipment makes the total what was invoiced, to the cent', async () => {
    await setStock(t, '11003', 50, 0);
    await setStock(t, '30002', 50, 0);
    const { order } = await placeOrder(t, [['11003', 13], ['30002', 13]], ['SAVE25']);
    const n = order.orderNum as number;
    await post(desk, `/Orders/${n}/Accept`);
    await post(owner, `/Orders/${n}/Ship`, { warehouse: 'west', carrier: 'usps', trackingNumber: '1', lines: [{ lineNo: 1, qty: 7 }] });
    const rest = await post(desk, `/Orders/${n}/Cancel`, { reason: 'Rest not needed' });
    expect(rest.body.statusCode).toBe('shipped');
    expect(cents(rest.body.subtotal)).toBe(7_000);
    expect(cents(rest.body.total)).toBe(await invoicedCents(n));
    expect(cents(rest.body.originalTotal) - cents(rest.body.cancelledTotal)).toBe(cents(rest.body.total));
  });

  it("the buyer's own cancel of a whole order: nothing left to pay, shipping included; the mail says so", async () => {
    await setStock(t, '11002', 100, 0);
    const { buyer, order } = await placeOrder(t, [['11002', 5]], ['WELCOME10']);
    const n = order.orderNum as number;
    expect((await buyerCall(t, buyer, 'POST', `/Shop/CancelOrder/${n}`)).status).toBeLessThan(300);
    const mine = (await buyerCall(t, buyer, 'GET', `/Shop/GetOrder/${n}`)).body;
    expect(mine).toMatchObject({ statusCode: 'cancelled', subtotal: 0, discount: 0, shipping: 0, total: 0, originalTotal: order.total, cancelledTotal: order.total });
    expect(mine.shippingOption.amount).toBe(order.shipping);
    expect((await get(desk, `/Orders/${n}`)).body).toMatchObject({ total: 0, originalTotal: order.total, cancelledTotal: order.total });
    await t.ctx.outbox.drain();
    const mail = mailsTo(t.dataDir, buyer.email).find((m) => m.subject === `Order ${n} cancelled`);
    expect(mail?.text).toContain(`Cancelled: -${usd(cents(order.total))}`);
    expect(mail?.text).toContain('Order total now: $0.00');
  });

  it('the sales summaries took back the discount each cancel took off: they match a recount', async () => {
    const [kept, counted] = await Promise.all([readSummaries(t.ctx.database.db), recountSummaries(t.ctx.database.db)]);
    expect(kept).toEqual(counted);
  });

  it('the migration backfills the same totals for orders cancelled before it (every order above, both databases)', async () => {
    const db = t.ctx.database.db;
    const snapshot = () =>
      db.selectFrom('orders').select(['order_num', 'subtotal_cents', 'discount_cents', 'shipping_cents', 'total_cents']).orderBy('order_num').execute()
        .then((rows) => rows.map((r) => [r.order_num, Number(r.subtotal_cents), Number(r.discount_cents), Number(r.shipping_cents), Number(r.total_cents)]));
    const live = await snapshot();
    expect(live.filter((r) => r[4] === 0)).toHaveLength(1);
    // Back to before the migration: totals as placed, no originals. Then the migration again.
    await migration.down(db);
    const before = await snapshot();
    expect(before).not.toEqual(live);
    await migration.up(db);
    expect(await snapshot()).toEqual(live);
  });
});

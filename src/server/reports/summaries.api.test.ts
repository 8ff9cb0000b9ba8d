import { describe, expect, it } from 'vitest';
import { adminCall } from '../test-support/admin';
import { withShop } from '../test-support/shop';
import { signUpCustomer } from '../orders/testing';
import * as migration from '../platform/db/migrations/2026-11-26T04-30-report-summaries';
import { buyerCall, placeOrder, setStock } from '../flows/lifecycle-test-helpers';
import { seedSyntheticOrders } from '../flows/demo/synthetic-orders';
import { SeededRandom } from '../catalogue/testing';
import { readSummaries, rebuildSummaries, recountSummaries } from './recount';

/**
 * The sales summaries, kept by checkout and cancel, always equal a full recount of orders and
 * order_lines: after orders placed, cancelled whole and in part, shipped, and cancelled by the buyer.
 */

const { t, staff: { owner } } = withShop({ catalogue: true, coupons: true, staff: { owner: 'demo owner' } });

const post = (url: string, payload?: object) => adminCall(t, owner, { method: 'POST', url, ...(payload ? { payload } : {}) });
const db = () => t.ctx.database.db;

async function expectMatchesRecount() {
  const [kept, counted] = await Promise.all([readSummaries(db()), recountSummaries(db())]);
  expect(kept.daily).toEqual(counted.daily);
  expect(kept.byDay).toEqual(counted.byDay);
  expect(kept.byMonth).toEqual(counted.byMonth);
}

describe('sales summaries', () => {
  it('match a full recount after checkouts, whole and partial cancels, shipments and a buyer cancel', async () => {
    for (const num of ['11002', '12001', '11003']) await setStock(t, num, 40, 40);
    const a = await placeOrder(t, [['11002', 5], ['12001', 3]], ['WELCOME10']);
    const b = await placeOrder(t, [['11002', 60], ['11003', 2]]);
    const ny = await signUpCustomer(t.app, 'NY');
    const c = await placeOrder(t, [['12001', 7], ['11003', 1]], [], ny);
    const d = await placeOrder(t, [['11003', 4]], [], a.buyer);

    const today = new Date().toISOString().slice(0, 10);
    const before = await db().selectFrom('sales_daily').selectAll().where('day', '=', today).executeTakeFirstOrThrow();
    expect(before).toMatchObject({ orders: 4, lines: 7, units: 82 });
    await expectMatchesRecount();

    // Whole cancel (with a coupon), partial cancels (a whole line, part of a line), ship, then cancel the rest.
    expect((await post(`/Orders/${a.order.orderNum}/Cancel`, { reason: 'Customer asked' })).status).toBe(200);
    expect((await post(`/Orders/${b.order.orderNum}/Cancel`, { reason: 'Short', lines: [{ lineNo: 1, qty: 25 }, { lineNo: 2, qty: 2 }] })).status).toBe(200);
    await expectMatchesRecount();
    await post(`/Orders/${c.order.orderNum}/Accept`);
    expect((await post(`/Orders/${c.order.orderNum}/Ship`, { warehouse: 'east', carrier: 'ups', trackingNumber: '', lines: [{ lineNo: 1, qty: 3 }] })).status).toBe(201);
    expect((await post(`/Orders/${c.order.orderNum}/Cancel`, { reason: 'Rest not wanted' })).status).toBe(200);
    expect((await buyerCall(t, a.buyer, 'POST', `/Shop/CancelOrder/${d.order.orderNum}`)).status).toBeLessThan(300);
    await expectMatchesRecount();

    const after = await db().selectFrom('sales_daily').selectAll().where('day', '=', today).executeTakeFirstOrThrow();
    // Left: b's 35 + 0 units on 1 line, c's 3 shipped units on 1 line; a and d wholly cancelled.
    expect(after).toMatchObject({ orders: 2, lines: 2, units: 38, discount_cents: 0 });
    const ny_ = await db().selectFrom('sales_by_day').selectAll().where('dim', '=', 'state').where('key', '=', 'NY').executeTakeFirstOrThrow();
    expect(ny_).toMatchObject({ orders: 1, units: 3 });
  });

  it('match a recount after random sequences of checkouts and cancels', async () => {
    const rng = new SeededRandom(23);
    const nums = ['11002', '12001', '11003'];
    for (const num of nums) await setStock(t, num, 30, 30);
    const placed: { orderNum: number; lines: number }[] = [];
    for (let step = 0; step < 12; step++) {
      if (placed.length === 0 || rng.chance(0.55)) {
        const lines = nums.filter(() => rng.chance(0.6)).map((n) => [n, rng.int(1, 12)] as [string, number]);
        if (lines.length === 0) continue;
        const { order } = await placeOrder(t, lines, rng.chance(0.3) ? ['WELCOME10'] : []);
        placed.push({ orderNum: order.orderNum, lines: lines.length });
      } else {
        const o = rng.pick(placed);
        const body = rng.chance(0.5) ? { reason: 'random' } : { reason: 'random', lines: [{ lineNo: rng.int(1, o.lines), qty: 1 }] };
        const res = await post(`/Orders/${o.orderNum}/Cancel`, body);
        expect([200, 409]).toContain(res.status);
      }
    }
    await expectMatchesRecount();
  });

  it('are backfilled by the migration from the orders already there, and rebuilt the same', async () => {
    // Bulk-loaded orders bypass checkout: the seeder rebuilds the summaries; the migration counts an existing shop's orders.
    await seedSyntheticOrders(db(), 300, { customers: 20 });
    await expectMatchesRecount();
    const counted = await recountSummaries(db());
    await migration.down(db());
    await migration.up(db());
    await expectMatchesRecount();
    await db().deleteFrom('sales_by_month').execute();
    await rebuildSummaries(db());
    await expectMatchesRecount();
    expect(counted.byMonth.length).toBeGreaterThan(0);
  });

  it('a cancel of an order from a past month shows at once in a report whose past months a process keeps', async () => {
    const thisMonth = new Date().toISOString().slice(0, 7);
    const old = await db()
      .selectFrom('orders')
      .select(['order_num', 'total_qty'])
      .where('status_code', '=', 'received')
      .where('created_at', '<', `${thisMonth}-01`)
      .orderBy('order_num')
      .executeTakeFirstOrThrow();
    const year = `from=${new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10)}`;
    const units = async () => (await adminCall(t, owner, { method: 'GET', url: `/Reports/items?${year}` })).body.totals.units as number;
    const before = await units();
    expect(await units()).toBe(before);
    expect((await post(`/Orders/${old.order_num}/Cancel`, { reason: 'Old order' })).status).toBe(200);
    expect(await units()).toBe(before - Number(old.total_qty));
    await expectMatchesRecount();
  });

  it('a cancel of an order from an earlier day of this month shows at once in a report whose days before today a process keeps', async () => {
    const { order } = await placeOrder(t, [['12001', 2]]);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString();
    await db().updateTable('orders').set({ created_at: yesterday }).where('order_num', '=', order.orderNum).execute();
    await rebuildSummaries(db());
    const month = `from=${yesterday.slice(0, 10)}`;
    const units = async () => (await adminCall(t, owner, { method: 'GET', url: `/Reports/items?${month}` })).body.totals.units as number;
    const before = await units();
    expect(await units()).toBe(before);
    expect((await post(`/Orders/${order.orderNum}/Cancel`, { reason: 'Yesterday' })).status).toBe(200);
    expect(await units()).toBe(before - 2);
    await expectMatchesRecount();
  });
});

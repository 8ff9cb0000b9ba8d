import { describe, expect, it } from 'vitest';
import { dashboardSchema } from '../../contract/admin/dashboard';
import { adminCall, staffWith } from '../test-support/admin';
import { withShop } from '../test-support/shop';
import { placeOrder, setStock } from '../flows/lifecycle-test-helpers';
import { rebuildSummaries } from './recount';
import { addDays } from './ranges';
import { mondayOf } from './dashboard';

/**
 * The dashboard by role (issue 29): a West-only warehouse member sees West work only, the order
 * desk no sales, and the owner's orders and sales add up to the orders placed today, this week and
 * on the same weekdays of last week.
 */

const { t, staff } = withShop({ catalogue: true, coupons: true, staff: { owner: 'demo owner', manager: ['manager'], desk: ['orders'], catalogue: ['catalogue'] } });

const board = async (who: Parameters<typeof adminCall>[1]) => {
  const res = await adminCall(t, who, { method: 'GET', url: '/Dashboard' });
  expect(res.status).toBe(200);
  expect(res.headers['cache-control']).toContain('no-store');
  return dashboardSchema.strict().parse(res.body);
};
const cents = (dollars: number) => Math.round(dollars * 100);
/** What an order adds to sales: merchandise less its coupon discount (shipping and tax are not sales). */
const salesOf = (order: { subtotal: number; discount: number }) => cents(order.subtotal) - cents(order.discount);
const post = (url: string, payload?: object) => adminCall(t, staff.owner, { method: 'POST', url, ...(payload ? { payload } : {}) });

async function placedAt(daysAgo: number, lines: [string, number][], coupons: string[] = []) {
  const { order } = await placeOrder(t, lines, coupons);
  if (daysAgo > 0) {
    const at = new Date(Date.now() - daysAgo * 86_400_000).toISOString();
    await t.ctx.database.db.updateTable('orders').set({ created_at: at }).where('order_num', '=', order.orderNum).execute();
  }
  return order as { orderNum: number; subtotal: number; discount: number };
}

describe('dashboard by role', () => {
  it('shows a West-only warehouse member West work only: no East figures, no To accept, no sales', async () => {
    await setStock(t, '11002', 3, 500);
    await setStock(t, '12001', 500, 2);
    for (const num of ['11003', '40001']) await setStock(t, num, 40, 40);
    const west = await placeOrder(t, [['11003', 2]]);
    const east = await placeOrder(t, [['40001', 3]]);
    expect((await post(`/Orders/${west.order.orderNum}/Accept`)).status).toBe(200);
    expect((await post(`/Orders/${east.order.orderNum}/Accept`)).status).toBe(200);

    const owner = await board(staff.owner);
    expect(owner.warehouses).toEqual(['west', 'east']);
    expect(owner.toAccept).toBeTypeOf('number');
    expect(owner.toShip).toEqual({ west: expect.any(Number), east: expect.any(Number) });
    expect(owner.lowStock!.map((i) => i.invNum)).toEqual(expect.arrayContaining(['11002', '12001']));
    expect(owner.sales).toBeDefined();

    const member = await staffWith(t, ['warehouse'], 'west');
    const mine = await board(member);
    expect(mine.warehouses).toEqual(['west']);
    expect(mine).not.toHaveProperty('toAccept');
    expect(mine).not.toHaveProperty('onHold');
    expect(mine).not.toHaveProperty('sales');
    expect(mine).not.toHaveProperty('byStatus');
    expect(mine.toShip).toEqual({ west: owner.toShip!.west });
    // Low at West only: 11002 (3 at West) is there, 12001 (low at East only) is not, and no row names East.
    const low = mine.lowStock!;
    expect(low.map((i) => i.invNum)).toContain('11002');
    expect(low.map((i) => i.invNum)).not.toContain('12001');
    for (const row of low) expect(Object.keys(row).sort()).toEqual(['invNum', 'title', 'west']);
    expect(low.map((i) => i.west)).toEqual([...low.map((i) => i.west!)].sort((a, b) => a - b));

    const eastMember = await board(await staffWith(t, ['warehouse'], 'east'));
    expect(eastMember.toShip).toEqual({ east: owner.toShip!.east });
    expect(eastMember.lowStock!.map((i) => i.invNum)).toContain('12001');
  });

  it('gives the order desk its orders but no sales, and the catalogue team low stock only', async () => {
    const desk = await board(staff.desk);
    expect(desk.toAccept).toBeTypeOf('number');
    expect(desk.toShip).toEqual({ west: expect.any(Number), east: expect.any(Number) });
    expect(desk).not.toHaveProperty('sales');
    const catalogue = await board(staff.catalogue);
    expect(Object.keys(catalogue).sort()).toEqual(['lowStock', 'warehouses']);
  });

  it('adds up the orders placed today, this week and on the same weekdays of last week', async () => {
    for (const num of ['11002', '12001', '11003', '40001']) await setStock(t, num, 900, 900);
    // A fresh start: the orders of the tests above are moved a month back.
    const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString();
    await t.ctx.database.db.updateTable('orders').set({ created_at: monthAgo }).execute();

    const today = [await placedAt(0, [['11002', 5], ['12001', 3]], ['WELCOME10']), await placedAt(0, [['11003', 12]])];
    const weekAgo = [await placedAt(7, [['40001', 4]]), await placedAt(7, [['11002', 1]])];
    const twoWeeksAgo = await placedAt(14, [['12001', 9]]);
    const cancelled = await placedAt(0, [['11003', 2]]);
    expect((await post(`/Orders/${cancelled.orderNum}/Cancel`, { reason: 'Not wanted' })).status).toBe(200);
    await rebuildSummaries(t.ctx.database.db);

    const day = new Date().toISOString().slice(0, 10);
    const sum = (orders: { subtotal: number; discount: number }[]) => orders.reduce((n, o) => n + salesOf(o), 0);
    const { sales } = await board(staff.owner);
    expect(sales!.today).toEqual({ from: day, to: day, orders: 2, salesCents: sum(today) });
    expect(sales!.sameDayLastWeek).toEqual({ from: addDays(day, -7), to: addDays(day, -7), orders: 2, salesCents: sum(weekAgo) });
    expect(sales!.thisWeek).toEqual({ from: mondayOf(day), to: day, orders: 2, salesCents: sum(today) });
    expect(sales!.sameDaysLastWeek).toEqual({ from: addDays(mondayOf(day), -7), to: addDays(day, -7), orders: 2, salesCents: sum(weekAgo) });
    expect(salesOf(twoWeeksAgo)).toBeGreaterThan(0);
    expect(today[0]!.discount).toBeGreaterThan(0);
    // The manager sees the same figures.
    expect((await board(staff.manager)).sales).toEqual(sales);
  });
});

describe('mondayOf', () => {
  it('is the Monday of the ISO week', () => {
    expect(mondayOf('2026-11-28')).toBe('2026-11-23'); // a Saturday
    expect(mondayOf('2026-11-29')).toBe('2026-11-23'); // a Sunday
    expect(mondayOf('2026-11-30')).toBe('2026-11-30'); // a Monday
  });
});

import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertCoupon, signUpCustomer, type TestCustomer } from '../orders/testing';
import { fixtureItems, seedItems } from '../catalogue/testing';
import { withShop } from '../test-support/shop';
import { itemsWithStock } from '../stock/testing';

/**
 * Requests released together against the running server over real HTTP: the rules must hold
 * when checkouts, coupon redemptions and cart updates race each other.
 */
let base: string;
let customers: TestCustomer[];

const { t } = withShop({
  catalogue: true,
  prepare: async (ctx) => {
    const template = fixtureItems.find((i) => i.num === '12001')!;
    await seedItems(ctx.database.db, [{ ...template, num: 'LAST1', code: 'C-LAST1', upc: '', webTitle: 'The last one', qtyFr: 1, qtyFh: 0 }]);
    await insertCoupon(ctx.database.db, { code: 'ONEUSE', name: 'One use only', kind: 'fixed', amountOffCents: 500, maxUses: 1 });
  },
});
beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/beapi`;
  customers = await Promise.all(Array.from({ length: 50 }, () => signUpCustomer(t.app)));
}, 120_000);

async function http(c: TestCustomer, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...c.headers, ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as any };
}
const ground = { shipToCode: '', shippingOption: 'ground' };

describe('concurrency', () => {
  it('50 customers check out the last unit at once: exactly 1 allocated, 49 backordered, stock never negative', async () => {
    for (const c of customers) expect((await http(c, 'POST', '/Shop/AddItem?InvNum=LAST1&qty=1')).status).toBe(200);
    const results = await Promise.all(customers.map((c) => http(c, 'POST', '/Shop/Checkout', ground)));
    expect(results.map((r) => r.status)).toEqual(customers.map(() => 201));
    const allocations = results.map((r) => r.body.lines[0].allocation);
    expect(allocations.reduce((n: number, a: { west: number; east: number }) => n + a.west + a.east, 0)).toBe(1);
    expect(allocations.reduce((n: number, a: { backordered: number }) => n + a.backordered, 0)).toBe(49);
    const row = await itemsWithStock(t.ctx.database.db).where('i.num', '=', 'LAST1').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ qty_fr: 0, qty_fh: 0 });
    const orderNums = results.map((r) => r.body.orderNum as number).sort((a, b) => a - b);
    expect(new Set(orderNums).size).toBe(50);
    expect(orderNums[49]! - orderNums[0]!).toBe(49);
  });

  it('a coupon limited to one use, 30 concurrent checkouts: exactly 1 discounted order', async () => {
    const thirty = customers.slice(0, 30);
    for (const c of thirty) {
      await http(c, 'POST', '/Shop/AddItem?InvNum=11002&qty=1');
      expect((await http(c, 'POST', '/Shop/AddCoupon/ONEUSE')).status).toBe(200);
    }
    const results = await Promise.all(thirty.map((c) => http(c, 'POST', '/Shop/Checkout', ground)));
    const placed = results.filter((r) => r.status === 201);
    expect(placed).toHaveLength(1);
    expect(placed[0]!.body.discount).toBe(5);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused.map((r) => r.status)).toEqual(refused.map(() => 409));
    expect(refused[0]!.body.detail).toBe('Coupon ONEUSE no longer applies: This coupon has been fully redeemed. Remove it to check out.');
    const coupon = await t.ctx.database.db.selectFrom('coupons').select('uses').where('code', '=', 'ONEUSE').executeTakeFirstOrThrow();
    expect(coupon.uses).toBe(1);
    const redemptions = await t.ctx.database.db.selectFrom('coupon_redemptions').select('id').where('code', '=', 'ONEUSE').execute();
    expect(redemptions).toHaveLength(1);
  });

  it('the same Idempotency-Key sent 20 times at once: one order', async () => {
    const c = customers[40]!;
    await http(c, 'POST', '/Shop/AddItem?InvNum=12001&qty=3');
    const results = await Promise.all(Array.from({ length: 20 }, () => http(c, 'POST', '/Shop/Checkout', ground, { 'idempotency-key': 'same-key-20' })));
    expect(results.map((r) => r.status)).toEqual(results.map(() => 201));
    expect(new Set(results.map((r) => r.body.orderNum)).size).toBe(1);
    const history = await http(c, 'GET', '/Shop/GetOrders');
    expect(history.body.orders.filter((o: { totalQuantity: number }) => o.totalQuantity === 3)).toHaveLength(1);
  });

  it('100 concurrent "+1" AddItem calls on one line: quantity 100', async () => {
    const c = customers[45]!;
    const results = await Promise.all(Array.from({ length: 100 }, () => http(c, 'POST', '/Shop/AddItem?InvNum=30001&qty=1')));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const cart = (await http(c, 'GET', '/Shop/GetShoppingCart')).body;
    expect(cart.items).toEqual([expect.objectContaining({ invNum: '30001', ordQty: 100 })]);
  });
});

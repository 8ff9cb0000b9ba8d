import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertCoupon } from './cart/queries';
import { signUpCustomer, type TestCustomer } from './cart/test-customers';
import { fixtureItems, seedItems } from '../catalogue/testing';
import { withShop } from '../test-support/shop';
import { itemsWithStock } from '../stock/testing';

/**
 * A customer edits the cart while the checkout runs: 200 rounds, each releasing a checkout and
 * four cart edits together over real HTTP. Every order must be one state the cart really was in
 * (the starting cart with some of the acknowledged edits applied), priced from its own lines; an
 * acknowledged edit that did not make it into the order must still be in the cart afterwards;
 * and no unit of stock is lost or made up.
 */
const ROUNDS = 200;
const CUSTOMERS = 10; // AddCoupon is limited per customer (30 in 10 minutes): 20 rounds each.
const PRICES = { RACEW: 1000, RACEX: 1250, RACEY: 399, RACEZ: 777 } as const;
type Num = keyof typeof PRICES;
const NUMS = Object.keys(PRICES) as Num[];
const STOCK = 400; // per item: runs out part way, so later orders are partly backordered

let base: string;
let customers: TestCustomer[];

const { t } = withShop({
  catalogue: true,
  prepare: async (ctx) => {
    const template = fixtureItems.find((i) => i.num === '12001')!;
    await seedItems(
      ctx.database.db,
      NUMS.map((num) => ({ ...template, num, code: `C-${num}`, upc: '', webTitle: `Race ${num}`, priceCents: PRICES[num], qtyFr: STOCK / 2, qtyFh: STOCK / 2 })),
    );
    await insertCoupon(ctx.database.db, { code: 'RACE10', name: 'Ten off', kind: 'percent', percentOff: 10 });
  },
});
beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/beapi`;
  customers = await Promise.all(Array.from({ length: CUSTOMERS }, () => signUpCustomer(t.app)));
}, 120_000);

async function http(c: TestCustomer, method: string, path: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...c.headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as any };
}

interface CartJson {
  items: { invNum: string; ordQty: number }[];
  couponsApplied: { code: string }[];
}
interface OrderJson {
  orderNum: number;
  lines: { invNum: string; ordQty: number; price: number; extended: number; allocation: { west: number; east: number; backordered: number } }[];
  subtotal: number;
  discount: number;
  shipping: number;
  total: number;
  shippingOption: { amount: number };
  couponsApplied: { code: string; discount: number }[];
}

const cents = (dollars: number) => Math.round(dollars * 100);
const qtyOf = (items: { invNum: string; ordQty: number }[], num: string) => items.find((i) => i.invNum === num)?.ordQty ?? 0;

/** The order is priced from its own lines, as the contract defines the fields. */
function expectPricedFromItsLines(o: OrderJson): void {
  const subtotal = o.lines.reduce((n, l) => n + l.ordQty * PRICES[l.invNum as Num], 0);
  for (const l of o.lines) {
    expect(cents(l.price)).toBe(PRICES[l.invNum as Num]);
    expect(cents(l.extended)).toBe(l.ordQty * PRICES[l.invNum as Num]);
    expect(l.allocation.west + l.allocation.east + l.allocation.backordered).toBe(l.ordQty);
  }
  expect(cents(o.subtotal)).toBe(subtotal);
  const discount = o.couponsApplied.some((k) => k.code === 'RACE10') ? Math.round(subtotal / 10) : 0;
  expect(cents(o.discount)).toBe(discount);
  expect(o.couponsApplied.reduce((n, k) => n + cents(k.discount), 0)).toBe(discount);
  expect(cents(o.shipping)).toBe(cents(o.shippingOption.amount));
  expect(cents(o.total)).toBe(subtotal - discount + cents(o.shipping));
}

describe('cart edited during checkout', () => {
  it(`${ROUNDS} rounds of a checkout released together with AddItem, UpdateItem, DeleteCartItem and Add/DeleteCoupon: every order is one real cart state, priced from its lines`, async () => {
    const orders: OrderJson[] = [];
    let editsBeforeCheckout = 0;
    let editsAfterCheckout = 0;
    // The customers' rounds run side by side (they compete for the same stock); each customer's one after another.
    const lane = async (c: TestCustomer, first: number) => {
      for (let round = first; round < ROUNDS; round += CUSTOMERS) await playRound(c, round);
    };
    const playRound = async (c: TestCustomer, round: number) => {
      // The starting cart, acknowledged one call at a time, on top of what the last round left
      // (at most an X line and the coupon): W is never touched, so the cart is never empty.
      const seeded = await http(c, 'POST', '/Shop/AddItems', [
        { invNum: 'RACEW', qty: 1 + (round % 3) },
        ...(round % 2 ? [{ invNum: 'RACEX', qty: 1 }] : []),
        { invNum: 'RACEY', qty: 2 + (round % 4) },
        { invNum: 'RACEZ', qty: 1 + (round % 2) },
      ]);
      expect(seeded.status).toBe(200);
      const start = Object.fromEntries(NUMS.map((n) => [n, qtyOf((seeded.body as CartJson).items, n)])) as Record<Num, number>;
      let couponAtStart = (seeded.body as CartJson).couponsApplied.some((k) => k.code === 'RACE10');
      if (!couponAtStart && round % 4 >= 2) {
        expect((await http(c, 'POST', '/Shop/AddCoupon/RACE10')).status).toBe(200);
        couponAtStart = true;
      }
      const add = 1 + (round % 5);
      const setY = 10 + (round % 7);

      // Checkout and edits start 0–30 ms apart, in varying order, so some edits land before the checkout and some after.
      const later = <T>(ms: number, f: () => Promise<T>) => new Promise<T>((resolve, reject) => setTimeout(() => f().then(resolve, reject), ms));
      const [checkout, added, updated, deleted, coupon] = await Promise.all([
        later((round % 2) * 15, () => http(c, 'POST', '/Shop/Checkout', { shipToCode: '', shippingOption: 'ground' })),
        later(((round * 1) % 7) * 5, () => http(c, 'POST', `/Shop/AddItem?InvNum=RACEX&qty=${add}`)),
        later(((round * 3) % 7) * 5, () => http(c, 'PUT', `/Shop/UpdateItem?InvNum=RACEY&qty=${setY}`)),
        later(((round * 5) % 7) * 5, () => http(c, 'DELETE', '/Shop/DeleteCartItem/RACEZ')),
        later(((round * 7) % 7) * 5, () => (couponAtStart ? http(c, 'DELETE', '/Shop/DeleteCoupon/RACE10') : http(c, 'POST', '/Shop/AddCoupon/RACE10'))),
      ]);
      expect(checkout.status).toBe(201);
      const order = checkout.body as OrderJson;
      orders.push(order);
      expectPricedFromItsLines(order);
      // Edits that found the line gone were answered 404 and changed nothing; the others succeeded.
      expect(added.status).toBe(200);
      expect([200, 404]).toContain(updated.status);
      expect([200, 404]).toContain(deleted.status);
      expect([200, 404]).toContain(coupon.status);

      // The order is the starting cart with some of the acknowledged edits applied, nothing else.
      const lines = order.lines;
      expect(lines.map((l) => l.invNum).filter((n) => !NUMS.includes(n as Num))).toEqual([]);
      expect(qtyOf(lines, 'RACEW')).toBe(start.RACEW);
      const xBefore = qtyOf(lines, 'RACEX') === start.RACEX + add;
      if (!xBefore) expect(qtyOf(lines, 'RACEX')).toBe(start.RACEX);
      const yBefore = updated.status === 200 && qtyOf(lines, 'RACEY') === setY;
      if (!yBefore) expect(qtyOf(lines, 'RACEY')).toBe(start.RACEY);
      if (updated.status === 404) expect(yBefore).toBe(false);
      const zBefore = deleted.status === 200;
      expect(qtyOf(lines, 'RACEZ')).toBe(zBefore ? 0 : start.RACEZ);
      const couponInOrder = order.couponsApplied.some((k) => k.code === 'RACE10');
      if (couponAtStart) expect(couponInOrder).toBe(coupon.status === 404);
      if (!couponAtStart && coupon.status !== 200) expect(couponInOrder).toBe(false);

      // An acknowledged edit that is not in the order is in the cart the checkout left behind.
      const after = (await http(c, 'GET', '/Shop/GetShoppingCart')).body as CartJson;
      expect(after.items.map((i) => [i.invNum, i.ordQty])).toEqual(xBefore ? [] : [['RACEX', add]]);
      const couponLeft = after.couponsApplied.some((k) => k.code === 'RACE10');
      if (couponAtStart) expect(couponLeft).toBe(false);
      else expect(couponLeft).toBe(coupon.status === 200 && !couponInOrder);
      for (const edit of [xBefore, yBefore, zBefore]) {
        if (edit) editsBeforeCheckout += 1;
        else editsAfterCheckout += 1;
      }
    };
    await Promise.all(customers.map((c, i) => lane(c, i)));

    expect(orders).toHaveLength(ROUNDS);
    expect(new Set(orders.map((o) => o.orderNum)).size).toBe(ROUNDS);
    // Stock + allocated units = the starting stock, and never below zero.
    const db = t.ctx.database.db;
    const stock = await itemsWithStock(db).where('i.num', 'in', NUMS).execute();
    const allocated = await db
      .selectFrom('order_lines')
      .select(['item_num', sql<number>`sum(qty_west + qty_east)`.as('n')])
      .where('item_num', 'in', NUMS)
      .groupBy('item_num')
      .execute();
    for (const num of NUMS) {
      const row = stock.find((r) => r.num === num)!;
      expect(row.qty_fr).toBeGreaterThanOrEqual(0);
      expect(row.qty_fh).toBeGreaterThanOrEqual(0);
      expect(row.qty_fr + row.qty_fh + Number(allocated.find((a) => a.item_num === num)?.n ?? 0)).toBe(STOCK);
    }
    // How the edits fell (depends on timing, so reported rather than asserted).
    console.log(`cart edited during checkout: ${ROUNDS} orders, ${editsBeforeCheckout} edits in the order, ${editsAfterCheckout} after it`);
  }, 120_000);
});

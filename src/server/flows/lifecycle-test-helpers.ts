import { fixtureItems, seedItems } from '../catalogue/testing';
import { signUpCustomer, type TestCustomer } from '../orders/testing';
import type { TestApp } from '../test-support/test-app';
import { itemsWithStock } from '../stock/testing';

/** Helpers for API tests of the order lifecycle: stock set up, orders placed through the real cart and checkout. */

/** Sets an item's West/East stock (as receiving goods would), then refreshes the catalogue. */
export async function setStock(t: TestApp, num: string, west: number, east: number): Promise<void> {
  const base = fixtureItems.find((i) => i.num === num)!;
  await seedItems(t.ctx.database.db, [{ ...base, qtyFr: west, qtyFh: east }]);
  await t.ctx.catalogue.refresh();
}

export async function stockOf(t: TestApp, num: string): Promise<{ west: number; east: number }> {
  const r = await itemsWithStock(t.ctx.database.db).where('i.num', '=', num).executeTakeFirstOrThrow();
  return { west: r.qty_fr, east: r.qty_fh };
}

export async function buyerCall(t: TestApp, c: TestCustomer, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  const res = await t.app.inject({ method, url: `/beapi${url}`, headers: c.headers, ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: res.body ? res.json() : null };
}

/** A buyer (CA: West ships first) orders `lines` [item, qty], with coupon codes; answers the buyer and the order. */
export async function placeOrder(t: TestApp, lines: [string, number][], coupons: string[] = [], c?: TestCustomer): Promise<{ buyer: TestCustomer; order: any }> {
  const buyer = c ?? (await signUpCustomer(t.app, 'CA'));
  for (const [num, qty] of lines) {
    const r = await buyerCall(t, buyer, 'POST', `/Shop/AddItem?InvNum=${num}&qty=${qty}`);
    if (r.status !== 200) throw new Error(`AddItem ${num}: ${r.status} ${JSON.stringify(r.body)}`);
  }
  for (const code of coupons) {
    const r = await buyerCall(t, buyer, 'POST', `/Shop/AddCoupon/${code}`);
    if (r.status !== 200) throw new Error(`AddCoupon ${code}: ${r.status} ${JSON.stringify(r.body)}`);
  }
  const res = await buyerCall(t, buyer, 'POST', '/Shop/Checkout', { shipToCode: '', shippingOption: 'ground' });
  if (res.status !== 201) throw new Error(`checkout: ${res.status} ${JSON.stringify(res.body)}`);
  return { buyer, order: res.body };
}

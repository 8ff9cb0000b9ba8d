import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpCustomer } from '../orders/cart/test-customers';
import { fixtureItems, loadFixtureCatalogue, seedItems } from '../catalogue/test-fixture';
import { createTestApp, type TestApp } from '../test-support/test-app';

/**
 * Issue 16, finding 3: order money columns were 32-bit on PostgreSQL, so a checkout over
 * $21,474,836.47 answered 500 there. Quantities stop at 9999 a line, so the big order is made of
 * expensive items, as a wholesale buyer of display pieces might order.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(async (ctx) => {
    await loadFixtureCatalogue(ctx.database.db);
    const base = fixtureItems.find((i) => i.num === '11002')!;
    // $2,500,000.00 each, with $4,999,999.99 SRP: ten of them make a $25,000,000 order.
    await seedItems(ctx.database.db, [{ ...base, priceCents: 250_000_000, srpCents: 499_999_999, qtyFr: 50, qtyFh: 50 }]);
  });
});
afterAll(() => t?.close());

describe('money beyond 32 bits', () => {
  it('takes a $25,000,000 order and answers it back to the cent', async () => {
    const c = await signUpCustomer(t.app, 'CA');
    const inject = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url: `/beapi${url}`, headers: c.headers, ...(payload ? { payload } : {}) });
    expect((await inject('POST', '/Shop/AddItem?InvNum=11002&qty=10')).statusCode).toBe(200);
    const cart = (await inject('GET', '/Shop/GetShoppingCart')).json();
    expect(cart.subtotal).toBe(25_000_000);

    const res = await inject('POST', '/Shop/Checkout', { shipToCode: '', shippingOption: 'willcall-west' });
    expect(res.statusCode).toBe(201);
    const order = res.json();
    expect(order.subtotal).toBe(25_000_000);
    expect(order.total).toBe(25_000_000 + order.shipping);
    expect(order.lines[0]).toMatchObject({ ordQty: 10, price: 2_500_000, extended: 25_000_000 });

    const again = (await inject('GET', `/Shop/GetOrder/${order.orderNum}`)).json();
    expect(again.total).toBe(order.total);
    expect(typeof again.total).toBe('number');
    const history = (await inject('GET', '/Shop/GetOrders')).json();
    expect(JSON.stringify(history)).toContain('25000000');
  });
});

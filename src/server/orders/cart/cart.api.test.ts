import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFixtureCatalogue } from '../../catalogue/testing';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { seedDemoCoupons } from './demo-coupons';
import { insertCoupon } from './queries';
import { addShipTo, signUpCustomer, type TestCustomer } from './test-customers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(async (ctx) => {
    const db = ctx.database.db;
    await loadFixtureCatalogue(db);
    await seedDemoCoupons(db);
    await insertCoupon(db, { code: 'OLD5', name: 'Expired', kind: 'percent', percentOff: 5, validUntil: '2020-01-01T00:00:00Z' });
    await insertCoupon(db, { code: 'SOON5', name: 'Not yet', kind: 'percent', percentOff: 5, validFrom: '2099-01-01T00:00:00Z' });
    await insertCoupon(db, { code: 'OFF', name: 'Switched off', kind: 'percent', percentOff: 5, active: false });
    await insertCoupon(db, { code: 'GONE', name: 'Used up', kind: 'fixed', amountOffCents: 100, maxUses: 0 });
  });
});
afterAll(() => t?.close());

type Res = { status: number; body: any; headers: Record<string, unknown> };
async function call(c: TestCustomer | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown): Promise<Res> {
  const res = await t.app.inject({ method, url: `/beapi${url}`, headers: c?.headers ?? {}, ...(payload === undefined ? {} : { payload: payload as object }) });
  return { status: res.statusCode, body: res.body ? res.json() : null, headers: res.headers };
}
const cartOf = async (c: TestCustomer) => (await call(c, 'GET', '/Shop/GetShoppingCart')).body;

describe('access', () => {
  it('answers 401 on every cart call without a token, or with a bad one', async () => {
    const bad = { email: '', code: '', headers: { 'user-token': 'nope' } };
    const calls: [Parameters<typeof call>[1], string, unknown?][] = [
      ['GET', '/Shop/GetShoppingCart'],
      ['POST', '/Shop/AddItem?InvNum=11001&qty=1'],
      ['PUT', '/Shop/UpdateItem?InvNum=11001&qty=1'],
      ['DELETE', '/Shop/DeleteCartItem/11001'],
      ['PUT', '/Shop/UpdateOrderComments?comments=x'],
      ['POST', '/Shop/AddCoupon/WELCOME10'],
      ['DELETE', '/Shop/DeleteCoupon/WELCOME10'],
      ['GET', '/Shop/GetShippingOptions'],
      ['GET', '/Shop/GetSuggestedItems'],
      ['PUT', '/Shop/UpdateShipTo?shiptocode='],
      ['POST', '/Shop/AddItems', [{ invNum: '11001', qty: 1 }]],
      ['POST', '/Shop/Checkout', { shipToCode: '', shippingOption: 'ground' }],
      ['GET', '/Shop/GetOrders'],
      ['GET', '/Shop/GetOrder/100001'],
      ['POST', '/Shop/Reorder/100001'],
    ];
    for (const [method, url, body] of calls) {
      for (const who of [null, bad]) {
        const res = await call(who, method, url, body);
        expect(res.status, `${method} ${url}`).toBe(401);
        expect(res.headers['content-type']).toContain('application/problem+json');
      }
    }
  });
});

describe('cart lines', () => {
  let c: TestCustomer;
  beforeAll(async () => {
    c = await signUpCustomer(t.app);
  });

  it('starts empty', async () => {
    expect(await cartOf(c)).toEqual({
      items: [],
      numberOfItems: 0,
      totalQuantity: 0,
      subtotal: 0,
      discount: 0,
      total: 0,
      comments: '',
      couponsApplied: [],
      shipToCode: '',
      freeShipping: false,
      unavailableItems: [],
      // This file's shop collects no sales tax (the tests' default; flows/sales-tax.api.test.ts charges it).
      tax: 0,
      taxRate: null,
      taxBasis: 'no_nexus',
    });
  });

  it('adds an item at the database price and answers the whole cart', async () => {
    const res = await call(c, 'POST', '/Shop/AddItem?InvNum=11001&qty=3');
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual([
      {
        invNum: '11001',
        ordQty: 3,
        price: 12.5,
        extended: 37.5,
        inventoryData: { description: '11" Red Latex', picture: '/images/items/11001?v=1', inventoryPicture: '/images/items/11001?v=1', web_Title: '11" Red Latex' },
      },
    ]);
    expect(res.body).toMatchObject({ numberOfItems: 1, totalQuantity: 3, subtotal: 37.5, discount: 0, total: 37.5 });
  });

  it('adds to an existing line, and accepts invNum as well as InvNum', async () => {
    const res = await call(c, 'POST', '/Shop/AddItem?invNum=11001&qty=2');
    expect(res.body.items[0].ordQty).toBe(5);
    expect(res.body.numberOfItems).toBe(1);
    const second = await call(c, 'POST', '/Shop/AddItem?InvNum=30001&qty=1');
    expect(second.body).toMatchObject({ numberOfItems: 2, totalQuantity: 6, subtotal: 72.5 });
  });

  it('ignores any price the client sends', async () => {
    const res = await call(c, 'POST', '/Shop/AddItem?InvNum=30002&qty=1&price=0.01');
    expect(res.body.items.find((i: { invNum: string }) => i.invNum === '30002').price).toBe(10);
    await call(c, 'DELETE', '/Shop/DeleteCartItem/30002');
  });

  it('refuses every bad quantity form with 400 and changes nothing', async () => {
    const before = await cartOf(c);
    for (const qty of ['0', '-1', '1.5', '1e3', 'abc', '', '10000', '99999999999999999999', '0x10', ' ', '1,000']) {
      for (const [method, path] of [
        ['POST', '/Shop/AddItem'],
        ['PUT', '/Shop/UpdateItem'],
      ] as const) {
        const res = await call(c, method, `${path}?InvNum=11001&qty=${encodeURIComponent(qty)}`);
        expect(res.status, `${path} qty=${qty}`).toBe(400);
        expect(res.body.detail).toBe('Please enter a valid quantity');
      }
    }
    expect((await call(c, 'POST', '/Shop/AddItem?InvNum=11001')).status).toBe(400);
    expect(await cartOf(c)).toEqual(before);
  });

  it('refuses a line that would pass 9999 without changing it', async () => {
    const res = await call(c, 'POST', '/Shop/AddItem?InvNum=11001&qty=9999');
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('The quantity of one line cannot exceed 9999');
    expect((await cartOf(c)).items[0].ordQty).toBe(5);
  });

  it('answers 404 for an unknown item and 400 for a malformed number', async () => {
    const unknown = await call(c, 'POST', '/Shop/AddItem?InvNum=99999&qty=1');
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toBe('Item 99999 not found');
    expect((await call(c, 'PUT', '/Shop/UpdateItem?InvNum=99999&qty=1')).status).toBe(404);
    expect((await call(c, 'POST', '/Shop/AddItem?InvNum=&qty=1')).body.detail).toBe('Please enter a catalog number');
    expect((await call(c, 'POST', `/Shop/AddItem?InvNum=${encodeURIComponent('1; drop')}&qty=1`)).body.detail).toBe('Please enter a valid catalog number');
  });

  it('updates a line to a new quantity, and 404s for an item not in the cart', async () => {
    const res = await call(c, 'PUT', '/Shop/UpdateItem?InvNum=11001&qty=7');
    expect(res.status).toBe(200);
    expect(res.body.items[0]).toMatchObject({ invNum: '11001', ordQty: 7, extended: 87.5 });
    const notThere = await call(c, 'PUT', '/Shop/UpdateItem?InvNum=12001&qty=1');
    expect(notThere.status).toBe(404);
    expect(notThere.body.detail).toBe('Item 12001 is not in your cart');
  });

  it('deletes a line, and 404s for a line not in the cart', async () => {
    const res = await call(c, 'DELETE', '/Shop/DeleteCartItem/30001');
    expect(res.status).toBe(200);
    expect(res.body.items.map((i: { invNum: string }) => i.invNum)).toEqual(['11001']);
    expect((await call(c, 'DELETE', '/Shop/DeleteCartItem/30001')).status).toBe(404);
  });

  it('stores order comments of up to 2,000 characters as plain text', async () => {
    const text = '<b>Deliver</b> to the back door & ring twice';
    const res = await call(c, 'PUT', `/Shop/UpdateOrderComments?comments=${encodeURIComponent(text)}`);
    expect(res.status).toBe(200);
    expect(res.body.comments).toBe(text);
    expect((await call(c, 'PUT', `/Shop/UpdateOrderComments?comments=${'x'.repeat(2000)}`)).body.comments).toHaveLength(2000);
    const tooLong = await call(c, 'PUT', `/Shop/UpdateOrderComments?comments=${'x'.repeat(2001)}`);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.detail).toBe('Order comments can be at most 2000 characters');
    expect((await cartOf(c)).comments).toHaveLength(2000);
    expect((await call(c, 'PUT', '/Shop/UpdateOrderComments?comments=')).body.comments).toBe('');
  });

  it('keeps the cart in the database: another session of the same customer sees it', async () => {
    const again = await t.app.inject({ method: 'POST', url: '/beapi/System/Login', payload: { username: c.email, password: 'balloons123' }, remoteAddress: '10.200.0.1' });
    const other = { ...c, headers: { 'user-token': String(again.headers['user-token']) } };
    expect((await cartOf(other)).items.map((i: { invNum: string }) => i.invNum)).toEqual(['11001']);
  });
});

describe('the 500-line limit', () => {
  it('adds to a line of a full cart but refuses a new line, changing nothing', async () => {
    const c = await signUpCustomer(t.app);
    const { id } = (await t.ctx.resolveCustomer!(String(c.headers['user-token'])))!;
    // 499 lines of items no longer sold (they count as lines), then a 500th through the API.
    const lines = Array.from({ length: 499 }, (_, i) => ({ customer_id: id, item_num: `9${String(i).padStart(5, '0')}`, qty: 1, added_at: '2026-01-01T00:00:00.000Z' }));
    await t.ctx.database.db.insertInto('cart_lines').values(lines).execute();
    expect((await call(c, 'POST', '/Shop/AddItem?InvNum=11001&qty=1')).status).toBe(200);
    const refused = await call(c, 'POST', '/Shop/AddItem?InvNum=11002&qty=1');
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe('A cart can hold at most 500 lines');
    const again = await call(c, 'POST', '/Shop/AddItem?InvNum=11001&qty=2');
    expect(again.status).toBe(200);
    expect(again.body.items.map((i: { invNum: string; ordQty: number }) => [i.invNum, i.ordQty])).toEqual([['11001', 3]]);
    expect(again.body.unavailableItems).toHaveLength(499);
    expect((await call(c, 'POST', '/Shop/AddItem?InvNum=11001&qty=9999')).body.detail).toBe('The quantity of one line cannot exceed 9999');
    // AddItems: more of a line already there fits; a new line does not, and nothing of the call is added.
    expect((await call(c, 'POST', '/Shop/AddItems', [{ invNum: '11001', qty: 1 }, { invNum: '11001', qty: 1 }])).status).toBe(200);
    const many = await call(c, 'POST', '/Shop/AddItems', [{ invNum: '11001', qty: 1 }, { invNum: '11003', qty: 1 }]);
    expect(many.status).toBe(400);
    expect(many.body.detail).toBe('A cart can hold at most 500 lines');
    expect((await cartOf(c)).items.map((i: { invNum: string; ordQty: number }) => [i.invNum, i.ordQty])).toEqual([['11001', 5]]);
  });
});

describe('AddItems', () => {
  it('adds many lines in one call, adding to existing lines', async () => {
    const c = await signUpCustomer(t.app);
    await call(c, 'POST', '/Shop/AddItem?InvNum=11002&qty=1');
    const res = await call(c, 'POST', '/Shop/AddItems', [
      { invNum: '11002', qty: 4 },
      { invNum: '12001', qty: 2 },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.items.map((i: { invNum: string; ordQty: number }) => [i.invNum, i.ordQty])).toEqual([
      ['11002', 5],
      ['12001', 2],
    ]);
  });

  it('adds nothing when any line is refused, and names every refused line', async () => {
    const c = await signUpCustomer(t.app);
    const res = await call(c, 'POST', '/Shop/AddItems', [
      { invNum: '11001', qty: 1 },
      { invNum: '99999', qty: 1 },
      { invNum: '11002', qty: 0 },
      { invNum: '11003', qty: '2' },
      { invNum: '12001', qty: 1.5 },
    ]);
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('Nothing was added: some lines were refused');
    expect(res.body.errors).toEqual([
      'Line 2 (99999): Item 99999 not found',
      'Line 3 (11002): Please enter a valid quantity',
      'Line 4 (11003): Please enter a valid quantity',
      'Line 5 (12001): Please enter a valid quantity',
    ]);
    expect((await cartOf(c)).items).toEqual([]);
  });

  it('rolls back every line when one would pass 9999', async () => {
    const c = await signUpCustomer(t.app);
    await call(c, 'POST', '/Shop/AddItem?InvNum=11002&qty=9000');
    const res = await call(c, 'POST', '/Shop/AddItems', [
      { invNum: '11001', qty: 1 },
      { invNum: '11002', qty: 1000 },
    ]);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(['11002: The quantity of one line cannot exceed 9999']);
    expect((await cartOf(c)).items.map((i: { invNum: string; ordQty: number }) => [i.invNum, i.ordQty])).toEqual([['11002', 9000]]);
  });

  it('of calls at once that would together pass 9999 on a line, adds those that fit and refuses the rest, naming the line', async () => {
    const c = await signUpCustomer(t.app);
    await call(c, 'POST', '/Shop/AddItem?InvNum=11002&qty=9000');
    const body = [
      { invNum: '11001', qty: 1 },
      { invNum: '11002', qty: 200 },
    ];
    // 9000 + 4 × 200 fits; a fifth would make 10000. Six at once: four added whole, two refused whole.
    const answers = await Promise.all(Array.from({ length: 6 }, () => call(c, 'POST', '/Shop/AddItems', body)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 400, 400]);
    for (const refused of answers.filter((a) => a.status === 400)) expect(refused.body.errors).toEqual(['11002: The quantity of one line cannot exceed 9999']);
    expect((await cartOf(c)).items.map((i: { invNum: string; ordQty: number }) => [i.invNum, i.ordQty])).toEqual([
      ['11002', 9800],
      ['11001', 4],
    ]);
  });

  it('makes an item named twice one line with both quantities, and keeps the lines in the order given', async () => {
    const c = await signUpCustomer(t.app);
    const res = await call(c, 'POST', '/Shop/AddItems', [
      { invNum: '12001', qty: 2 },
      { invNum: '11003', qty: 1 },
      { invNum: '12001', qty: 3 },
      { invNum: '11002', qty: 4 },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.items.map((i: { invNum: string; ordQty: number }) => [i.invNum, i.ordQty])).toEqual([
      ['12001', 5],
      ['11003', 1],
      ['11002', 4],
    ]);
  });

  it('counts every line of many AddItems sent at once to one cart, whatever order each names the items in', async () => {
    const c = await signUpCustomer(t.app);
    const nums = ['11001', '11002', '11003', '12001', '30001', '30002', '30003', '33007', '40001'];
    const first = await call(c, 'POST', '/Shop/AddItems', nums.map((invNum) => ({ invNum, qty: 1 })));
    expect(first.status).toBe(200);
    const once = new Map<string, number>(first.body.items.map((i: { invNum: string; ordQty: number }) => [i.invNum, i.ordQty]));
    expect(once.size).toBe(nums.length);
    // Each call names the items in another order (rotated, some reversed): on PostgreSQL, row locks taken in those orders would deadlock.
    const orders = Array.from({ length: 8 }, (_, k) => {
      const rotated = [...nums.slice(k), ...nums.slice(0, k)];
      return k % 2 ? rotated.reverse() : rotated;
    });
    const answers = await Promise.all(orders.map((o) => call(c, 'POST', '/Shop/AddItems', o.map((invNum) => ({ invNum, qty: 1 })))));
    expect(answers.map((a) => a.status)).toEqual(orders.map(() => 200));
    const after = (await cartOf(c)).items.map((i: { invNum: string; ordQty: number }) => [i.invNum, i.ordQty]);
    expect(after).toEqual(nums.map((n) => [n, 9 * once.get(n)!]));
  });

  it('refuses a body that is not a list of lines', async () => {
    const c = await signUpCustomer(t.app);
    expect((await call(c, 'POST', '/Shop/AddItems', { invNum: '11001', qty: 1 })).status).toBe(400);
    expect((await call(c, 'POST', '/Shop/AddItems', [])).status).toBe(400);
  });
});

describe('coupons', () => {
  let c: TestCustomer;
  beforeAll(async () => {
    c = await signUpCustomer(t.app);
    await call(c, 'POST', '/Shop/AddItem?InvNum=11001&qty=10');
  });

  it('applies a percentage coupon to merchandise', async () => {
    const res = await call(c, 'POST', '/Shop/AddCoupon/welcome10');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ subtotal: 125, discount: 12.5, total: 112.5 });
    expect(res.body.couponsApplied).toEqual([
      { num: expect.any(Number), code: 'WELCOME10', name: '10% off merchandise', kind: 'percent', applies: true, reason: '' },
    ]);
  });

  it('says why a coupon is refused', async () => {
    const reasons: [string, string][] = [
      ['NOPE', 'Invalid coupon code'],
      ['OFF', 'Invalid coupon code'],
      ['OLD5', 'This coupon has expired'],
      ['SOON5', 'This coupon is not valid yet'],
      ['GONE', 'This coupon has been fully redeemed'],
      ['WELCOME10', 'This coupon is already applied'],
      ['%20', 'Please enter a coupon code'],
    ];
    for (const [code, reason] of reasons) {
      const res = await call(c, 'POST', `/Shop/AddCoupon/${code}`);
      expect(res.status, code).toBe(400);
      expect(res.body.detail, code).toBe(reason);
    }
    expect((await cartOf(c)).couponsApplied.map((x: { code: string }) => x.code)).toEqual(['WELCOME10']);
  });

  it('refuses a coupon whose minimum the cart does not meet', async () => {
    await call(c, 'DELETE', '/Shop/DeleteCoupon/WELCOME10');
    const res = await call(c, 'POST', '/Shop/AddCoupon/SAVE25');
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('This coupon needs an order of at least $250.00');
  });

  it('reports, rather than applies, a coupon whose minimum stops holding', async () => {
    await call(c, 'PUT', '/Shop/UpdateItem?InvNum=11001&qty=20');
    expect((await call(c, 'POST', '/Shop/AddCoupon/SAVE25')).body).toMatchObject({ subtotal: 250, discount: 25, total: 225 });
    const second = await call(c, 'POST', '/Shop/AddCoupon/WELCOME10');
    expect(second.status).toBe(400);
    expect(second.body.detail).toBe('Only one discount coupon can be used per order');
    const dropped = await call(c, 'PUT', '/Shop/UpdateItem?InvNum=11001&qty=19');
    expect(dropped.body).toMatchObject({ subtotal: 237.5, discount: 0, total: 237.5 });
    expect(dropped.body.couponsApplied).toEqual([
      expect.objectContaining({ code: 'SAVE25', applies: false, reason: 'This coupon needs an order of at least $250.00' }),
    ]);
    expect((await call(c, 'PUT', '/Shop/UpdateItem?InvNum=11001&qty=20')).body).toMatchObject({ discount: 25 });
  });

  it('stacks free shipping with a discount coupon', async () => {
    const res = await call(c, 'POST', '/Shop/AddCoupon/FREESHIP');
    expect(res.status).toBe(200);
    expect(res.body.freeShipping).toBe(true);
    expect(res.body.couponsApplied.map((x: { code: string }) => x.code)).toEqual(['SAVE25', 'FREESHIP']);
  });

  it('removes a coupon, and 404s for one not applied', async () => {
    const res = await call(c, 'DELETE', '/Shop/DeleteCoupon/save25');
    expect(res.status).toBe(200);
    expect(res.body.couponsApplied.map((x: { code: string }) => x.code)).toEqual(['FREESHIP']);
    expect(res.body.discount).toBe(0);
    const again = await call(c, 'DELETE', '/Shop/DeleteCoupon/SAVE25');
    expect(again.status).toBe(404);
    expect(again.body.detail).toBe('This coupon is not applied to your cart');
    expect((await call(c, 'DELETE', '/Shop/DeleteCoupon/NOPE')).status).toBe(404);
  });
});

describe('shipping', () => {
  it('prices the options to the billing address, free ground from $500', async () => {
    const c = await signUpCustomer(t.app, 'CA');
    await call(c, 'POST', '/Shop/AddItem?InvNum=11002&qty=10');
    const res = await call(c, 'GET', '/Shop/GetShippingOptions');
    expect(res.status).toBe(200);
    expect(res.body.map((o: { code: string }) => o.code)).toEqual(['ground', '2day', 'nextday', 'willcall-west', 'willcall-east']);
    expect(res.body[0]).toEqual({ code: 'ground', name: 'Ground', description: 'Ground delivery, free from $500', amount: 14.95, estimatedDays: 3, tax: 0 });
    expect(res.body[3]).toMatchObject({ name: 'Will Call West (Fresno)', amount: 0 });
    expect(res.body[4]).toMatchObject({ name: 'Will Call East (Fairhope)', amount: 0 });
    await call(c, 'PUT', '/Shop/UpdateItem?InvNum=11002&qty=50');
    expect((await call(c, 'GET', '/Shop/GetShippingOptions')).body[0].amount).toBe(0);
  });

  it('gives free ground shipping with FREESHIP', async () => {
    const c = await signUpCustomer(t.app);
    await call(c, 'POST', '/Shop/AddItem?InvNum=11002&qty=1');
    await call(c, 'POST', '/Shop/AddCoupon/FREESHIP');
    const options = (await call(c, 'GET', '/Shop/GetShippingOptions')).body;
    expect(options[0].amount).toBe(0);
    expect(options[1].amount).toBeGreaterThan(0);
  });

  it("sets the cart's destination to an own ship-to or the billing address; another customer's code is 404", async () => {
    const a = await signUpCustomer(t.app);
    const b = await signUpCustomer(t.app);
    const hawaii = await addShipTo(t.app, a, 'HI');
    const bs = await addShipTo(t.app, b, 'AL');
    await call(a, 'POST', '/Shop/AddItem?InvNum=11002&qty=10');
    const set = await call(a, 'PUT', `/Shop/UpdateShipTo?shiptocode=${hawaii}`);
    expect(set.status).toBe(200);
    expect(set.body.shipToCode).toBe(hawaii);
    const options = (await call(a, 'GET', '/Shop/GetShippingOptions')).body;
    expect(options[0]).toMatchObject({ amount: 29.9, estimatedDays: 7 });
    const foreign = await call(a, 'PUT', `/Shop/UpdateShipTo?shiptocode=${bs}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.detail).toBe('Shipping address not found');
    expect((await cartOf(a)).shipToCode).toBe(hawaii);
    expect((await call(a, 'PUT', '/Shop/UpdateShipTo?shiptocode=')).body.shipToCode).toBe('');
  });
});

describe('suggested items', () => {
  it('suggests items for what is in the cart, minus what is already there', async () => {
    const c = await signUpCustomer(t.app);
    expect((await call(c, 'GET', '/Shop/GetSuggestedItems')).body).toEqual([]);
    await call(c, 'POST', '/Shop/AddItem?InvNum=11001&qty=1');
    const res = await call(c, 'GET', '/Shop/GetSuggestedItems');
    expect(res.status).toBe(200);
    expect(res.body.map((i: { num: string }) => i.num)).toEqual(['11002', '30001']);
    expect(res.body[0].price).toBe(10);
    await call(c, 'POST', '/Shop/AddItem?InvNum=30001&qty=1');
    expect((await call(c, 'GET', '/Shop/GetSuggestedItems')).body.map((i: { num: string }) => i.num)).toEqual(['11002']);
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { type AdminCoupon, COUPON_MESSAGES } from '../../../contract/admin/coupons';
import { call, newCustomer, type TestCustomer, withToken } from '../../customers/testing';
import { adminCall, staffWith } from '../../test-support/admin';
import { withShop } from '../../test-support/shop';
import { auditCount } from '../../security/admin-support';

let buyer: TestCustomer;

const { t, staff: { editor } } = withShop({ catalogue: true, staff: { editor: ['catalogue'] } });
beforeAll(async () => {
  buyer = await newCustomer(t);
  await shop('POST', '/Shop/AddItem?InvNum=11001&qty=10');
});

const shop = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string) => call(t, { method, url, headers: withToken(buyer.token) });
const admin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => adminCall(t, editor, { method, url, ...(payload ? { payload } : {}) });
const create = async (body: object): Promise<AdminCoupon> => {
  const res = await admin('POST', '/Coupons', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
};
const edit = (c: AdminCoupon, patch: Partial<AdminCoupon>) => {
  const { id: _id, uses: _uses, createdAt: _at, ...fields } = { ...c, ...patch };
  return admin('PUT', `/Coupons/${c.id}`, fields);
};

describe('coupons in the back office', () => {
  it('creates a coupon with every rule, and a buyer can use it at once', async () => {
    const c = await create({ code: 'spring15', name: 'Spring 15%', kind: 'percent', percentOff: 15, minimum: 50, validFrom: '2020-01-01T00:00:00Z', validUntil: '2099-01-01T00:00:00+02:00', maxUses: 100, maxUsesPerCustomer: 1 });
    expect(c).toMatchObject({ code: 'SPRING15', kind: 'percent', percentOff: 15, amountOff: 0, minimum: 50, validUntil: '2098-12-31T22:00:00.000Z', maxUses: 100, maxUsesPerCustomer: 1, active: true, uses: 0, version: 1 });
    const cart = await shop('POST', '/Shop/AddCoupon/Spring15');
    expect(cart.status).toBe(200);
    expect(cart.body).toMatchObject({ subtotal: 125, discount: 18.75, total: 106.25 });
    const list = await admin('GET', '/Coupons?q=spring');
    expect(list.body.map((x: AdminCoupon) => x.code)).toEqual(['SPRING15']);
  });

  it('applies an edit to carts at once, and an ended coupon stops applying', async () => {
    const c = (await admin('GET', '/Coupons?q=SPRING15')).body[0] as AdminCoupon;
    const audits = await auditCount(t);
    const res = await edit(c, { percentOff: 20 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ percentOff: 20, version: 2 });
    expect(await auditCount(t)).toBe(audits + 1);
    expect((await shop('GET', '/Shop/GetShoppingCart')).body).toMatchObject({ discount: 25, total: 100 });
    const raised = await edit(res.body, { minimum: 500 });
    expect((await shop('GET', '/Shop/GetShoppingCart')).body.couponsApplied[0]).toMatchObject({ code: 'SPRING15', applies: false, reason: 'This coupon needs an order of at least $500.00' });
    const ended = await edit(raised.body, { active: false });
    expect(ended.body.active).toBe(false);
    expect((await shop('GET', '/Shop/GetShoppingCart')).body).toMatchObject({ discount: 0, total: 125 });
    expect((await shop('POST', '/Shop/AddCoupon/SPRING15')).status).toBe(400);
  });

  it('refuses a stale version with 409 and the coupon as it is now', async () => {
    const c = await create({ code: 'TWICE', name: 'Twice', kind: 'fixed', amountOff: 5 });
    expect((await edit(c, { name: 'First' })).status).toBe(200);
    const stale = await edit(c, { name: 'Second' });
    expect(stale.status).toBe(409);
    expect(stale.body.detail).toBe(COUPON_MESSAGES.stale);
    expect(stale.body.current).toMatchObject({ name: 'First', version: 2 });
  });

  it('refuses a code another coupon has, in any case', async () => {
    await create({ code: 'UNIQUE1', name: 'One', kind: 'free_shipping' });
    const taken = await admin('POST', '/Coupons', { code: 'unique1', name: 'Two', kind: 'free_shipping' });
    expect(taken.status).toBe(409);
    expect(taken.body.detail).toBe(COUPON_MESSAGES.codeTaken('UNIQUE1'));
    // Two saves of one new code at once: one is made, the other is the same 409 (never a 500).
    const racing = await Promise.all([1, 2, 3].map((n) => admin('POST', '/Coupons', { code: 'RACE', name: `Race ${n}`, kind: 'free_shipping' })));
    expect(racing.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    const other = await create({ code: 'UNIQUE2', name: 'Two', kind: 'free_shipping' });
    expect((await edit(other, { code: 'Unique1' })).status).toBe(409);
  });

  it('deletes an unused coupon, but a used one can only be ended', async () => {
    const unused = await create({ code: 'NEVER', name: 'Never used', kind: 'fixed', amountOff: 1 });
    expect((await admin('DELETE', `/Coupons/${unused.id}`)).status).toBe(204);
    expect((await admin('GET', `/Coupons/${unused.id}`)).status).toBe(404);

    const used = await create({ code: 'ONCE', name: 'Used once', kind: 'fixed', amountOff: 2 });
    await shop('DELETE', '/Shop/DeleteCoupon/SPRING15');
    expect((await shop('POST', '/Shop/AddCoupon/ONCE')).status).toBe(200);
    const order = await call(t, { method: 'POST', url: '/Shop/Checkout', headers: withToken(buyer.token), payload: { shipToCode: '', shippingOption: 'ground' } });
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    const audits = await auditCount(t);
    const refused = await admin('DELETE', `/Coupons/${used.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe(COUPON_MESSAGES.used('ONCE', 1));
    expect(await auditCount(t)).toBe(audits);
    const now = (await admin('GET', `/Coupons/${used.id}`)).body as AdminCoupon;
    expect(now.uses).toBe(1);
    expect((await edit(now, { active: false })).status).toBe(200);
  });

  it('refuses every bad rule with 400, changing nothing', async () => {
    const ok = { code: 'BAD', name: 'Bad', kind: 'percent', percentOff: 10 };
    const cases: [object, RegExp][] = [
      [{ ...ok, percentOff: 101 }, /./],
      [{ ...ok, percentOff: 0 }, /Percent off must be a whole number from 1 to 100/],
      [{ ...ok, percentOff: 12.5 }, /./],
      [{ ...ok, kind: 'fixed', amountOff: 0 }, /Amount off must be more than 0/],
      [{ ...ok, kind: 'fixed', amountOff: -1 }, /./],
      [{ ...ok, minimum: -5 }, /./],
      [{ ...ok, minimum: 1.234 }, /./],
      [{ ...ok, validFrom: '2026-12-01T00:00:00Z', validUntil: '2026-11-01T00:00:00Z' }, /Valid until must be after Valid from/],
      [{ ...ok, validFrom: '2026-12-01T00:00:00Z', validUntil: '2026-12-01T00:00:00Z' }, /Valid until must be after Valid from/],
      [{ ...ok, validFrom: 'next week' }, /Valid from must be a date and time/],
      [{ ...ok, maxUses: 0 }, /A use limit is 1 or more/],
      [{ ...ok, maxUsesPerCustomer: -1 }, /./],
      [{ ...ok, code: 'TWO WORDS' }, /Code may hold letters, digits/],
      [{ ...ok, code: '' }, /Code is required/],
      [{ ...ok, name: ' ' }, /Name is required/],
      [{ ...ok, kind: 'bogus' }, /./],
      [{ ...ok, uses: 5 }, /./],
    ];
    const audits = await auditCount(t);
    const before = (await admin('GET', '/Coupons')).body.length;
    for (const [body, detail] of cases) {
      const res = await admin('POST', '/Coupons', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.body.detail, JSON.stringify(body)).toMatch(detail);
    }
    expect((await admin('GET', '/Coupons')).body.length).toBe(before);
    expect(await auditCount(t)).toBe(audits);
    expect((await admin('GET', '/Coupons/999999')).status).toBe(404);
    expect((await admin('GET', '/Coupons/abc')).status).toBe(400);
  });

  it('is closed to staff without the catalogue permissions', async () => {
    const warehouse = await staffWith(t, ['warehouse']);
    expect((await adminCall(t, warehouse, { method: 'GET', url: '/Coupons' })).status).toBe(403);
  });
});

import { describe, expect, it } from 'vitest';
import { type CouponRule, couponDiscounts, couponProblem, normaliseCouponCode } from './coupons';

const base: CouponRule = {
  id: 1,
  code: 'TEST',
  name: 'Test',
  kind: 'percent',
  percentOff: 10,
  amountOffCents: 0,
  minimumCents: 0,
  validFrom: null,
  validUntil: null,
  maxUses: null,
  maxUsesPerCustomer: null,
  uses: 0,
  active: true,
};
const now = new Date('2026-06-15T12:00:00Z');
const at = (more: Partial<CouponRule>, merchandiseCents = 10_000, customerUses = 0) =>
  couponProblem({ ...base, ...more }, { now, merchandiseCents, customerUses });

describe('couponProblem', () => {
  it('accepts a valid coupon', () => expect(at({})).toBeNull());
  it('refuses an inactive coupon as invalid', () => expect(at({ active: false })).toBe('Invalid coupon code'));
  it('refuses before and after its validity dates', () => {
    expect(at({ validFrom: '2026-07-01T00:00:00Z' })).toBe('This coupon is not valid yet');
    expect(at({ validUntil: '2026-06-01T00:00:00Z' })).toBe('This coupon has expired');
    expect(at({ validFrom: '2026-01-01T00:00:00Z', validUntil: '2026-12-31T23:59:59Z' })).toBeNull();
  });
  it('refuses below the minimum order, saying the minimum', () => {
    expect(at({ minimumCents: 25_000 }, 24_999)).toBe('This coupon needs an order of at least $250.00');
    expect(at({ minimumCents: 25_000 }, 25_000)).toBeNull();
  });
  it('refuses when used up overall or by this customer', () => {
    expect(at({ maxUses: 1, uses: 1 })).toBe('This coupon has been fully redeemed');
    expect(at({ maxUses: 2, uses: 1 })).toBeNull();
    expect(at({ maxUsesPerCustomer: 1 }, 10_000, 1)).toBe('You have already used this coupon');
    expect(at({ maxUsesPerCustomer: 2 }, 10_000, 1)).toBeNull();
  });
});

describe('couponDiscounts', () => {
  it('takes a percentage of merchandise, rounded to the cent', () => {
    expect(couponDiscounts([{ ...base, percentOff: 10 }], 12_345)).toEqual([1235]);
  });
  it('takes a fixed amount, never more than the merchandise', () => {
    expect(couponDiscounts([{ ...base, kind: 'fixed', amountOffCents: 2500 }], 30_000)).toEqual([2500]);
    expect(couponDiscounts([{ ...base, kind: 'fixed', amountOffCents: 2500 }], 1000)).toEqual([1000]);
  });
  it('takes nothing off merchandise for free shipping, and caps the total', () => {
    const coupons = [
      { ...base, kind: 'free_shipping' as const },
      { ...base, kind: 'fixed' as const, amountOffCents: 800 },
      { ...base, kind: 'percent' as const, percentOff: 50 },
    ];
    expect(couponDiscounts(coupons, 1000)).toEqual([0, 800, 200]);
  });
  it('normalises codes', () => expect(normaliseCouponCode(' welcome10 ')).toBe('WELCOME10'));
});

import { describe, expect, it } from 'vitest';
import { groundIsFree, isRemote, shippingRates } from './shipping-rates';

const fresno = { state: 'CA', country: 'US' };
const rate = (code: string, merchandiseCents: number, destination = fresno, freeShippingCoupon = false) =>
  shippingRates({ merchandiseCents, destination, freeShippingCoupon }).find((r) => r.code === code)!;

describe('shippingRates', () => {
  it('offers ground, 2-day, next-day and both will-call points', () => {
    const codes = shippingRates({ merchandiseCents: 10_000, destination: fresno, freeShippingCoupon: false }).map((r) => r.code);
    expect(codes).toEqual(['ground', '2day', 'nextday', 'willcall-west', 'willcall-east']);
  });

  it('prices carriers from the order value', () => {
    expect(rate('ground', 10_000).amountCents).toBe(1495);
    expect(rate('2day', 10_000).amountCents).toBe(2795);
    expect(rate('nextday', 10_000).amountCents).toBe(5195);
    expect(rate('ground', 10_000).estimatedDays).toBe(3);
  });

  it('makes ground free from $500 or with a free-shipping coupon, never the faster options', () => {
    expect(rate('ground', 49_999).amountCents).toBeGreaterThan(0);
    expect(rate('ground', 50_000).amountCents).toBe(0);
    expect(rate('ground', 100, fresno, true).amountCents).toBe(0);
    expect(rate('2day', 100, fresno, true).amountCents).toBeGreaterThan(0);
    expect(groundIsFree({ merchandiseCents: 50_000, freeShippingCoupon: false })).toBe(true);
  });

  it('charges remote destinations double and quotes longer ground times', () => {
    const hawaii = { state: 'HI', country: 'US' };
    expect(rate('ground', 10_000, hawaii).amountCents).toBe(2990);
    expect(rate('ground', 10_000, hawaii).estimatedDays).toBe(7);
    expect(isRemote({ state: 'ON', country: 'CA' })).toBe(true);
    expect(isRemote({ state: 'AL', country: 'United States' })).toBe(false);
    expect(isRemote({ state: 'AL', country: '' })).toBe(false);
  });

  it('lets customers pick up free at either warehouse', () => {
    expect(rate('willcall-west', 10_000).amountCents).toBe(0);
    expect(rate('willcall-east', 10_000, { state: 'HI', country: 'US' }).amountCents).toBe(0);
  });
});

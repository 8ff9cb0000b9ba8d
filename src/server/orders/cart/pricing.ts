import { type CouponRule, couponDiscounts, couponProblem } from './coupons';

/** A priced line: the price always comes from the database, never from the client. */
export interface PricedLine {
  qty: number;
  priceCents: number;
}

export interface CouponOutcome {
  coupon: CouponRule;
  /** Null when the coupon applies; otherwise why not. */
  problem: string | null;
  discountCents: number;
}

export interface CartTotals {
  subtotalCents: number;
  totalQuantity: number;
  discountCents: number;
  totalCents: number;
  coupons: CouponOutcome[];
  /** A free-shipping coupon applies. */
  freeShippingCoupon: boolean;
}

/**
 * Totals of a cart or an order, recomputed from scratch on every change. A coupon whose condition
 * no longer holds stays on the cart with its reason and takes nothing off.
 */
export function priceCart(lines: PricedLine[], coupons: CouponRule[], customerUses: Map<number, number>, now: Date): CartTotals {
  const subtotalCents = lines.reduce((sum, l) => sum + l.qty * l.priceCents, 0);
  const totalQuantity = lines.reduce((sum, l) => sum + l.qty, 0);
  const problems = coupons.map((c) => couponProblem(c, { now, merchandiseCents: subtotalCents, customerUses: customerUses.get(c.id) ?? 0 }));
  const applying = coupons.filter((_c, i) => problems[i] === null);
  const discounts = couponDiscounts(applying, subtotalCents);
  const outcomes = coupons.map((coupon, i) => {
    const at = applying.indexOf(coupon);
    return { coupon, problem: problems[i] ?? null, discountCents: at === -1 ? 0 : (discounts[at] ?? 0) };
  });
  const discountCents = outcomes.reduce((sum, o) => sum + o.discountCents, 0);
  return {
    subtotalCents,
    totalQuantity,
    discountCents,
    totalCents: subtotalCents - discountCents,
    coupons: outcomes,
    freeShippingCoupon: outcomes.some((o) => o.problem === null && o.coupon.kind === 'free_shipping'),
  };
}

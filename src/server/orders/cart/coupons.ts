import { CART_MESSAGES } from '../../../contract/cart';
import type { CouponKind } from './tables';

/** A coupon as the rules see it (a row of `coupons`). */
export interface CouponRule {
  id: number;
  code: string;
  name: string;
  kind: CouponKind;
  percentOff: number;
  amountOffCents: number;
  minimumCents: number;
  validFrom: string | null;
  validUntil: string | null;
  maxUses: number | null;
  maxUsesPerCustomer: number | null;
  uses: number;
  active: boolean;
}

export interface CouponSituation {
  now: Date;
  /** Merchandise value of the cart, before discounts. */
  merchandiseCents: number;
  /** How often this customer has redeemed this coupon already. */
  customerUses: number;
}

const M = CART_MESSAGES.coupon;

export const normaliseCouponCode = (code: string) => code.trim().toUpperCase();

const money = (cents: number) => (cents / 100).toFixed(2);

/** Why a coupon cannot be used now, or null when it can. */
export function couponProblem(c: CouponRule, s: CouponSituation): string | null {
  if (!c.active) return M.invalid;
  if (c.validFrom && s.now < new Date(c.validFrom)) return M.notYetValid;
  if (c.validUntil && s.now > new Date(c.validUntil)) return M.expired;
  if (c.maxUses !== null && c.uses >= c.maxUses) return M.usedUp;
  if (c.maxUsesPerCustomer !== null && s.customerUses >= c.maxUsesPerCustomer) return M.usedByCustomer;
  if (s.merchandiseCents < c.minimumCents) return M.minimumNotMet(money(c.minimumCents));
  return null;
}

export const isDiscountCoupon = (c: Pick<CouponRule, 'kind'>) => c.kind !== 'free_shipping';

/**
 * Discount of each coupon that applies, in cents, in the given order; the total never exceeds
 * the merchandise value. Free-shipping coupons take nothing off merchandise.
 */
export function couponDiscounts(coupons: CouponRule[], merchandiseCents: number): number[] {
  let left = merchandiseCents;
  return coupons.map((c) => {
    const wanted = c.kind === 'percent' ? Math.round((merchandiseCents * c.percentOff) / 100) : c.kind === 'fixed' ? c.amountOffCents : 0;
    const taken = Math.min(wanted, left);
    left -= taken;
    return taken;
  });
}

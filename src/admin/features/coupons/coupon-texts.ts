import type { AdminCoupon } from '../../../contract/admin/coupons';
import { money } from '../../../web/components/money';

/** What a coupon takes off, in words. */
export function couponOffer(c: AdminCoupon): string {
  if (c.kind === 'percent') return `${c.percentOff}% off`;
  if (c.kind === 'fixed') return `${money(c.amountOff)} off`;
  return 'Free ground shipping';
}

/** Whether buyers can use it now: ended (inactive), not yet, expired, used up, or live. */
export function couponState(c: AdminCoupon, now = Date.now()): { label: string; color: string } {
  if (!c.active) return { label: 'Ended', color: 'gray.8' };
  if (c.validFrom && Date.parse(c.validFrom) > now) return { label: 'Scheduled', color: 'blue.9' };
  if (c.validUntil && Date.parse(c.validUntil) < now) return { label: 'Expired', color: 'gray.8' };
  if (c.maxUses !== null && c.uses >= c.maxUses) return { label: 'Used up', color: 'orange.9' };
  return { label: 'Live', color: 'teal.9' };
}

import type { BadgeTone } from '../../../web/components/status-badge';
import type { AdminCoupon } from '../../../contract/admin/coupons';
import { money } from '../../../web/components/money';

/** What a coupon takes off, in words. */
export function couponOffer(c: AdminCoupon): string {
  if (c.kind === 'percent') return `${c.percentOff}% off`;
  if (c.kind === 'fixed') return `${money(c.amountOff)} off`;
  return 'Free ground shipping';
}

/** Whether buyers can use it now: ended (inactive), not yet, expired, used up, or live. */
export function couponState(c: AdminCoupon, now = Date.now()): { label: string; tone: BadgeTone } {
  if (!c.active) return { label: 'Ended', tone: 'neutral' };
  if (c.validFrom && Date.parse(c.validFrom) > now) return { label: 'Scheduled', tone: 'progress' };
  if (c.validUntil && Date.parse(c.validUntil) < now) return { label: 'Expired', tone: 'neutral' };
  if (c.maxUses !== null && c.uses >= c.maxUses) return { label: 'Used up', tone: 'attention' };
  return { label: 'Live', tone: 'good' };
}

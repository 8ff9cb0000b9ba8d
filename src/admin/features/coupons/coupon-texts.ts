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

/** ISO moment → the value of an `<input type="datetime-local">` in the browser's time zone. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  const local = new Date(d.getTime() - d.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/** The input's local date and time → an ISO moment; empty → null. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : d.toISOString();
}

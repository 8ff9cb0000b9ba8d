import { z } from 'zod';
import { CART } from '../cart';
import { problemSchema } from '../problem';
import { fieldName, requiredSingleLine } from '../text';
import { money } from './bulk';
import { versionSchema } from './versions';

/** Coupons, with every rule the cart knows (server/cart/coupons.ts), edited in the back office. */

export const COUPON_KINDS = ['percent', 'fixed', 'free_shipping'] as const;
export type CouponKindName = (typeof COUPON_KINDS)[number];

export const COUPON_KIND_LABELS: Record<CouponKindName, string> = {
  percent: 'Percent off merchandise',
  fixed: 'Amount off merchandise',
  free_shipping: 'Free ground shipping',
};

export const COUPONS = { nameMax: 120, maxUses: 1_000_000 } as const;

export const COUPON_MESSAGES = {
  notFound: (id: number) => `Coupon ${id} not found`,
  codeTaken: (code: string) => `Coupon code ${code} is taken`,
  codeChars: 'Code may hold letters, digits, - and _ only',
  percentRange: 'Percent off must be a whole number from 1 to 100 for a percent coupon',
  amountNeeded: 'Amount off must be more than 0 for an amount coupon',
  endBeforeStart: 'Valid until must be after Valid from',
  used: (code: string, uses: number) => `Coupon ${code} has been used ${uses} time${uses === 1 ? '' : 's'}: it cannot be deleted, only ended (set it inactive)`,
  stale: 'Someone else saved this coupon meanwhile: your changes were not saved. The coupon as it is now is shown.',
} as const;

const M = COUPON_MESSAGES;
const moment = z.iso
  .datetime({ offset: true, error: (i) => `${fieldName(i)} must be a date and time.` })
  .transform((v) => new Date(v).toISOString())
  .nullable();
const limit = z.number().int('Use limits are whole numbers').min(1, 'A use limit is 1 or more (empty: no limit)').max(COUPONS.maxUses).nullable();

const fields = {
  /** Matched case-insensitively: stored in upper case. */
  code: requiredSingleLine(CART.couponCodeMax)
    .refine((v) => /^[A-Za-z0-9_-]+$/.test(v), M.codeChars)
    .transform((v) => v.toUpperCase()),
  name: requiredSingleLine(COUPONS.nameMax),
  kind: z.enum(COUPON_KINDS),
  /** For a percent coupon: 1–100. */
  percentOff: z.number().int().min(0).max(100).default(0),
  /** For an amount coupon: dollars off merchandise. */
  amountOff: money.default(0),
  /** Merchandise value the cart must reach, in dollars (0: none). */
  minimum: money.default(0),
  validFrom: moment.default(null),
  validUntil: moment.default(null),
  maxUses: limit.default(null),
  maxUsesPerCustomer: limit.default(null),
  active: z.boolean().default(true),
};

type Rules = { kind: CouponKindName; percentOff: number; amountOff: number; validFrom: string | null; validUntil: string | null };
const rules = <T extends z.ZodType<Rules>>(schema: T) =>
  schema
    .refine((c) => c.kind !== 'percent' || (c.percentOff >= 1 && c.percentOff <= 100), { message: M.percentRange, path: ['percentOff'] })
    .refine((c) => c.kind !== 'fixed' || c.amountOff > 0, { message: M.amountNeeded, path: ['amountOff'] })
    .refine((c) => !c.validFrom || !c.validUntil || Date.parse(c.validUntil) > Date.parse(c.validFrom), { message: M.endBeforeStart, path: ['validUntil'] });

export const couponCreateBody = rules(z.strictObject(fields));
export type CouponCreateBody = z.infer<typeof couponCreateBody>;
export const couponUpdateBody = rules(z.strictObject({ ...fields, version: versionSchema }));
export type CouponUpdateBody = z.infer<typeof couponUpdateBody>;

export const couponSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  kind: z.enum(COUPON_KINDS),
  percentOff: z.number(),
  amountOff: z.number(),
  minimum: z.number(),
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  maxUses: z.number().int().nullable(),
  maxUsesPerCustomer: z.number().int().nullable(),
  active: z.boolean(),
  /** Orders that redeemed it. */
  uses: z.number().int(),
  createdAt: z.string(),
  version: z.number().int(),
});
export type AdminCoupon = z.infer<typeof couponSchema>;

export const couponIdParam = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export const couponsQuery = z.object({ q: z.string().trim().max(100).optional() });

export const staleCouponProblemSchema = problemSchema.extend({ current: couponSchema });

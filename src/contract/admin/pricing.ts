import { z } from 'zod';
import { DB_INT_MAX } from '../ids';
import { requiredSingleLine } from '../text';

/**
 * Price levels and quantity breaks (DESIGN.md §5 "Customers, trade terms, money"; issue 19 point
 * 2; docs/decisions/0021-pricing.md). Money is dollars with at most 2 decimals on the wire and
 * integer cents in the database; a level's percent off has at most 2 decimals (basis points).
 */

export const PRICING = {
  nameMax: 60,
  /** Named prices a level may hold (one PUT replaces them all). */
  maxNamedPrices: 10_000,
  maxBreaks: 20,
  maxPriceDollars: 1_000_000,
  maxMinQty: 99_999,
  maxOrderMultiple: 10_000,
} as const;

export const PRICING_MESSAGES = {
  levelNotFound: (id: number) => `Price level ${id} not found`,
  nameTaken: (name: string) => `A price level named "${name}" already exists`,
  changedMeanwhile: 'Someone else changed this price level meanwhile: reload and try again',
  percentRange: 'Percent off must be between 0 and 100',
  percentDecimals: 'Percent off may have at most 2 decimals',
  pricePositive: 'A price must be more than $0.00',
  priceCents: 'A price may have at most 2 decimals (cents)',
  priceTooLarge: `A price cannot exceed $${PRICING.maxPriceDollars.toLocaleString('en-US')}`,
  unknownItems: (nums: string[]) => `Unknown item${nums.length === 1 ? '' : 's'}: ${nums.join(', ')}`,
  duplicateItem: (num: string) => `Item ${num} is listed twice`,
  minQtyTooSmall: 'A quantity break starts at 2 units or more',
  duplicateMinQty: (qty: number) => `Two breaks start at ${qty} units`,
  breakNotLower: (qty: number) => `The break at ${qty} units must be cheaper than the one before it`,
  breakNotBelowList: (qty: number) => `The break at ${qty} units must be cheaper than the list price`,
  itemNotFound: (num: string) => `Item ${num} not found`,
} as const;

const percentOff = z
  .number({ message: PRICING_MESSAGES.percentRange })
  .min(0, PRICING_MESSAGES.percentRange)
  .max(100, PRICING_MESSAGES.percentRange)
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, PRICING_MESSAGES.percentDecimals);

/** A unit price in dollars: more than 0, whole cents. */
export const unitPrice = z
  .number({ message: PRICING_MESSAGES.pricePositive })
  .positive(PRICING_MESSAGES.pricePositive)
  .max(PRICING.maxPriceDollars, PRICING_MESSAGES.priceTooLarge)
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, PRICING_MESSAGES.priceCents);

const invNum = z.string().trim().min(1, 'Item number is required').max(40);

export const priceLevelIdParam = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const priceLevelSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  percentOff: z.number(),
  version: z.number().int(),
  /** Items the level names its own price for. */
  namedPrices: z.number().int(),
  /** Customers on this level. */
  customers: z.number().int(),
});
export type PriceLevel = z.infer<typeof priceLevelSchema>;

export const priceLevelCreatedSchema = z.object({ id: z.number().int(), name: z.string(), percentOff: z.number(), version: z.number().int() });

export const priceLevelCreateBody = z.object({ name: requiredSingleLine(PRICING.nameMax, { required: 'Name the level' }), percentOff });
export type PriceLevelCreateBody = z.infer<typeof priceLevelCreateBody>;

export const priceLevelUpdateBody = priceLevelCreateBody.extend({ version: z.number().int().min(1).max(DB_INT_MAX) });
export type PriceLevelUpdateBody = z.infer<typeof priceLevelUpdateBody>;

export const namedPriceSchema = z.object({ invNum: z.string(), title: z.string(), listPrice: z.number(), price: z.number() });
export type NamedPrice = z.infer<typeof namedPriceSchema>;

export const namedPricesBody = z.array(z.object({ invNum, price: unitPrice })).max(PRICING.maxNamedPrices);
export type NamedPricesBody = z.infer<typeof namedPricesBody>;

export const priceBreakSchema = z.object({ minQty: z.number().int(), price: z.number() });
export type PriceBreakRow = z.infer<typeof priceBreakSchema>;

export const priceBreaksBody = z
  .array(
    z.object({
      minQty: z.number({ message: PRICING_MESSAGES.minQtyTooSmall }).int(PRICING_MESSAGES.minQtyTooSmall).min(2, PRICING_MESSAGES.minQtyTooSmall).max(PRICING.maxMinQty),
      price: unitPrice,
    }),
  )
  .max(PRICING.maxBreaks)
  .superRefine((rows, ctx) => {
    const sorted = [...rows].sort((a, b) => a.minQty - b.minQty);
    for (let i = 1; i < sorted.length; i++) {
      const [prev, cur] = [sorted[i - 1]!, sorted[i]!];
      if (cur.minQty === prev.minQty) ctx.addIssue({ code: 'custom', message: PRICING_MESSAGES.duplicateMinQty(cur.minQty), path: [rows.indexOf(cur), 'minQty'] });
      else if (Math.round(cur.price * 100) >= Math.round(prev.price * 100)) ctx.addIssue({ code: 'custom', message: PRICING_MESSAGES.breakNotLower(cur.minQty), path: [rows.indexOf(cur), 'price'] });
    }
  });
export type PriceBreaksBody = z.infer<typeof priceBreaksBody>;

export const itemNumParamForBreaks = z.object({ num: z.string().trim().min(1).max(40) });

/**
 * A level as a picker names it: "Gold (10% off)", but a name that already says its percent is not
 * repeated ("Gold (10% off)" stays as it is, not "Gold (10% off) (10% off)"), and a level of
 * per-item prices only (0% off list) is its name alone.
 */
export function priceLevelLabel(level: { name: string; percentOff: number }): string {
  const percent = `${level.percentOff}%`;
  if (level.percentOff === 0 || level.name.replace(/\s+/g, '').includes(percent)) return level.name;
  return `${level.name} (${percent} off)`;
}

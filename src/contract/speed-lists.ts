import { z } from 'zod';
import { DB_INT_MAX } from './ids';
import { CART, invNumParam } from './cart';
import { stockedItemSchema } from './inventory-lookup';
import { requiredSingleLine } from './text';

/**
 * Speed Lists: a customer's saved order lists (DESIGN.md §3, "Beyond the spec"). Lines hold an
 * item number and a quantity; prices and stock are today's, read when the list is shown.
 */

export const SPEED_LISTS = {
  nameMax: 60,
  /** Lists per customer. */
  maxLists: 100,
  /** Lines per list: as many as a cart holds, so a list always fits in one AddItems call. */
  maxLines: CART.maxLines,
} as const;

export const SPEED_LIST_MESSAGES = {
  nameRequired: 'Please enter a name for the list',
  nameTooLong: `A list name can be at most ${SPEED_LISTS.nameMax} characters`,
  nameTaken: (name: string) => `You already have a list named "${name}"`,
  notFound: 'Speed list not found',
  tooManyLists: `You can keep at most ${SPEED_LISTS.maxLists} speed lists`,
  tooManyLines: `A speed list can hold at most ${SPEED_LISTS.maxLines} lines`,
  someLinesRefused: 'The list was not changed: some lines were refused',
  duplicateLine: (num: string) => `Item ${num} is on the list twice`,
  notOnList: (num: string) => `Item ${num} is not on this list`,
  listEmpty: 'This list has no lines',
  cartEmpty: 'Your cart is empty',
} as const;

export const speedListName = requiredSingleLine(SPEED_LISTS.nameMax, {
  required: SPEED_LIST_MESSAGES.nameRequired,
  tooLong: SPEED_LIST_MESSAGES.nameTooLong,
});

export const speedListNameBody = z.object({ name: speedListName });
export type SpeedListNameInput = z.infer<typeof speedListNameBody>;

export const speedListIdParams = z.object({
  id: z.string().regex(/^\d{1,12}$/, 'The speed list number must be a whole number.').transform(Number).refine((n) => n <= DB_INT_MAX, `The speed list number must be a whole number from 1 to ${DB_INT_MAX.toLocaleString('en-US')}.`),
});

/**
 * PUT /SpeedLists/{id}/Lines: the list's new lines, `[{invNum, qty}]` (empty clears it). Taken
 * loosely like AddItems so that a refusal names every bad line.
 */
export const speedListLinesBody = z
  .array(z.object({ invNum: z.unknown(), qty: z.unknown() }), { error: 'Send a list of lines, each with an item number and a quantity' })
  .max(SPEED_LISTS.maxLines, SPEED_LIST_MESSAGES.tooManyLines);

/** POST /SpeedLists/{id}/AddToCart: the whole list, or only the lines of `invNums`. */
export const speedListAddToCartBody = z
  .object({ invNums: z.array(invNumParam).min(1, 'Choose at least one line').max(SPEED_LISTS.maxLines).optional() })
  .nullish()
  .transform((b) => b ?? {});

export const speedListSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  numberOfLines: z.number().int(),
  totalQuantity: z.number().int(),
  updatedAt: z.string(),
});
export type SpeedListSummary = z.infer<typeof speedListSummarySchema>;

export const speedListLineSchema = z.object({
  invNum: z.string(),
  qty: z.number().int(),
  /** Today's item, price and stock; null when the item is no longer sold. */
  item: stockedItemSchema.nullable(),
});
export type SpeedListLine = z.infer<typeof speedListLineSchema>;

export const speedListSchema = speedListSummarySchema.extend({ lines: z.array(speedListLineSchema) });
export type SpeedList = z.infer<typeof speedListSchema>;

import { z } from 'zod';
import { placeOf } from '../labels';
import { plainError, plainIssues } from '../plain-words';
import { STOCK_MESSAGES } from './stock';
import { warehouseSchema } from './staff-session';

/**
 * Bulk calls for ERPs (DESIGN.md §5 "Integration"): `PUT /beapi/Admin/Stock` and
 * `PUT /beapi/Admin/Prices`. One transaction; good rows apply, each bad row is reported by its
 * number, counted from 1.
 */

export const BULK = { maxRows: 10_000 } as const;

export const BULK_MESSAGES = {
  tooManyRows: `At most ${BULK.maxRows.toLocaleString('en-US')} rows per call`,
  notCents: 'Give the price in dollars with at most 2 decimals',
} as const;

const invNum = z.string().regex(/^[A-Za-z0-9-]{1,20}$/, 'Unknown item number');
/** Dollars with at most 2 decimals (integer cents in the database), 0 to $1,000,000. */
export const money = z
  .number()
  .min(0)
  .max(1_000_000)
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, BULK_MESSAGES.notCents);

/** A count of units on hand at one warehouse (available follows: on hand − reserve − allocated to orders). */
export const stockRow = z.object({ invNum, warehouse: warehouseSchema, onHand: z.number().int().min(0).max(10_000_000) });
export type StockRowInput = z.infer<typeof stockRow>;

/** A list price, and optionally the suggested retail price, in dollars. */
export const priceRow = z.object({ invNum, price: money, srp: money.optional() });
export type PriceRowInput = z.infer<typeof priceRow>;

/**
 * The body is checked row by row (a bad row is reported, not the whole call refused), so the
 * schema here only bounds it; the rows' shapes are `stockRow` and `priceRow`.
 */
export const bulkBody = (rowDescription: string): z.ZodArray<z.ZodUnknown> => z.array(z.unknown()).max(BULK.maxRows, BULK_MESSAGES.tooManyRows).describe(rowDescription);

export const bulkResultSchema = z.object({
  /** Rows applied. */
  updated: z.number().int(),
  errors: z.array(z.object({ row: z.number().int(), message: z.string() })),
});
export type BulkResult = z.infer<typeof bulkResultSchema>;

/** Checks each row; answers the good ones with their row numbers and the bad ones' first problem. */
export function checkRows<T>(schema: z.ZodType<T>, rows: readonly unknown[]): { good: (T & { row: number })[]; errors: BulkResult['errors'] } {
  const good: (T & { row: number })[] = [];
  const errors: BulkResult['errors'] = [];
  rows.forEach((raw, i) => {
    const parsed = schema.safeParse(raw, { error: plainError(schema) });
    if (parsed.success) good.push({ ...parsed.data, row: i + 1 });
    else {
      // The first problem, in words; a message of the rule's own that does not name its field gets the field's label first.
      const issue = plainIssues(schema, parsed.error.issues)[0]!;
      const label = issue.path.length > 0 ? placeOf(schema, issue.path).label : '';
      errors.push({ row: i + 1, message: label && !issue.message.startsWith(label) ? `${label}: ${issue.message}` : issue.message });
    }
  });
  return { good, errors };
}

/**
 * Applies each checked row to its item, in row order: a row for an item not in `items` is
 * reported as not found, and `apply` may refuse a row by answering its message. Answers the
 * rows applied and the refused ones, as the bulk calls report them.
 */
export function applyToItems<R extends { invNum: string; row: number }, I>(
  rows: readonly R[],
  items: ReadonlyMap<string, I>,
  apply: (item: I, row: R) => string | undefined,
): BulkResult {
  const errors: BulkResult['errors'] = [];
  let updated = 0;
  for (const r of rows) {
    const item = items.get(r.invNum);
    const refused = item === undefined ? STOCK_MESSAGES.itemNotFound(r.invNum) : apply(item, r);
    if (refused !== undefined) errors.push({ row: r.row, message: refused });
    else updated += 1;
  }
  return { updated, errors };
}

import { z } from 'zod';
import { CART } from './cart';
import { listItemSchema } from './catalogue';

/**
 * Looking items up in bulk (DESIGN.md §3, "Beyond the spec"): by UPC/EAN for the UPC Lookup page
 * and the barcode scanner, and by item number for the cart's "Paste a list" preview.
 */

export const LOOKUP = {
  /** Codes in one LookupUpc call: a carton's worth of scans. */
  maxUpcs: 100,
  /** Numbers in one LookupItems call: a whole pasted list (as many lines as a cart holds). */
  maxItems: CART.maxLines,
} as const;

export const LOOKUP_MESSAGES = {
  notACode: 'Not a 12- or 13-digit code',
  wrongCheckDigit: 'Check digit is wrong',
  noItemForUpc: 'No item has this UPC',
  noItemForNum: 'No item has this number',
  badItemNum: 'Not an item number',
  tooManyUpcs: `Look up at most ${LOOKUP.maxUpcs} codes at a time`,
  tooManyItems: `Look up at most ${LOOKUP.maxItems} items at a time`,
  noCodes: 'Enter at least one code',
} as const;

/** A list item with what a trade buyer decides on: the UPC, case quantity and units each warehouse can ship now. */
export const stockedItemSchema = listItemSchema.extend({
  upc: z.string(),
  caseQty: z.number().int(),
  /** Units West (Fresno) and East (Fairhope) can ship now (stock minus reserve, never negative). */
  availableWest: z.number().int(),
  availableEast: z.number().int(),
});
export type StockedItem = z.infer<typeof stockedItemSchema>;

/** A query parameter given once or repeated (?upc=a&upc=b); also accepts comma-separated values. */
const repeatable = (max: number, tooMany: string) =>
  z
    .union([z.string(), z.array(z.string())], { error: LOOKUP_MESSAGES.noCodes })
    .transform((v) => (Array.isArray(v) ? v : [v]).flatMap((s) => s.split(',')).map((s) => s.trim()).filter((s) => s !== ''))
    .pipe(z.array(z.string().max(40)).min(1, LOOKUP_MESSAGES.noCodes).max(max, tooMany));

export const lookupUpcQuery = z.object({ upc: repeatable(LOOKUP.maxUpcs, LOOKUP_MESSAGES.tooManyUpcs) });
export const lookupItemsQuery = z.object({ invNum: repeatable(LOOKUP.maxItems, LOOKUP_MESSAGES.tooManyItems) });

/** One code's answer: the item, or why there is none (`reason` is empty when `item` is set). */
export const upcMatchSchema = z.object({ upc: z.string(), item: stockedItemSchema.nullable(), reason: z.string() });
export type UpcMatch = z.infer<typeof upcMatchSchema>;

export const itemMatchSchema = z.object({ invNum: z.string(), item: stockedItemSchema.nullable(), reason: z.string() });
export type ItemMatch = z.infer<typeof itemMatchSchema>;

// ---- UPC / EAN check digits (shared by the server and the scanner page) ----------------------

/** The GS1 check digit of the digits before it (weights 3 and 1 from the right). */
export function gs1CheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const fromRight = body.length - i;
    sum += Number(body[i]) * (fromRight % 2 === 1 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/**
 * Checks a typed or scanned code: 12 digits (UPC-A) or 13 (EAN-13), spaces and dashes ignored.
 * Answers the 12-digit UPC-A the catalogue stores (an EAN starting with 0 is a UPC-A), the EAN
 * itself otherwise, or the reason the code cannot be right.
 */
export function checkUpc(raw: string): { ok: true; upc: string } | { ok: false; reason: string } {
  const code = raw.replace(/[\s-]/g, '');
  if (!/^(\d{12}|\d{13})$/.test(code)) return { ok: false, reason: LOOKUP_MESSAGES.notACode };
  if (gs1CheckDigit(code.slice(0, -1)) !== Number(code.at(-1))) return { ok: false, reason: LOOKUP_MESSAGES.wrongCheckDigit };
  return { ok: true, upc: code.length === 13 && code.startsWith('0') ? code.slice(1) : code };
}

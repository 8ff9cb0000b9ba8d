import { z } from 'zod';
import { multiLine, requiredSingleLine, singleLine } from '../../contract/text';
import { isValidUpc, upcCheckDigit } from './upc';

/**
 * The columns of a catalogue CSV and how each cell is read. Every cell arrives as text; the
 * schemas turn it into the value stored, or say in plain words what is wrong with it.
 */

function fail<T>(ctx: z.core.$RefinementCtx<T>, message: string): never {
  ctx.addIssue({ code: 'custom', message });
  return z.NEVER;
}

/**
 * The API's text rule (contract/text.ts), so a file cannot bring what the editor refuses: a
 * single-line cell refuses control characters (ESC, BEL, tab, line breaks), bidi overrides and
 * the line and paragraph separators; product info is multi-line (line feeds allowed).
 */
const tooLong = (max: number) => ({ tooLong: `must be at most ${max} characters` });
const text = (max: number) => singleLine(max, tooLong(max));
const requiredText = (max: number) => requiredSingleLine(max, { ...tooLong(max), required: 'must not be empty' });
const longText = (max: number) => multiLine(max, tooLong(max));

export const itemNumber = z
  .string()
  .trim()
  .regex(/^\d{1,12}$/, 'must be an item number of 1 to 12 digits');

const wholeNumber = (min: number, max: number) =>
  z
    .string()
    .trim()
    .transform((s, ctx) => {
      if (s === '') return min;
      if (!/^\d+$/.test(s)) return fail(ctx, `must be a whole number, got "${s}"`);
      const n = Number(s);
      if (n < min || n > max) return fail(ctx, `must be between ${min} and ${max}, got ${n}`);
      return n;
    });

/** "12.50", "12.5", "12" or "$12.50" → 1250 cents, without floating-point rounding. */
const dollars = z
  .string()
  .trim()
  .transform((s, ctx) => {
    const m = /^\$?(\d{1,7})(?:\.(\d{1,2}))?$/.exec(s);
    if (!m) return fail(ctx, `must be a dollar amount like 12.50, got "${s}"`);
    return Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0'));
  });

/** yes/no, true/false, 1/0, y/n; an empty cell means `empty`. */
const flag = (empty: boolean) =>
  z
    .string()
    .trim()
    .transform((s, ctx) => {
      const v = s.toLowerCase();
      if (v === '') return empty;
      if (['1', 'y', 'yes', 'true'].includes(v)) return true;
      if (['0', 'n', 'no', 'false'].includes(v)) return false;
      return fail(ctx, `must be yes or no, got "${s}"`);
    });

const upc = z
  .string()
  .trim()
  .transform((s, ctx) => {
    if (s === '') return '';
    if (!/^\d{12}$/.test(s)) return fail(ctx, `must be a 12-digit UPC-A, got "${s}"`);
    if (!isValidUpc(s)) return fail(ctx, `${s} has a wrong check digit (expected ${upcCheckDigit(s.slice(0, 11))})`);
    return s;
  });

const timestamp = z
  .string()
  .trim()
  .transform((s, ctx) => {
    if (s === '') return undefined;
    const ms = /^\d{4}-\d{2}-\d{2}/.test(s) ? Date.parse(s) : Number.NaN;
    if (Number.isNaN(ms)) return fail(ctx, `must be a date like 2026-11-21, got "${s}"`);
    return new Date(ms).toISOString();
  });

/** `Red|Royal Blue` → ['Red', 'Royal Blue']; the values are names buyers see, so single-line text. */
const list = singleLine(100_000).transform((s) => s.split('|').map((v) => v.trim()).filter(Boolean));

const pairs = (separator: string, what: string) =>
  list.transform((values, ctx) => {
    const out: [string, string][] = [];
    for (const v of values) {
      const at = v.indexOf(separator);
      if (at <= 0 || at === v.length - 1) return fail(ctx, `each value must look like ${what}, got "${v}"`);
      out.push([v.slice(0, at).trim(), v.slice(at + 1).trim()]);
    }
    return out;
  });

const poscats = pairs(':', '12:Latex Balloons').transform((values, ctx) => {
  for (const [num] of values) if (!/^\d+$/.test(num)) return fail(ctx, `the number before ":" must be digits, got "${num}"`);
  return values;
});

const suggested = list.transform((values, ctx) => {
  for (const v of values) if (!/^\d{1,12}$/.test(v)) return fail(ctx, `each suggested item must be an item number, got "${v}"`);
  return values;
});

/** Every column the import knows. The first five must be in the header. */
export const CELL_SCHEMAS = {
  num: itemNumber,
  category_num: z.string().trim().regex(/^\d{1,9}$/, 'must be a category number'),
  web_title: requiredText(200),
  price: dollars,
  srp: dollars,
  code: text(40),
  seo_title: text(200),
  key_words: text(1000),
  upc,
  brand: text(100),
  color_family: text(60),
  color_group: text(60),
  dimensions: text(100),
  packaged: text(100),
  case_qty: wholeNumber(1, 100_000),
  weight_oz: wholeNumber(0, 100_000),
  logo: text(500),
  picture: text(500),
  packaged_image: text(500),
  product_info_html: longText(20_000),
  new: flag(false),
  // A blank cell must not hide an item from the shop.
  active: flag(true),
  created_at: timestamp,
  colors: list,
  events: list,
  messages: list,
  themes: list,
  shapes: list,
  sizes: list,
  poscat: poscats,
  attributes: pairs('=', 'Size=11"'),
  suggested,
} as const;

/** The columns the import writes. */
export type CatalogueColumn = keyof typeof CELL_SCHEMAS;
export const CATALOGUE_COLUMNS = Object.keys(CELL_SCHEMAS) as CatalogueColumn[];

/**
 * Stock, shown read-only (docs/decisions/0025): the export writes them, the import accepts them
 * in the header and ignores them (its dry run says so). Counts come in through stock only.
 */
export const STOCK_COLUMNS = ['qty_west', 'qty_east', 'reserve_west', 'reserve_east', 'on_order_west', 'on_order_east'] as const;
export type StockColumn = (typeof STOCK_COLUMNS)[number];
export const isStockColumn = (name: string): name is StockColumn => (STOCK_COLUMNS as readonly string[]).includes(name);

export type ColumnName = CatalogueColumn | StockColumn;
/** Every column of the export, in its order: the stock columns after `active`, as files made before them had it. */
export const COLUMN_NAMES: ColumnName[] = (() => {
  const at = CATALOGUE_COLUMNS.indexOf('active') + 1;
  return [...CATALOGUE_COLUMNS.slice(0, at), ...STOCK_COLUMNS, ...CATALOGUE_COLUMNS.slice(at)];
})();
export const REQUIRED_COLUMNS: readonly ColumnName[] = ['num', 'category_num', 'web_title', 'price', 'srp'];

export const rowSchema = z
  .object(CELL_SCHEMAS)
  .partial()
  .superRefine((row, ctx) => {
    if (row.price !== undefined && row.srp !== undefined && row.srp < row.price) {
      ctx.addIssue({ code: 'custom', path: ['srp'], message: 'must not be below the wholesale price' });
    }
  });

export type ParsedRow = z.output<typeof rowSchema>;

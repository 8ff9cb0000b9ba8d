import { z } from 'zod';
import { DB_INT_MAX } from '../ids';
import { gs1CheckDigit } from '../inventory-lookup';
import { multiLine, requiredSingleLine, singleLine } from '../text';
import { problemSchema } from '../problem';
import { money } from './bulk';

/**
 * The item editor (DESIGN.md §5 "Catalogue and content management"): the list, the editor's JSON
 * (the storefront's own field names, plus categories, filters, status, photos and version), and
 * the bulk status and price changes. Money is dollars with at most 2 decimals.
 */

export const ITEM_STATUSES = ['active', 'hidden', 'discontinued'] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];

export const ITEMS_ADMIN = {
  defaultPageSize: 50,
  maxPageSize: 200,
  /** Items one bulk call may name. */
  maxSelection: 1_000,
  /** Bounds of a bulk price change, in percent (−90 %: a tenth of the price; +500 %: six times it). */
  minPercent: -90,
  maxPercent: 500,
  /** Old → new rows a preview shows; the counts cover every item. */
  previewRows: 200,
} as const;

export const ITEM_MESSAGES = {
  notFound: (num: string) => `Item ${num} not found`,
  numTaken: (num: string) => `Item number ${num} is already taken`,
  upcFormat: 'UPC must be 12 digits',
  upcCheckDigit: (expected: number) => `UPC check digit is wrong (expected ${expected})`,
  upcTaken: (upc: string, num: string) => `UPC ${upc} is already used by item ${num}`,
  stale: 'This item was changed by someone else since you opened it; the answer holds their version',
  srpBelowPrice: 'SRP must not be below the price',
  numMismatch: 'The item number cannot be changed here: save the item under its own number',
  oneTreeCategory: 'Choose one category; collections may be added besides',
  unknownCategory: (num: number) => `Category ${num} not found`,
  unknownPoscat: (num: string) => `POS category ${num} is not known`,
  unknownSuggested: (num: string) => `Suggested item ${num} not found`,
  selectionOrCategory: 'Give either the items or a category',
  priceAboveSrp: 'The new price would be above the SRP',
} as const;

/** How an item's product info is written: HTML (every item stored before issue 29) or Markdown (docs/decisions/0032). */
export const PRODUCT_INFO_FORMATS = ['html', 'markdown'] as const;
export type ProductInfoFormat = (typeof PRODUCT_INFO_FORMATS)[number];

export const itemNumSchema = z.string().regex(/^\d{1,12}$/, 'Item numbers are 1 to 12 digits');
export const itemNumParam = z.object({ num: itemNumSchema });

/** A UPC-A: 12 digits whose last is the check digit of the first 11; empty means none. */
export const upcSchema = z
  .string()
  .trim()
  .superRefine((upc, ctx) => {
    if (upc === '') return;
    if (!/^\d{12}$/.test(upc)) ctx.addIssue({ code: 'custom', message: ITEM_MESSAGES.upcFormat });
    else if (gs1CheckDigit(upc.slice(0, 11)) !== Number(upc[11])) ctx.addIssue({ code: 'custom', message: ITEM_MESSAGES.upcCheckDigit(gs1CheckDigit(upc.slice(0, 11))) });
  });

const filterValues = z.array(requiredSingleLine(100)).max(50);

/** Facet values by the listing's filter names: display names (sizes as written), poscat by number. */
export const itemFiltersSchema = z.strictObject({
  color: filterValues,
  sizes: filterValues,
  events: filterValues,
  messages: filterValues,
  shapes: filterValues,
  themes: filterValues,
  poscat: z.array(z.string().regex(/^\d{1,9}$/, 'POS categories are numbers')).max(50),
});
export type ItemFilters = z.infer<typeof itemFiltersSchema>;

export const itemPhotoSchema = z.object({
  photoId: z.number().int(),
  hash: z.string(),
  alt: z.string(),
  position: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
});
export type ItemPhoto = z.infer<typeof itemPhotoSchema>;

/** What the editor edits: everything the storefront shows of an item but its stock and photos. */
const editableFields = {
  code: singleLine(40),
  web_Title: requiredSingleLine(200),
  /** As typed, HTML or Markdown (`productInfoFormat`); the storefront shows it sanitised. */
  web_Product_Info: multiLine(20_000),
  /** How `web_Product_Info` is written. Left out: unchanged (HTML for a new item). */
  productInfoFormat: z.enum(PRODUCT_INFO_FORMATS).optional(),
  key_Words: singleLine(1_000),
  upc: upcSchema,
  srp: money,
  price: money,
  /** "100 ct bag". */
  packaged: singleLine(100),
  caseQty: z.number().int().min(1).max(100_000),
  dimensions: singleLine(100),
  color_Family: singleLine(60),
  /** Items of one product in other colours share it (the detail page's `colors`). */
  colorGroup: singleLine(60),
  brand: singleLine(100),
  seO_Title: singleLine(200),
  new: z.boolean(),
  /** The item's category of the tree, and the NV collections it is in. */
  categories: z.array(z.number().int().min(0).max(2_147_483_647)).min(1).max(50),
  filters: itemFiltersSchema,
  attributes: z.array(z.strictObject({ name: requiredSingleLine(100), value: singleLine(200) })).max(50),
  /** Item numbers shown as "you may also like", in order. */
  suggestedItems: z.array(itemNumSchema).max(50),
  status: z.enum(ITEM_STATUSES),
  /** Sold only in multiples of this (a case pack): the cart rounds quantities up to it. 1: any quantity. Left out: unchanged (1 for a new item). */
  orderMultiple: z.number().int('Order multiple must be a whole number').min(1, 'Order multiple must be at least 1').max(10_000).optional(),
};

/** `GET /beapi/Admin/Items/{num}`: the editor's JSON (plain types: the rules above are for what comes in). */
const text = z.string();
const texts = z.array(text);
export const itemEditorSchema = z.object({
  num: text,
  code: text,
  web_Title: text,
  web_Product_Info: text,
  productInfoFormat: z.enum(PRODUCT_INFO_FORMATS),
  key_Words: text,
  upc: text,
  srp: z.number(),
  price: z.number(),
  packaged: text,
  caseQty: z.number().int(),
  dimensions: text,
  color_Family: text,
  colorGroup: text,
  brand: text,
  seO_Title: text,
  new: z.boolean(),
  categories: z.array(z.number().int()),
  filters: z.object({ color: texts, sizes: texts, events: texts, messages: texts, shapes: texts, themes: texts, poscat: texts }),
  attributes: z.array(z.object({ name: text, value: text })),
  suggestedItems: texts,
  status: z.enum(ITEM_STATUSES),
  photos: z.array(itemPhotoSchema),
  orderMultiple: z.number().int(),
  version: z.number().int(),
});
export type ItemEditor = z.infer<typeof itemEditorSchema>;

const srpNotBelowPrice = (b: { price: number; srp: number }) => b.srp >= b.price;

/** `PUT /beapi/Admin/Items/{num}`: the editor's JSON back (photos are changed by their own calls and ignored here). */
export const itemUpdateBody = z
  .strictObject({
    num: itemNumSchema.optional(),
    ...editableFields,
    photos: z.array(z.unknown()).optional(),
    version: z.number().int().min(1).max(DB_INT_MAX),
  })
  .refine(srpNotBelowPrice, { message: ITEM_MESSAGES.srpBelowPrice, path: ['srp'] });
export type ItemUpdateBody = z.infer<typeof itemUpdateBody>;

/** `POST /beapi/Admin/Items`: a new item; without `num` the next free number in its category's range (as NextNumber answers). */
export const itemCreateBody = z
  .strictObject({
    num: itemNumSchema.optional(),
    ...editableFields,
    status: z.enum(ITEM_STATUSES).default('active'),
  })
  .refine(srpNotBelowPrice, { message: ITEM_MESSAGES.srpBelowPrice, path: ['srp'] });
export type ItemCreateBody = z.infer<typeof itemCreateBody>;

/** `POST /beapi/Admin/Items/ProductInfoPreview`: the product info as buyers will get it (sanitised HTML); stores nothing. */
export const productInfoPreviewBody = z.strictObject({ text: multiLine(20_000), format: z.enum(PRODUCT_INFO_FORMATS) });
export const productInfoPreviewSchema = z.object({ html: z.string() });

/** `GET /beapi/Admin/Items/NextNumber?category=`: the number a new item of that category should get (the next free one in its range). */
export const nextItemNumQuery = z.strictObject({ category: z.coerce.number().int().min(0).max(2_147_483_647) });
export const nextItemNumSchema = z.object({ category: z.number().int(), num: z.string() });
export type NextItemNum = z.infer<typeof nextItemNumSchema>;

export const itemsListQuery = z.strictObject({
  /** Number, title, code, UPC or key words (words and word prefixes, as the shop's search). */
  q: singleLine(100).optional(),
  category: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
  status: z.enum(ITEM_STATUSES).optional(),
  hasPhoto: z.enum(['0', '1']).optional(),
  /** `in`: units available at West or East; `out`: none at either. */
  stock: z.enum(['in', 'out']).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(ITEMS_ADMIN.maxPageSize).default(ITEMS_ADMIN.defaultPageSize),
});
export type ItemsListQuery = z.infer<typeof itemsListQuery>;

export const itemsListRowSchema = z.object({
  num: z.string(),
  web_Title: z.string(),
  status: z.enum(ITEM_STATUSES),
  price: z.number(),
  srp: z.number(),
  upc: z.string(),
  /** The item's picture as the storefront shows it: its first photo (/img/…) or the generated drawing. */
  picture: z.string(),
  photoCount: z.number().int(),
  westAvailable: z.number().int(),
  eastAvailable: z.number().int(),
});
export const itemsListSchema = z.object({
  items: z.array(itemsListRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ItemsList = z.infer<typeof itemsListSchema>;

const selection = z.array(itemNumSchema).min(1).max(ITEMS_ADMIN.maxSelection);

/** `POST /beapi/Admin/Items/Bulk/Status`: one status for the selected items. */
export const bulkStatusBody = z.strictObject({ nums: selection, status: z.enum(ITEM_STATUSES) });
export const bulkStatusResultSchema = z.object({ updated: z.number().int(), unchanged: z.number().int(), missing: z.array(z.string()) });

/**
 * `POST /beapi/Admin/Items/Bulk/Price?dryRun=1|0`: prices of the selected items, or of every item
 * of a category (its descendants too), moved by a percent and rounded to the cent; the SRP too
 * when `srp` is true. The dry run answers exactly what the apply does, and writes nothing.
 */
export const bulkPriceQuery = z.strictObject({ dryRun: z.enum(['0', '1']).default('1') });
export const bulkPriceBody = z
  .strictObject({
    nums: selection.optional(),
    category: z.number().int().min(0).max(2_147_483_647).optional(),
    percent: z.number().min(ITEMS_ADMIN.minPercent).max(ITEMS_ADMIN.maxPercent).refine((p) => Math.abs(p * 100 - Math.round(p * 100)) < 1e-6, 'At most 2 decimals'),
    srp: z.boolean().default(false),
  })
  .refine((b) => (b.nums === undefined) !== (b.category === undefined), { message: ITEM_MESSAGES.selectionOrCategory });
export type BulkPriceBody = z.infer<typeof bulkPriceBody>;

export const priceChangeRowSchema = z.object({
  num: z.string(),
  web_Title: z.string(),
  oldPrice: z.number(),
  newPrice: z.number(),
  oldSrp: z.number(),
  newSrp: z.number(),
});
export const bulkPriceResultSchema = z.object({
  dryRun: z.boolean(),
  /** Items whose prices change (all of them, also beyond `rows`). */
  changed: z.number().int(),
  unchanged: z.number().int(),
  /** The first ITEMS_ADMIN.previewRows changes, by item number. */
  rows: z.array(priceChangeRowSchema),
  /** Items left as they are, with why (e.g. the price would pass the SRP). */
  refused: z.array(z.object({ num: z.string(), message: z.string() })),
  missing: z.array(z.string()),
});
export type BulkPriceResult = z.infer<typeof bulkPriceResultSchema>;

/** The 409 of a PUT with a stale `version`: the problem, with the item as it is now. */
export const staleItemProblemSchema = problemSchema.extend({ current: itemEditorSchema });

import { z } from 'zod';

/** Business constants of the catalogue (spec §9). */
export const CATALOGUE = {
  defaultPageSize: 20,
  maxPageSize: 100,
  defaultSort: 'date',
  sorts: ['date', 'num', 'title'] as const,
  /**
   * A collection (NV category) is a curated, ordered list (DESIGN §5): its listing also sorts by
   * that order, `position`, and does so unless asked otherwise.
   */
  nvSorts: ['position', 'date', 'num', 'title'] as const,
  /**
   * A search also sorts by relevance, and does so unless asked otherwise: an exact item number or
   * UPC first, then the items found as typed, then those found through a synonym or a typo.
   */
  searchSorts: ['relevance', 'date', 'num', 'title'] as const,
  defaultSearchSort: 'relevance',
  defaultNvSort: 'position',
  /** Filter parameters of the listing calls, in the order the screens show them. */
  filterParams: ['color', 'sizes', 'events', 'messages', 'poscat', 'shapes', 'themes'] as const,
  /** The filter value meaning "has any value of this kind". */
  anyValue: 'all',
} as const;

export type SortKey = (typeof CATALOGUE.sorts)[number];
/** A search's order: a sort key, or relevance. */
export type SearchSortKey = (typeof CATALOGUE.searchSorts)[number];
/** A listing's order: a sort key, or a collection's curated order. */
export type ListingSort = (typeof CATALOGUE.nvSorts)[number];
export type FilterParam = (typeof CATALOGUE.filterParams)[number];

export const categorySchema = z.object({
  num: z.number().int(),
  description: z.string(),
  parentNum: z.number().int(),
  parentOnly: z.boolean(),
  logo: z.string(),
  beCat: z.string(),
  /** Beyond the spec: the category page's <title> and meta description, empty when the shop set none. */
  seoTitle: z.string(),
  seoDescription: z.string(),
});
export type Category = z.infer<typeof categorySchema>;

export const facetValueSchema = z.object({ name: z.string(), link: z.string(), count: z.number().int() });
export type FacetValue = z.infer<typeof facetValueSchema>;
export const poscatValueSchema = z.object({ poscatNum: z.string(), poscatName: z.string(), count: z.number().int() });
export type PoscatValue = z.infer<typeof poscatValueSchema>;

export const listItemSchema = z.object({
  num: z.string(),
  code: z.string(),
  web_Title: z.string(),
  picture: z.string(),
  inventoryPicture: z.string(),
  logo: z.string(),
  inStockFresno: z.boolean(),
  inStockFairhope: z.boolean(),
  new: z.boolean(),
  srp: z.number(),
  /** Wholesale price: present only for a signed-in customer. */
  price: z.number().optional(),
});
export type ListItem = z.infer<typeof listItemSchema>;

export const pagedItemsSchema = z.object({
  items: z.array(listItemSchema),
  numberOfItems: z.number().int(),
  pageSize: z.number().int(),
  pageNumber: z.number().int(),
  totalNumberOfItems: z.number().int(),
  distinctEvents: z.array(facetValueSchema),
  distinctMessages: z.array(facetValueSchema),
  distinctThemes: z.array(facetValueSchema),
  distinctShapes: z.array(facetValueSchema),
  distinctColors: z.array(facetValueSchema),
  distinctSizes: z.array(z.string()),
  distinctPoscats: z.array(poscatValueSchema),
  distinctDimensions: z.array(z.string()),
  /** A search whose words as typed find nothing: the nearest words the catalogue holds, to search instead. */
  didYouMean: z.string().optional(),
});
export type PagedItems = z.infer<typeof pagedItemsSchema>;

export const itemDetailSchema = z.object({
  num: z.string(),
  code: z.string(),
  web_Title: z.string(),
  seO_Title: z.string(),
  picture: z.string(),
  inventoryPicture: z.string(),
  packagedImage: z.string(),
  logo: z.string(),
  srp: z.number(),
  price: z.number().optional(),
  caseQty: z.number().int().optional(),
  dimensions: z.string(),
  color_Family: z.string(),
  category: z.number().int(),
  brand: z.string(),
  upc: z.string(),
  key_Words: z.string(),
  /** Sanitised HTML. */
  web_Product_Info: z.string(),
  packaged: z.string(),
  qty_FR: z.number().int(),
  qty_FH: z.number().int(),
  reserve_FR: z.number().int(),
  reserve_FH: z.number().int(),
  ordqty_FR: z.number().int(),
  ordqty_FH: z.number().int(),
  inStockFresno: z.boolean(),
  inStockFairhope: z.boolean(),
  new: z.boolean(),
  attributes: z.array(z.object({ name: z.string(), value: z.string() })),
  /** The same product in other colours; `picture` as a list item's (a real photo's address or the generated drawing). */
  colors: z.array(z.object({ num: z.string(), name: z.string(), link: z.string(), picture: z.string() })),
  suggestedItems: z.array(listItemSchema),
  /** Sold only in multiples of this (a case pack); 1: any quantity. The cart rounds up to it. */
  orderMultiple: z.number().int(),
  /** Signed-in buyers: quantity breaks that lower their unit price, from `minQty` units on (dollars). */
  breaks: z.array(z.object({ minQty: z.number().int(), price: z.number() })).optional(),
});
export type ItemDetail = z.infer<typeof itemDetailSchema>;

// ---- request parameters -------------------------------------------------------------------

/** A query parameter that may be repeated (?color=a&color=b) or given once. */
const repeated = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]))
  .pipe(z.array(z.string().trim().min(1, 'Filter values cannot be empty').max(100)).max(50, 'Too many filter values'));

/** A whole-number query parameter; its messages name it by `label` (the storefront's first page carries no label map). */
const intParam = (label: string, min: number, max: number) => {
  return z.coerce
    .number({ message: `${label} must be a whole number.` })
    .int(`${label} must be a whole number.`)
    .min(min, `${label} must be at least ${min}.`)
    .max(max, `${label} must be at most ${max}.`);
};

export const categoryNumParam = intParam('Category number', 0, 2_147_483_647);

const pagingAndFilters = {
  pageSize: intParam('Rows per page', 1, CATALOGUE.maxPageSize).default(CATALOGUE.defaultPageSize),
  page: intParam('Page', 1, 1_000_000).default(1),
  sort: z.enum(CATALOGUE.sorts, { message: 'Sort must be by date, number or title.' }).default('date'),
  color: repeated,
  sizes: repeated,
  events: repeated,
  messages: repeated,
  poscat: repeated,
  shapes: repeated,
  themes: repeated,
};
const searchText = z.string().trim().min(1, 'Search is required.').max(200, 'Search is too long.');

export const categoryItemsQuery = z.object({ categoryNum: categoryNumParam, ...pagingAndFilters });
export const searchItemsQuery = z.object({
  searchtext: searchText,
  categoryNum: categoryNumParam.optional(),
  ...pagingAndFilters,
  sort: z.enum(CATALOGUE.searchSorts, { message: 'Sort must be by relevance, date, number or title.' }).default(CATALOGUE.defaultSearchSort),
});
export const nvCategoryItemsQuery = z.object({
  categoryNum: categoryNumParam,
  ...pagingAndFilters,
  sort: z.enum(CATALOGUE.nvSorts, { message: 'Sort must be by position, date, number or title.' }).default(CATALOGUE.defaultNvSort),
});
export const nvSearchItemsQuery = z.object({ nvcatnum: categoryNumParam, searchtext: searchText, ...pagingAndFilters });
export type ListingQuery = z.infer<typeof categoryItemsQuery>;
export type FilterSelection = Pick<ListingQuery, FilterParam>;

export const itemNumParam = z.string().trim().min(1, 'Item number is required.').max(40, 'Item number is too long.');

import type { z } from 'zod';
import { itemCreateBody, itemUpdateBody, type ItemEditor, type ItemFilters, type ItemStatus, type ProductInfoFormat } from '../../../contract/admin/items';

/**
 * The editor form's values and the editor JSON: the tree category and the NV collections are two
 * pickers (the JSON's `categories` is the tree one first, then the collections), numbers are
 * what NumberInput holds ('' while empty), and `num` is typed only for a new item.
 */
export interface ItemFormValues {
  num: string;
  code: string;
  web_Title: string;
  web_Product_Info: string;
  /** How the product info is written: Markdown for new items, an older item's HTML until the editor switches it. */
  productInfoFormat: ProductInfoFormat;
  key_Words: string;
  upc: string;
  price: number | string;
  srp: number | string;
  packaged: string;
  caseQty: number | string;
  /** Sold only in multiples of this; 1: any quantity. */
  orderMultiple: number | string;
  dimensions: string;
  color_Family: string;
  colorGroup: string;
  brand: string;
  seO_Title: string;
  new: boolean;
  status: ItemStatus;
  category: string | null;
  collections: string[];
  filters: ItemFilters;
  attributes: { name: string; value: string }[];
  suggestedItems: string[];
}

export const FILTER_NAMES = ['color', 'sizes', 'events', 'messages', 'shapes', 'themes', 'poscat'] as const;

const noFilters = (): ItemFilters => ({ color: [], sizes: [], events: [], messages: [], shapes: [], themes: [], poscat: [] });

export function blankItemValues(): ItemFormValues {
  return {
    num: '', code: '', web_Title: '', web_Product_Info: '', productInfoFormat: 'markdown', key_Words: '', upc: '', price: '', srp: '', packaged: '', caseQty: 1, orderMultiple: 1, dimensions: '',
    color_Family: '', colorGroup: '', brand: '', seO_Title: '', new: true, status: 'active', category: null, collections: [], filters: noFilters(),
    attributes: [], suggestedItems: [],
  };
}

export function itemValues(item: ItemEditor): ItemFormValues {
  const [category, ...collections] = item.categories;
  const { photos: _photos, version: _version, categories: _categories, ...fields } = item;
  return { ...fields, filters: { ...noFilters(), ...item.filters }, category: category === undefined ? null : String(category), collections: collections.map(String) };
}

const numberOf = (v: number | string): number | undefined => (v === '' ? undefined : Number(v));

/** The body to send: for a new item without a typed number, the server picks the next free one. */
export function bodyOf(values: ItemFormValues, version: number | null): Record<string, unknown> {
  const { num, category, collections, price, srp, caseQty, orderMultiple, ...rest } = values;
  return {
    ...rest,
    ...(version === null ? (num.trim() ? { num: num.trim() } : {}) : { num, version }),
    price: numberOf(price),
    srp: numberOf(srp),
    caseQty: numberOf(caseQty),
    orderMultiple: numberOf(orderMultiple),
    categories: [category, ...collections].filter((c): c is string => c !== null && c !== '').map(Number),
    attributes: rest.attributes.filter((a) => a.name.trim() !== '' || a.value.trim() !== ''),
  };
}

/**
 * A problem's field path as the form names it: the categories' problems at the category picker,
 * a tag list's item (`filters.poscat.2`, `suggestedItems.0`) at its list.
 */
export function formPath(path: string): string {
  if (path === 'categories' || path.startsWith('categories.')) return 'category';
  return path.replace(/^((?:filters\.\w+)|suggestedItems)\.\d+$/, '$1');
}

/** Field errors for the form from the server's problem+json `fields` (the first message of each). */
export function formErrors(fields: Record<string, string>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [path, message] of Object.entries(fields)) errors[formPath(path)] ??= message;
  return errors;
}

/** The contract's own check, before sending: its problems by form field, or the body to send. */
export function checkItem(values: ItemFormValues, version: number | null): { body: z.infer<typeof itemUpdateBody> | z.infer<typeof itemCreateBody>; errors: null } | { body: null; errors: Record<string, string> } {
  const body = bodyOf(values, version);
  const parsed = version === null ? itemCreateBody.safeParse(body) : itemUpdateBody.safeParse(body);
  if (parsed.success) return { body: parsed.data, errors: null };
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) fields[issue.path.join('.') || 'form'] ??= issue.message;
  return { body: null, errors: formErrors(fields) };
}

/** The fields `mine` changed from `base`, put on top of `theirs`: "re-apply my changes on their version". */
export function reapply(base: ItemFormValues, mine: ItemFormValues, theirs: ItemFormValues): ItemFormValues {
  const out: Record<string, unknown> = { ...theirs };
  for (const key of Object.keys(mine) as (keyof ItemFormValues)[]) {
    if (JSON.stringify(mine[key]) !== JSON.stringify(base[key])) out[key] = mine[key];
  }
  return out as unknown as ItemFormValues;
}

/** The top-level fields where two versions differ (what the conflict dialog lists). */
export function differingFields(a: ItemFormValues, b: ItemFormValues): (keyof ItemFormValues)[] {
  return (Object.keys(a) as (keyof ItemFormValues)[]).filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]));
}

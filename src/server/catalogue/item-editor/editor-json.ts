import type { ItemCreateBody, ItemEditor, ItemFilters, ItemStatus, ItemUpdateBody } from '../../../contract/admin/items';
import { dollars } from '../../../contract/cart';
import { facet, type FacetInput, poscatFacet } from '../facets';
import type { CatalogueItemInput } from '../writes';
import { statusOf } from '../writes';
import type { FacetKind } from '../tables';

/** The editor's JSON from a stored item, and a stored item from the editor's JSON. */

/** The listing's filter names and the facet kinds they stand for. */
const FILTER_KINDS: [keyof ItemFilters, Exclude<FacetKind, 'dimension'>][] = [
  ['color', 'color'],
  ['sizes', 'size'],
  ['events', 'event'],
  ['messages', 'message'],
  ['shapes', 'shape'],
  ['themes', 'theme'],
  ['poscat', 'poscat'],
];

/** What the editor shows of a facet: its name, or for poscat its number. */
const shown = (f: FacetInput) => (f.kind === 'poscat' ? f.link : f.name);

export function filtersOf(facets: readonly FacetInput[]): ItemFilters {
  const out = { color: [], sizes: [], events: [], messages: [], shapes: [], themes: [], poscat: [] } as ItemFilters;
  for (const [name, kind] of FILTER_KINDS) out[name] = facets.filter((f) => f.kind === kind).map(shown);
  return out;
}

export interface EditorExtras {
  version: number;
  collections: number[];
  /** The item's photos in order (changed by their own calls, photos/). */
  photos: ItemEditor['photos'];
  /** Not part of the catalogue input (items.order_multiple); 1 when left out. */
  orderMultiple?: number;
}

export function editorJson(item: CatalogueItemInput, extras: EditorExtras): ItemEditor {
  return {
    orderMultiple: extras.orderMultiple ?? 1,
    num: item.num,
    code: item.code,
    web_Title: item.webTitle,
    web_Product_Info: item.productInfoHtml,
    productInfoFormat: item.productInfoFormat ?? 'html',
    key_Words: item.keyWords,
    upc: item.upc,
    srp: dollars(item.srpCents),
    price: dollars(item.priceCents),
    packaged: item.packaged,
    caseQty: item.caseQty,
    dimensions: item.dimensions,
    color_Family: item.colorFamily,
    colorGroup: item.colorGroup,
    brand: item.brand,
    seO_Title: item.seoTitle,
    new: item.isNew,
    categories: [item.categoryNum, ...extras.collections],
    filters: filtersOf(item.facets),
    attributes: item.attributes.map((a) => ({ name: a.name, value: a.value })),
    suggestedItems: item.suggestedNums,
    status: statusOf(item),
    photos: extras.photos,
    version: extras.version,
  };
}

const cents = (amount: number) => Math.round(amount * 100);

/**
 * The stored item with the editor's fields laid over `base`. A filter kind whose values did not
 * change keeps its facets where they were (an item's first colour is its main one), so an edit
 * that leaves the filters alone leaves the facets exactly as stored; a changed kind is replaced.
 * `poscatName` names each poscat number (checked known before).
 */
export function fromEditor(
  body: Omit<ItemUpdateBody | ItemCreateBody, 'version'>,
  base: CatalogueItemInput,
  categoryNum: number,
  poscatName: (num: string) => string,
): CatalogueItemInput {
  const status: ItemStatus = body.status;
  return {
    ...base,
    code: body.code,
    categoryNum,
    webTitle: body.web_Title,
    seoTitle: body.seO_Title,
    keyWords: body.key_Words,
    upc: body.upc,
    brand: body.brand,
    colorFamily: body.color_Family,
    colorGroup: body.colorGroup,
    dimensions: body.dimensions,
    packaged: body.packaged,
    caseQty: body.caseQty,
    priceCents: cents(body.price),
    srpCents: cents(body.srp),
    productInfoHtml: body.web_Product_Info,
    productInfoFormat: body.productInfoFormat ?? base.productInfoFormat ?? 'html',
    isNew: body.new,
    active: status === 'active',
    status,
    attributes: body.attributes.map((a) => ({ name: a.name, value: a.value })),
    suggestedNums: body.suggestedItems,
    facets: mergedFacets(base, body.filters, body.dimensions, poscatName),
  };
}

function mergedFacets(base: CatalogueItemInput, filters: ItemFilters, dimensions: string, poscatName: (num: string) => string): FacetInput[] {
  const before = filtersOf(base.facets);
  const replaced = new Set<FacetKind>();
  const added: FacetInput[] = [];
  for (const [name, kind] of FILTER_KINDS) {
    const values = [...new Set(filters[name])];
    if (values.join('\u0000') === before[name].join('\u0000')) continue;
    replaced.add(kind);
    for (const v of values) added.push(kind === 'poscat' ? poscatFacet(v, poscatName(v)) : facet(kind, v));
  }
  // The dimension facet mirrors the dimensions field, as in the CSV import.
  if (dimensions !== base.dimensions) {
    replaced.add('dimension');
    if (dimensions) added.push(facet('dimension', dimensions));
  }
  return [...base.facets.filter((f) => !replaced.has(f.kind)), ...added];
}

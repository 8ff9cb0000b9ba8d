import type { FacetKind } from './tables';
import { csvLine } from '../platform/csv/csv';
import type { StockCounts } from '../stock';
import { type CatalogueColumn, CATALOGUE_COLUMNS, COLUMN_NAMES, type StockColumn } from './csv-columns';
import type { CatalogueItemInput } from './writes';

/**
 * An item as the cells of a catalogue CSV (every column the import reads, csv-columns.ts), so a
 * file exported here and imported again changes nothing. The import's dry run compares items in
 * this form too: what it calls changed is what a buyer would see change in the file. The stock
 * columns are shown, read-only: the import ignores them, so they are never compared.
 */

const cents = (n: number) => `${Math.floor(n / 100)}.${String(n % 100).padStart(2, '0')}`;
const yesNo = (b: boolean) => (b ? 'yes' : 'no');
/** As the import reads a date back (csv-columns.ts), so `2026-01-05T00:00:00Z` is not a change. */
const isoTime = (s: string) => (Number.isNaN(Date.parse(s)) ? s : new Date(Date.parse(s)).toISOString());

/** Facets are stored without an order: listed sorted, so the same set is the same cell. */
function facetNames(it: CatalogueItemInput, kind: Exclude<FacetKind, 'poscat' | 'dimension'>): string {
  return it.facets.filter((f) => f.kind === kind).map((f) => f.name).sort().join('|');
}

/** The item's cell in each column, as the import reads it back. */
export function itemCells(it: CatalogueItemInput): Record<CatalogueColumn, string> {
  return {
    num: it.num,
    category_num: String(it.categoryNum),
    web_title: it.webTitle,
    price: cents(it.priceCents),
    srp: cents(it.srpCents),
    code: it.code,
    seo_title: it.seoTitle,
    key_words: it.keyWords,
    upc: it.upc,
    brand: it.brand,
    color_family: it.colorFamily,
    color_group: it.colorGroup,
    dimensions: it.dimensions,
    packaged: it.packaged,
    case_qty: String(it.caseQty),
    weight_oz: String(it.weightOz),
    logo: it.logo,
    picture: it.picture,
    packaged_image: it.packagedImage,
    product_info_html: it.productInfoHtml,
    new: yesNo(it.isNew),
    active: yesNo(it.active),
    created_at: isoTime(it.createdAt),
    colors: facetNames(it, 'color'),
    events: facetNames(it, 'event'),
    messages: facetNames(it, 'message'),
    themes: facetNames(it, 'theme'),
    shapes: facetNames(it, 'shape'),
    sizes: facetNames(it, 'size'),
    poscat: it.facets.filter((f) => f.kind === 'poscat').map((f) => `${f.link}:${f.name}`).sort().join('|'),
    attributes: it.attributes.map((a) => `${a.name}=${a.value}`).join('|'),
    suggested: it.suggestedNums.join('|'),
  };
}

/** The stock columns' cells (read-only in the file). */
function stockCells(s: StockCounts): Record<StockColumn, string> {
  return {
    qty_west: String(s.qtyFr),
    qty_east: String(s.qtyFh),
    reserve_west: String(s.reserveFr),
    reserve_east: String(s.reserveFh),
    on_order_west: String(s.ordqtyFr),
    on_order_east: String(s.ordqtyFh),
  };
}

/** The export's header: every column, in the import's order. */
export const EXPORT_HEADER = csvLine(COLUMN_NAMES);

/** One line of the export, written by the one CSV writer of every export (exports/csv.ts). */
export function itemCsvLine(it: CatalogueItemInput, stock: StockCounts): string {
  const cells = { ...itemCells(it), ...stockCells(stock) };
  return csvLine(COLUMN_NAMES.map((c) => cells[c]));
}

export interface FieldChange {
  name: CatalogueColumn;
  old: string;
  new: string;
}

/** The columns whose cells differ between the stored item and the one an import would store. */
export function changedFields(before: CatalogueItemInput, after: CatalogueItemInput): FieldChange[] {
  const a = itemCells(before);
  const b = itemCells(after);
  return CATALOGUE_COLUMNS.filter((c) => a[c] !== b[c]).map((c) => ({ name: c, old: a[c], new: b[c] }));
}

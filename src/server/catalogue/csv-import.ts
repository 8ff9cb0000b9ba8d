import type { FacetKind } from './tables';
import { readCell } from '../platform/csv/csv';
import { type CsvRecord, csvRecords } from './csv';
import { type CatalogueColumn, type ColumnName, COLUMN_NAMES, isStockColumn, type ParsedRow, REQUIRED_COLUMNS, rowSchema, type StockColumn } from './csv-columns';
import { facet, type FacetInput, poscatFacet } from './facets';
import { blankItem, type CatalogueItemInput } from './writes';

/**
 * Reads a catalogue CSV into validated rows (pure: no database). Every bad row is reported as
 * `line N: reason`, all of them at once, so a buyer can fix the whole file in one pass. Columns
 * left out of the file are left unchanged on items that already exist (see toCatalogueItem); the
 * stock columns are read-only: accepted in the header, never read (`ignored` lists them).
 */

export interface ImportRow {
  line: number;
  num: string;
  values: ParsedRow;
}

export interface ParsedCatalogue {
  rows: ImportRow[];
  errors: string[];
  /** The columns the file has, in its order. */
  columns: ColumnName[];
  /** The file's stock columns, which the import ignores (stock changes only through stock). */
  ignored: StockColumn[];
}

export interface ParseOptions {
  /** Category numbers an item may be filed under (the tree categories). */
  categoryNums: ReadonlySet<number>;
}

export function parseCatalogueCsv(text: string, options: ParseOptions): ParsedCatalogue {
  const out: ParsedCatalogue = { rows: [], errors: [], columns: [], ignored: [] };
  for (const _ of readCatalogue(text, options, out));
  return out;
}

/** The same, giving the event loop a turn every `every` records, so a server reading a big file keeps answering. */
export async function parseCatalogueCsvInTurns(text: string, options: ParseOptions, every = 250): Promise<ParsedCatalogue> {
  const out: ParsedCatalogue = { rows: [], errors: [], columns: [], ignored: [] };
  let n = 0;
  for (const _ of readCatalogue(text, options, out)) if (++n % every === 0) await new Promise((resolve) => setImmediate(resolve));
  return out;
}

/** Reads the file into `out`, one record per step. */
function* readCatalogue(text: string, options: ParseOptions, out: ParsedCatalogue): Generator<void> {
  const csvErrors: string[] = [];
  const records = csvRecords(text, csvErrors);
  const first = records.next();
  const header = first.done ? undefined : first.value;
  if (!header) {
    out.errors = csvErrors.length ? csvErrors : ['line 1: the file is empty'];
    return;
  }
  const columns = out.columns;
  const headerErrors: string[] = [];
  for (const raw of header.fields) {
    const name = raw.trim().toLowerCase();
    if (!(COLUMN_NAMES as string[]).includes(name)) headerErrors.push(`line ${header.line}: unknown column "${raw.trim()}"`);
    else if (columns.includes(name as ColumnName)) headerErrors.push(`line ${header.line}: column "${name}" appears twice`);
    else columns.push(name as ColumnName);
  }
  for (const name of REQUIRED_COLUMNS) {
    if (!columns.includes(name)) headerErrors.push(`line ${header.line}: missing required column "${name}"`);
  }
  out.ignored = columns.filter(isStockColumn);
  // With a broken header every row would repeat the same mistake; report the header alone.
  if (headerErrors.length > 0) {
    for (const _ of records) yield;
    out.errors = [...headerErrors, ...csvErrors];
    return;
  }

  const rowErrors: string[] = [];
  const firstLine = new Map<string, number>();
  let data = 0;
  for (const record of records) {
    data++;
    const row = readRow(record, columns, options, rowErrors);
    if (row) {
      const seen = firstLine.get(row.num);
      if (seen !== undefined) rowErrors.push(`line ${record.line}: num: item ${row.num} is already on line ${seen}`);
      else {
        firstLine.set(row.num, record.line);
        out.rows.push(row);
      }
    }
    yield;
  }
  out.errors = [...csvErrors, ...(data === 0 ? [`line ${header.line}: the file has no item rows below the header`] : []), ...rowErrors];
}

/** One record as a row, or null with its problems pushed to `errors`. */
function readRow(record: CsvRecord, columns: ColumnName[], options: ParseOptions, errors: string[]): ImportRow | null {
  if (record.fields.length !== columns.length) {
    errors.push(`line ${record.line}: has ${record.fields.length} fields but the header has ${columns.length}`);
    return null;
  }
  // Stock cells are not read; a cell the export neutralised (a leading ') reads back as it was.
  const raw = Object.fromEntries(columns.flatMap((c, i) => (isStockColumn(c) ? [] : [[c, readCell(record.fields[i]!)]])));
  const parsed = rowSchema.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      // The column as the file names it, then the sentence ("web_title: Web title must not contain …").
      const column = issue.path.join('.') || 'row';
      errors.push(`line ${record.line}: ${column}: ${issue.message}`);
    }
    return null;
  }
  const values = parsed.data;
  const category = Number(values.category_num);
  if (!options.categoryNums.has(category)) {
    errors.push(`line ${record.line}: category_num: ${values.category_num} is not a category of the catalogue`);
    return null;
  }
  return { line: record.line, num: values.num!, values };
}

const FACET_COLUMNS: [CatalogueColumn, Exclude<FacetKind, 'poscat' | 'dimension'>][] = [
  ['colors', 'color'],
  ['events', 'event'],
  ['messages', 'message'],
  ['themes', 'theme'],
  ['shapes', 'shape'],
  ['sizes', 'size'],
];

/**
 * The item to store for a row: the existing item (or a blank one) with the row's columns laid
 * over it. A facet column replaces that kind of facet only; an empty cell clears it.
 */
export function toCatalogueItem(row: ImportRow, existing: CatalogueItemInput | undefined, now: string): CatalogueItemInput {
  const v = row.values;
  const base = existing ?? blankItem(row.num, now);
  const pick = <T>(value: T | undefined, fallback: T): T => (value === undefined ? fallback : value);
  const item: CatalogueItemInput = {
    ...base,
    code: pick(v.code, base.code),
    categoryNum: v.category_num === undefined ? base.categoryNum : Number(v.category_num),
    webTitle: pick(v.web_title, base.webTitle),
    seoTitle: pick(v.seo_title, base.seoTitle),
    keyWords: pick(v.key_words, base.keyWords),
    upc: pick(v.upc, base.upc),
    brand: pick(v.brand, base.brand),
    colorFamily: pick(v.color_family, base.colorFamily),
    colorGroup: pick(v.color_group, base.colorGroup),
    dimensions: pick(v.dimensions, base.dimensions),
    packaged: pick(v.packaged, base.packaged),
    caseQty: pick(v.case_qty, base.caseQty),
    priceCents: pick(v.price, base.priceCents),
    srpCents: pick(v.srp, base.srpCents),
    weightOz: pick(v.weight_oz, base.weightOz),
    logo: pick(v.logo, base.logo),
    picture: v.picture === undefined || v.picture === '' ? base.picture : v.picture,
    packagedImage: pick(v.packaged_image, base.packagedImage),
    productInfoHtml: pick(v.product_info_html, base.productInfoHtml),
    isNew: pick(v.new, base.isNew),
    active: pick(v.active, base.active),
    createdAt: pick(v.created_at, base.createdAt),
    attributes: v.attributes === undefined ? base.attributes : v.attributes.map(([name, value]) => ({ name, value })),
    suggestedNums: pick(v.suggested, base.suggestedNums),
  };
  item.facets = mergeFacets(v, base.facets, item.dimensions);
  return item;
}

function mergeFacets(v: ParsedRow, previous: FacetInput[], dimensions: string): FacetInput[] {
  const replaced = new Set<FacetKind>();
  const facets: FacetInput[] = [];
  for (const [column, kind] of FACET_COLUMNS) {
    const names = v[column] as string[] | undefined;
    if (names === undefined) continue;
    replaced.add(kind);
    facets.push(...names.map((name) => facet(kind, name)));
  }
  if (v.poscat !== undefined) {
    replaced.add('poscat');
    facets.push(...v.poscat.map(([num, name]) => poscatFacet(num, name)));
  }
  // The dimension facet mirrors the dimensions column, as in the demo catalogue.
  if (v.dimensions !== undefined) {
    replaced.add('dimension');
    if (dimensions) facets.push(facet('dimension', dimensions));
  }
  return [...previous.filter((f) => !replaced.has(f.kind)), ...facets];
}

import { type Insertable, type Kysely, sql } from 'kysely';
import type { DB } from '../platform/db/schema';
import type { CategoryTable } from './tables';
import { chunks } from '../platform/db/chunks';
import type { FacetInput } from './facets';
import { detailHeadJson } from './item-detail';
import { renderProductInfo } from './product-info';
import type { ProductInfoFormat } from '../../contract/admin/items';
import { bumpCatalogueVersion } from './queries';

/**
 * The catalogue's write path: seeds, the CSV import and (later) an admin all go through here.
 * Functions take `db` or a transaction first and end by bumping the catalogue version, so every
 * server process rebuilds its read index. Callers that make several writes pass one transaction.
 */

export interface CategoryInput {
  num: number;
  description: string;
  parentNum: number;
  kind: 'tree' | 'nv';
  logo: string;
  beCat: string;
  sortOrder: number;
}

export interface CatalogueItemInput {
  num: string;
  code: string;
  categoryNum: number;
  webTitle: string;
  seoTitle: string;
  keyWords: string;
  upc: string;
  brand: string;
  colorFamily: string;
  colorGroup: string;
  dimensions: string;
  packaged: string;
  caseQty: number;
  priceCents: number;
  srpCents: number;
  weightOz: number;
  logo: string;
  picture: string;
  packagedImage: string;
  /** The product info as typed: HTML, or Markdown when `productInfoFormat` says so. */
  productInfoHtml: string;
  /** Left out: HTML (the catalogue file, seeds and new CSV rows); the editor and the CSV import keep an item's own. */
  productInfoFormat?: ProductInfoFormat;
  isNew: boolean;
  /** Listed in the shop. An inactive item keeps `status` when it is hidden or discontinued. */
  active: boolean;
  /** Why an inactive item is not listed (default 'hidden'); an active item is always 'active'. */
  status?: ItemStatus;
  /** ISO-8601. Used when the item is first inserted; an update keeps the original date. */
  createdAt: string;
  facets: FacetInput[];
  attributes: { name: string; value: string }[];
  suggestedNums: string[];
}

/** What a new item has in the columns the file leaves out. */
export function blankItem(num: string, now: string): CatalogueItemInput {
  return {
    num,
    code: '',
    categoryNum: 0,
    webTitle: '',
    seoTitle: '',
    keyWords: '',
    upc: '',
    brand: '',
    colorFamily: '',
    colorGroup: '',
    dimensions: '',
    packaged: '',
    caseQty: 1,
    priceCents: 0,
    srpCents: 0,
    weightOz: 0,
    logo: '',
    picture: `/images/items/${num}?v=1`,
    packagedImage: '',
    productInfoHtml: '',
    isNew: false,
    active: true,
    createdAt: now,
    facets: [],
    attributes: [],
    suggestedNums: [],
  };
}

export type ItemStatus = 'active' | 'hidden' | 'discontinued';

/** The status stored for an item: `active` decides whether it is listed, `status` why not. */
export function statusOf(it: Pick<CatalogueItemInput, 'active' | 'status'>): ItemStatus {
  if (it.active) return 'active';
  return it.status === 'discontinued' ? 'discontinued' : 'hidden';
}

export interface UpsertResult {
  inserted: number;
  updated: number;
}

export async function upsertCategories(db: Kysely<DB>, rows: CategoryInput[]): Promise<void> {
  const values: Insertable<CategoryTable>[] = rows.map((c) => ({
    num: c.num,
    description: c.description,
    parent_num: c.parentNum,
    kind: c.kind,
    logo: c.logo,
    be_cat: c.beCat,
    sort_order: c.sortOrder,
  }));
  for (const part of chunks(values, 7)) {
    await db
      .insertInto('categories')
      .values(part)
      .onConflict((oc) =>
        oc.column('num').doUpdateSet((eb) => ({
          description: eb.ref('excluded.description'),
          parent_num: eb.ref('excluded.parent_num'),
          kind: eb.ref('excluded.kind'),
          logo: eb.ref('excluded.logo'),
          be_cat: eb.ref('excluded.be_cat'),
          sort_order: eb.ref('excluded.sort_order'),
          // The back office's editor compares versions: an import's change counts as an edit.
          version: sql<number>`categories.version + 1`,
        })),
      )
      .execute();
  }
  await bumpCatalogueVersion(db);
}

/** Which of these item numbers are already in the catalogue. */
export async function existingItemNums(db: Kysely<DB>, nums: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (const part of chunks([...new Set(nums)], 1)) {
    const rows = await db.selectFrom('items').select('num').where('num', 'in', part).execute();
    for (const r of rows) found.add(r.num);
  }
  return found;
}

/**
 * Columns an update overwrites: everything but the id and the creation date. Stock is not on
 * `items` (it is stock's `item_stock`, docs/decisions/0025), so no catalogue write can put back
 * counts that checkouts or adjustments changed meanwhile.
 */
const UPDATED_COLUMNS = [
  'code', 'category_num', 'web_title', 'seo_title', 'key_words', 'upc', 'brand', 'color_family',
  'color_group', 'dimensions', 'packaged', 'case_qty', 'price_cents', 'srp_cents', 'weight_oz',
  'logo', 'picture', 'packaged_image', 'product_info_html', 'product_info_format', 'product_info_safe', 'attributes_json',
  'suggested_json', 'detail_head', 'is_new', 'active', 'status', 'updated_at',
] as const;

/** An item's suggestions as stored: each number once, never the item itself. */
function suggestionsOf(it: CatalogueItemInput): string[] {
  return [...new Set(it.suggestedNums)].filter((n) => n !== it.num);
}

/**
 * `sanitised` turns product info into what clients may see: done here, once per write, so the
 * item detail page never parses HTML on a read. Attributes and suggestions go on the row too
 * (as well as into their tables), so the page reads one row.
 */
function itemRow(it: CatalogueItemInput, now: string, sanitised: (text: string, format: ProductInfoFormat) => string) {
  const row = {
    num: it.num,
    code: it.code,
    category_num: it.categoryNum,
    web_title: it.webTitle,
    seo_title: it.seoTitle,
    key_words: it.keyWords,
    upc: it.upc,
    brand: it.brand,
    color_family: it.colorFamily,
    color_group: it.colorGroup,
    dimensions: it.dimensions,
    packaged: it.packaged,
    case_qty: it.caseQty,
    price_cents: it.priceCents,
    srp_cents: it.srpCents,
    weight_oz: it.weightOz,
    logo: it.logo,
    picture: it.picture,
    packaged_image: it.packagedImage,
    product_info_html: it.productInfoHtml,
    product_info_format: it.productInfoFormat ?? 'html',
    product_info_safe: sanitised(it.productInfoHtml, it.productInfoFormat ?? 'html'),
    attributes_json: JSON.stringify(it.attributes.map((a) => ({ name: a.name, value: a.value }))),
    suggested_json: JSON.stringify(suggestionsOf(it)),
    is_new: it.isNew ? 1 : 0,
    active: it.active ? 1 : 0,
    status: statusOf(it),
    created_at: it.createdAt,
    updated_at: now,
  };
  // The detail answer's head is made from the row's own columns (catalogue/item-detail.ts).
  return { ...row, detail_head: detailHeadJson(row) };
}

/**
 * Inserts or updates items by `num`, and replaces each one's facets, attributes and suggestions.
 * Never writes stock (it is not on `items`): a new item has none until stock gives it some
 * (Adjust, PUT /Stock, a stock CSV), an updated one keeps its counts.
 * A number given twice counts once (the last one wins), since one statement may not update a row
 * twice. Each updated item's `version` moves by one. `bumpVersion: false` leaves the catalogue
 * version alone: only for a caller that records the change in the catalogue change feed instead
 * (catalogue/change-feed.ts), because the edit leaves the read indexes' structure as it was.
 * `knownSafe` (product info → its sanitised form, as stored) spares parsing texts again.
 */
export async function upsertItems(
  db: Kysely<DB>,
  items: readonly CatalogueItemInput[],
  options: { bumpVersion?: boolean; knownSafe?: ReadonlyMap<string, string> } = {},
): Promise<UpsertResult> {
  const byNum = new Map(items.map((it) => [it.num, it]));
  const unique = [...byNum.values()];
  if (unique.length === 0) return { inserted: 0, updated: 0 };
  const existing = await existingItemNums(db, [...byNum.keys()]);
  const now = new Date().toISOString();

  // Imports repeat the same product info across sizes and colours: each text is parsed once.
  const safe = new Map<string, string>();
  const sanitised = (text: string, format: ProductInfoFormat) => {
    const key = `${format}\u0000${text}`;
    let out = (format === 'html' ? options.knownSafe?.get(text) : undefined) ?? safe.get(key);
    if (out === undefined) {
      if (safe.size >= 1000) safe.clear();
      safe.set(key, (out = renderProductInfo(text, format)));
    }
    return out;
  };
  const ids = new Map<string, number>();
  const columnsPerRow = Object.keys(itemRow(unique[0]!, now, sanitised)).length;
  for (const part of chunks(unique, columnsPerRow)) {
    const rows = await db
      .insertInto('items')
      .values(part.map((it) => itemRow(it, now, sanitised)))
      .onConflict((oc) =>
        oc.column('num').doUpdateSet((eb) => {
          const set: Record<string, unknown> = {};
          for (const c of UPDATED_COLUMNS) set[c] = eb.ref(`excluded.${c}`);
          set.version = sql`${sql.ref('items.version')} + 1`;
          return set as Record<(typeof UPDATED_COLUMNS)[number], never>;
        }),
      )
      .returning(['id', 'num'])
      .execute();
    for (const r of rows) ids.set(r.num, r.id);
  }

  const replacedIds = [...existing].map((num) => ids.get(num)!);
  for (const table of ['item_facets', 'item_attributes', 'item_suggestions'] as const) {
    for (const part of chunks(replacedIds, 1)) await db.deleteFrom(table).where('item_id', 'in', part).execute();
  }
  await insertChildren(db, unique, ids);
  if (options.bumpVersion !== false) await bumpCatalogueVersion(db);
  return { inserted: unique.length - existing.size, updated: existing.size };
}

async function insertChildren(db: Kysely<DB>, items: CatalogueItemInput[], ids: Map<string, number>): Promise<void> {
  const facets: DB['item_facets'][] = [];
  const attributes: DB['item_attributes'][] = [];
  const suggestions: DB['item_suggestions'][] = [];
  for (const it of items) {
    const itemId = ids.get(it.num)!;
    // The primary keys forbid repeats; a repeated value in the input means the same thing once.
    const seenFacets = new Set<string>();
    for (const f of it.facets) {
      const key = `${f.kind}\u0000${f.link}`;
      if (seenFacets.has(key)) continue;
      seenFacets.add(key);
      facets.push({ item_id: itemId, kind: f.kind, name: f.name, link: f.link });
    }
    it.attributes.forEach((a, position) => attributes.push({ item_id: itemId, position, name: a.name, value: a.value }));
    suggestionsOf(it).forEach((suggested_num, position) => suggestions.push({ item_id: itemId, suggested_num, position }));
  }
  for (const part of chunks(facets, 4)) await db.insertInto('item_facets').values(part).execute();
  for (const part of chunks(attributes, 4)) await db.insertInto('item_attributes').values(part).execute();
  for (const part of chunks(suggestions, 3)) await db.insertInto('item_suggestions').values(part).execute();
}

/**
 * Makes the NV collection hold exactly these items, in this order. Numbers not in the catalogue
 * are skipped and returned, so a caller can report them.
 */
export async function setNvMembers(
  db: Kysely<DB>,
  categoryNum: number,
  nums: readonly string[],
): Promise<{ members: number; missing: string[] }> {
  const order = [...new Set(nums)];
  const ids = new Map<string, number>();
  for (const part of chunks(order, 1)) {
    const rows = await db.selectFrom('items').select(['id', 'num']).where('num', 'in', part).execute();
    for (const r of rows) ids.set(r.num, r.id);
  }
  await db.deleteFrom('nv_category_items').where('category_num', '=', categoryNum).execute();
  const rows = order
    .filter((num) => ids.has(num))
    .map((num, position) => ({ category_num: categoryNum, item_id: ids.get(num)!, position }));
  for (const part of chunks(rows, 3)) await db.insertInto('nv_category_items').values(part).execute();
  await bumpCatalogueVersion(db);
  return { members: rows.length, missing: order.filter((num) => !ids.has(num)) };
}

/** Runs `work` in a transaction, or in the caller's when `db` already is one. */
export async function inTransaction<T>(db: Kysely<DB>, work: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

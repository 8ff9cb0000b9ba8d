import { type Kysely, sql } from 'kysely';
import { physicalPositionColumn } from '../platform/db/dialect';
import type { DB } from '../platform/db/schema';
import type { FacetKind } from './tables';
import { setMeta } from '../platform/meta';
import { withStockLevels } from '../stock';
import type { PriceBreak } from './pricing/unit-price';

/** The only place the catalogue module touches Kysely. Functions take `db` (or a transaction) first. */

export const CATALOGUE_VERSION_KEY = 'catalogue_version';

/** The counter that moves with every stock change (stock/queries.ts `markStockChanged` moves it). */
const STOCK_SEQ = 'stock_seq';

/** The counter that moves with every item edit (catalogue/change-feed.ts moves it). */
export const CATALOGUE_SEQ = 'catalogue_seq' as const;

/** What a read index is built from: the catalogue version, the stock sequence and the catalogue change sequence. */
export interface CatalogueVersions {
  catalogue: string;
  stock: string;
  changes: string;
  /** The search synonyms' version (search-synonyms.ts). */
  synonyms: string;
}

/** The catalogue version and the stock and change sequences (as text); '0' for a catalogue never written. */
export async function readVersions(db: Kysely<DB>): Promise<CatalogueVersions> {
  // One round trip: every refresh (the poll, and each dashboard's low stock) asks this.
  const r = await db
    .selectNoFrom((eb) => [
      eb.selectFrom('meta').select('value').where('key', '=', CATALOGUE_VERSION_KEY).as('catalogue'),
      eb.selectFrom('counters').select('value').where('name', '=', STOCK_SEQ).as('stock'),
      eb.selectFrom('counters').select('value').where('name', '=', CATALOGUE_SEQ).as('changes'),
      eb.selectFrom('counters').select('value').where('name', '=', 'search_synonyms_version').as('synonyms'),
    ])
    .executeTakeFirstOrThrow();
  return { catalogue: r.catalogue ?? '0', stock: String(r.stock ?? 0), changes: String(r.changes ?? 0), synonyms: String(r.synonyms ?? 0) };
}

/** Marks the catalogue as changed, so every server process rebuilds its read index. */
export async function bumpCatalogueVersion(db: Kysely<DB>): Promise<void> {
  const value = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  await setMeta(db, CATALOGUE_VERSION_KEY, value);
}

/**
 * The items edited after change sequence `since` that moved in the read index (`structural`: to
 * take out, and put back in when active; with their searchable text), and the list fields of the active ones edited since
 * (the index's patch), with their breaks.
 */
export async function loadChangedItems(db: Kysely<DB>, since: number) {
  // With their searchable text (null: the item is gone), which spares the search index a walk.
  const structural = await db
    .selectFrom('catalogue_changes as c')
    .leftJoin('items as i', 'i.id', 'c.item_id')
    .select(['c.item_id', 'i.web_title', 'i.key_words', 'i.num', 'i.code', 'i.upc'])
    .where('c.seq', '>', since)
    .where('c.structural_seq', '>', since)
    .execute();
  const items = await withStockLevels(
    db
      .selectFrom('catalogue_changes as c')
      .innerJoin('items as i', 'i.id', 'c.item_id')
      .select([...ITEM_ROW_COLUMNS.map((col) => `i.${col}` as const), 'i.key_words', 'i.upc']),
    'i.id',
  )
    .where('c.seq', '>', since)
    .where('i.active', '=', 1)
    // No ORDER BY: ordering by the items' id made SQLite walk every item (50,000 items: ~200 ms
    // with the event loop blocked) instead of the few changes from the `seq` index.
    .execute();
  return { structural, items: await withBreaksOf(db, since, items) };
}

/** The items' quantity breaks, for the changes after `since`. */
async function withBreaksOf<T extends { id: number }>(db: Kysely<DB>, since: number, items: T[]) {
  if (items.length === 0) return items;
  const breaks = await db
    .selectFrom('catalogue_changes as c')
    .innerJoin('item_price_breaks as b', 'b.item_id', 'c.item_id')
    .select(['b.item_id', 'b.min_qty', 'b.price_cents'])
    .where('c.seq', '>', since)
    .execute();
  return withBreaks(items, breaks);
}

/** The facet links (in the order they were written) and collections of these items, to put them into the read index. */
export async function loadPlacements(db: Kysely<DB>, itemIds: number[]) {
  if (itemIds.length === 0) return { facets: [], collections: [] };
  const facets: { item_id: number; kind: FacetKind; link: string; name: string }[] = await db
    .selectFrom('item_facets')
    .select(['item_id', 'kind', 'link', 'name'])
    .where('item_id', 'in', itemIds)
    .orderBy('item_id')
    .orderBy(sql.ref(physicalPositionColumn(db)))
    .execute();
  const collections = await db.selectFrom('nv_category_items').select(['category_num', 'item_id', 'position']).where('item_id', 'in', itemIds).execute();
  return { facets, collections };
}

/** Each item row with its quantity breaks (lowest quantity first), the index's pricing input. */
function withBreaks<T extends { id: number }>(items: T[], rows: { item_id: number; min_qty: number; price_cents: number | string }[]): (T & { breaks?: PriceBreak[] })[] {
  if (rows.length === 0) return items;
  const byItem = new Map<number, PriceBreak[]>();
  for (const r of rows) {
    let list = byItem.get(r.item_id);
    if (!list) byItem.set(r.item_id, (list = []));
    list.push({ minQty: r.min_qty, priceCents: Number(r.price_cents) });
  }
  for (const list of byItem.values()) list.sort((a, b) => a.minQty - b.minQty);
  return items.map((i) => {
    const breaks = byItem.get(i.id);
    return breaks ? { ...i, breaks } : i;
  });
}

export async function loadCategories(db: Kysely<DB>) {
  return db.selectFrom('categories').selectAll().orderBy('sort_order').orderBy('num').execute();
}

/** The item columns the listing index holds (`ItemRow`); its stock comes with them from stock's `withStockLevels`. */
const ITEM_ROW_COLUMNS = [
  'id', 'num', 'code', 'category_num', 'web_title', 'picture', 'logo', 'srp_cents', 'price_cents', 'case_qty', 'is_new',
  'color_family', 'color_group', 'created_at', 'order_multiple',
] as const;

/** Items per window of the catalogue load: bounds the rows held at once, whatever the catalogue's size. */
const LOAD_WINDOW = 2_000;

/**
 * The active items with what the read indexes need (list fields and searchable text), in id
 * order, a window at a time, each with the facet links of its items. Half a million items as
 * one result (3 million facet rows as objects) would need gigabytes at their peak.
 */
export async function* activeItemWindows(db: Kysely<DB>) {
  let after: number | null = null;
  for (;;) {
    const from = after;
    const items = await withStockLevels(db.selectFrom('items as i').select([...ITEM_ROW_COLUMNS.map((col) => `i.${col}` as const), 'i.key_words', 'i.upc']), 'i.id')
      .where('i.active', '=', 1)
      .$if(from !== null, (qb) => qb.where('i.id', '>', from!))
      .orderBy('i.id')
      .limit(LOAD_WINDOW)
      .execute();
    if (items.length === 0) return;
    const last: number = items[items.length - 1]!.id;
    // Within an item, rows in the order they were written (an item's first colour is its main
    // one; a value's name is the last one read): the physical order, as a plain scan gave them.
    const facets: { item_id: number; kind: FacetKind; link: string; name: string }[] = await db
      .selectFrom('item_facets')
      .select(['item_id', 'kind', 'link', 'name'])
      .where('item_id', '>=', items[0]!.id)
      .where('item_id', '<=', last)
      .orderBy('item_id')
      .orderBy(sql.ref(physicalPositionColumn(db)))
      .execute();
    const breaks = await db
      .selectFrom('item_price_breaks')
      .select(['item_id', 'min_qty', 'price_cents'])
      .where('item_id', '>=', items[0]!.id)
      .where('item_id', '<=', last)
      .execute();
    yield { items: withBreaks(items, breaks), facets };
    after = last;
  }
}

export async function loadNvMemberships(db: Kysely<DB>) {
  return db.selectFrom('nv_category_items').select(['category_num', 'item_id', 'position']).execute();
}

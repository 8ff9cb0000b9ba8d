import { type Kysely, sql } from 'kysely';
import sanitizeHtml from 'sanitize-html';
import type { ItemDetail } from '../../contract/catalogue';
import { jsonArrayText, jsonObject } from '../platform/db/dialect';
import type { DB } from '../platform/db/schema';
import { NotFound } from '../platform/errors';
import { preparedQuery } from '../platform/http/prepared-query';
import { withStockLevels } from '../stock';
import type { PriceView } from './pricing/price-book';
import { breaksOf } from './pricing/queries';
import type { PriceBreak } from './pricing/unit-price';
import type { CatalogueIndex } from './catalogue-index';
import { listItemJson, toListItem } from './read-index/json';

/**
 * The item detail page's answer. Item pages are drawn from the whole catalogue, so most reads
 * miss every cache: a miss is one precompiled query by primary key that brings the row, its
 * attributes and its suggestions, and the product info comes already sanitised from the write
 * (docs/decisions/0009-item-detail.md). What the index holds (stock flags, new, other colours,
 * suggested list items, price) is laid on top from the index, as on listings.
 */

/** Product info is operator-entered HTML; only simple formatting survives on the way out (content pages build on it). */
export const productInfoPolicy: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'ul', 'ol', 'li', 'strong', 'b', 'em', 'i', 'h3', 'h4', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'span'],
  allowedAttributes: {},
};

/** The product info as clients may see it. Run on every write; a read only repeats it for rows written around the writes. */
export function sanitizeProductInfo(html: string): string {
  return html === '' ? '' : sanitizeHtml(html, productInfoPolicy);
}

/**
 * The row with its attributes and suggestions as JSON text, in one statement. Writes keep both
 * lists on the row; a row written around them (null there) has them aggregated from their tables
 * instead (both databases evaluate COALESCE lazily, so this costs nothing otherwise); no rows
 * aggregate to '[]'. Built as a SELECT so the hot-path runner can send it to the read connection.
 */
function detailSelect(db: Kysely<DB>) {
  const attribute = jsonObject(db, { name: sql`a.name`, value: sql`a.value` });
  const attributes = sql<string>`coalesce(i.attributes_json, (select ${jsonArrayText(db, attribute, sql`a.position`)}
        from item_attributes a where a.item_id = i.id))`;
  const suggested = sql<string>`coalesce(i.suggested_json, (select ${jsonArrayText(db, sql`s.suggested_num`, sql`s.position`)}
        from item_suggestions s where s.item_id = i.id))`;
  const row = db
    .selectFrom('items as i')
    .select([
      'i.num', 'i.code', 'i.web_title', 'i.seo_title', 'i.picture', 'i.packaged_image', 'i.logo', 'i.srp_cents',
      'i.dimensions', 'i.color_family', 'i.category_num', 'i.brand', 'i.upc', 'i.key_words', 'i.product_info_safe',
      sql<string | null>`case when i.product_info_safe is null then i.product_info_html end`.as('product_info_raw'),
      'i.packaged', 'i.order_multiple',
      attributes.as('attributes'),
      suggested.as('suggested'),
    ]);
  return withStockLevels(row, 'i.id');
}

const loadDetailRow = preparedQuery((db: Kysely<DB>, id: number) => detailSelect(db).where('i.id', '=', id).where('i.active', '=', 1));

/**
 * A hidden or discontinued item (not in the index): its page stays for old orders and links,
 * read whole from its row. Not a hot path: such pages are rare, and answers are cached per
 * index version like the others.
 */
function loadUnlistedRow(db: Kysely<DB>, num: string) {
  return detailSelect(db)
    .select(['i.id', 'i.is_new', 'i.price_cents', 'i.case_qty', 'i.color_group'])
    .where('i.num', '=', num)
    .where('i.active', '=', 0)
    .executeTakeFirst();
}

/** What the answer takes from the index for a listed item (from its row for an unlisted one). */
interface ItemFacts {
  id: number;
  isNew: boolean;
  priceCents: number;
  caseQty: number;
  colorGroup: string;
}

type DetailRow = NonNullable<Awaited<ReturnType<typeof loadUnlistedRow>>>;

/** The fields of the detail answer that change only when the item is written. */
export interface DetailHeadSource {
  num: string;
  code: string;
  web_title: string;
  seo_title: string;
  picture: string;
  packaged_image: string;
  logo: string;
  srp_cents: number;
  dimensions: string;
  color_family: string;
  category_num: number;
  brand: string;
  upc: string;
  key_words: string;
  product_info_safe: string;
  packaged: string;
}

/**
 * The detail answer from `{"num"` to `"packaged":…` (no closing brace): byte for byte the start of
 * `JSON.stringify(itemDetail(…))`. Written with the item (`items.detail_head`), so a read copies it
 * instead of serialising sixteen fields and the product info again.
 */
export function detailHeadJson(row: DetailHeadSource): string {
  const q = JSON.stringify;
  const picture = q(row.picture);
  return (
    `{"num":${q(row.num)},"code":${q(row.code)},"web_Title":${q(row.web_title)},"seO_Title":${q(row.seo_title || row.web_title)},` +
    `"picture":${picture},"inventoryPicture":${picture},"packagedImage":${q(row.packaged_image)},"logo":${q(row.logo)},` +
    `"srp":${q(row.srp_cents / 100)},"dimensions":${q(row.dimensions)},"color_Family":${q(row.color_family)},"category":${q(row.category_num)},` +
    `"brand":${q(row.brand)},"upc":${q(row.upc)},"key_Words":${q(row.key_words)},` +
    `"web_Product_Info":${q(row.product_info_safe)},"packaged":${q(row.packaged)}`
  );
}

/**
 * The read of the answer's hot path: the kept head, the stock (two primary-key joins on
 * `item_stock`) and the two lists as written. A row
 * lacking any of them (written around `upsertItems`, or before the migration that made them) is
 * answered from `detailQuery` instead.
 */
const loadDetailParts = preparedQuery((db: Kysely<DB>, id: number) =>
  withStockLevels(db.selectFrom('items as i').select(['i.detail_head', 'i.attributes_json', 'i.suggested_json', 'i.order_multiple']), 'i.id')
    .where('i.id', '=', id)
    .where('i.active', '=', 1),
);

/** The detail of an item: listed ones from `index` and their row, hidden and discontinued ones from their row; 404 for no item. */
export async function itemDetail(db: Kysely<DB>, index: CatalogueIndex, num: string, prices: PriceView | null): Promise<ItemDetail> {
  const item = index.byNum.get(num);
  if (!item) {
    const unlisted = await loadUnlistedRow(db, num);
    if (!unlisted) throw new NotFound(`Item ${num} not found`);
    const facts = { id: unlisted.id, isNew: unlisted.is_new === 1, priceCents: Number(unlisted.price_cents), caseQty: unlisted.case_qty, colorGroup: unlisted.color_group };
    return detailOf(unlisted, facts, index, prices, prices ? usableBreaks((await breaksOf(db, [facts.id])).get(facts.id) ?? [], facts, prices) : []);
  }
  const [row] = await loadDetailRow(db, item.id);
  if (!row) throw new NotFound(`Item ${num} not found`);
  return detailOf(row, item, index, prices, usableBreaks(item.breaks, item, prices));
}

/**
 * The quantity breaks a priced caller can use: those below the caller's own unit price (a level
 * that already charges less makes a break moot). A listed item's breaks come with it from the
 * read index; a breaks edit moves the item's change sequence, so cached answers of the old
 * version are not served again.
 */
function usableBreaks(breaks: readonly PriceBreak[], item: { id: number; priceCents: number }, prices: PriceView | null): { minQty: number; price: number }[] {
  if (!prices) return [];
  const unit = prices.unitCents(item);
  return breaks.filter((b) => b.priceCents < unit).map((b) => ({ minQty: b.minQty, price: b.priceCents / 100 }));
}

function detailOf(
  row: Omit<DetailRow, 'is_new' | 'price_cents' | 'case_qty' | 'color_group' | 'id'>,
  item: ItemFacts,
  index: CatalogueIndex,
  prices: PriceView | null,
  breaks: { minQty: number; price: number }[],
): ItemDetail {
  const num = row.num;
  const colorNames = index.facetNames.get('color')!;
  const suggested: string[] = JSON.parse(row.suggested);
  return {
    num: row.num,
    code: row.code,
    web_Title: row.web_title,
    seO_Title: row.seo_title || row.web_title,
    picture: row.picture,
    inventoryPicture: row.picture,
    packagedImage: row.packaged_image,
    logo: row.logo,
    srp: row.srp_cents / 100,
    dimensions: row.dimensions,
    color_Family: row.color_family,
    category: row.category_num,
    brand: row.brand,
    upc: row.upc,
    key_Words: row.key_words,
    web_Product_Info: row.product_info_safe ?? sanitizeProductInfo(row.product_info_raw ?? ''),
    packaged: row.packaged,
    qty_FR: row.qty_fr,
    qty_FH: row.qty_fh,
    reserve_FR: row.reserve_fr,
    reserve_FH: row.reserve_fh,
    ordqty_FR: row.ordqty_fr,
    ordqty_FH: row.ordqty_fh,
    // From the row just read, as its quantities are: the index's flags follow only on its next poll.
    inStockFresno: row.qty_fr - row.reserve_fr > 0,
    inStockFairhope: row.qty_fh - row.reserve_fh > 0,
    new: item.isNew,
    attributes: JSON.parse(row.attributes),
    colors: (index.colorGroups.get(item.colorGroup) ?? [])
      .filter((other) => other.num !== num)
      .map((other) => {
        const link = other.facets.color[0] ?? '';
        return { num: other.num, name: colorNames.get(link) ?? other.colorFamily, link, picture: other.picture };
      }),
    suggestedItems: suggested.flatMap((n) => {
      const s = index.byNum.get(n);
      return s ? [toListItem(s, prices)] : [];
    }),
    orderMultiple: row.order_multiple,
    ...(prices ? { price: prices.unitCents(item) / 100, caseQty: item.caseQty, breaks } : {}),
  };
}

/**
 * `JSON.stringify(await itemDetail(…))`, written from the row's kept head and the index: no detail
 * object, no list items, no second walk to serialise them (the answer's hot path; the object form
 * stays for code that reads a detail). Same keys in the same order. The lists are the row's JSON
 * text as `upsertItems` wrote it with JSON.stringify (the migration that made `detail_head`
 * rewrote older rows' lists the same way), so they are copied as they are.
 */
export async function itemDetailJson(db: Kysely<DB>, index: CatalogueIndex, num: string, prices: PriceView | null): Promise<string> {
  const item = index.byNum.get(num);
  if (!item) return JSON.stringify(await itemDetail(db, index, num, prices));
  const [row] = await loadDetailParts(db, item.id);
  if (!row) throw new NotFound(`Item ${num} not found`);
  if (row.detail_head === null || row.attributes_json === null || row.suggested_json === null) {
    return JSON.stringify(await itemDetail(db, index, num, prices));
  }
  const breaks = usableBreaks(item.breaks, item, prices);
  const parts = partsOf(index);
  let suggested = '';
  for (const n of JSON.parse(row.suggested_json) as string[]) {
    const s = parts.listItem(n, prices);
    if (s) suggested += `${suggested ? ',' : ''}${s}`;
  }
  return (
    `${row.detail_head},"qty_FR":${row.qty_fr},"qty_FH":${row.qty_fh},"reserve_FR":${row.reserve_fr},"reserve_FH":${row.reserve_fh},` +
    `"ordqty_FR":${row.ordqty_fr},"ordqty_FH":${row.ordqty_fh},"inStockFresno":${row.qty_fr - row.reserve_fr > 0},"inStockFairhope":${row.qty_fh - row.reserve_fh > 0},` +
    `"new":${item.isNew},"attributes":${row.attributes_json},"colors":[${parts.colors(item.colorGroup, num)}],"suggestedItems":[${suggested}],"orderMultiple":${row.order_multiple}` +
    `${prices ? `,"price":${JSON.stringify(prices.unitCents(item) / 100)},"caseQty":${JSON.stringify(item.caseQty)},"breaks":${JSON.stringify(breaks)}` : ''}}`
  );
}

/** Entries kept per index before they are dropped and made again: bounds the memory of `DetailParts`. */
const MAX_KEPT = 20_000;

/**
 * The parts of detail answers that the index decides, kept as text for one index and stock
 * version: a colour group's entries (the same for every item of the group) and suggested items'
 * list JSON. Made on first use and bounded; a new stock version (an item's stock flags) or a new
 * index starts them afresh.
 */
class DetailParts {
  private readonly groups = new Map<string, { num: string; json: string }[]>();
  private readonly listItems = new Map<string, string>();

  constructor(
    private readonly index: CatalogueIndex,
    readonly version: string,
  ) {}

  /** The other colours of an item's group, as the detail's `colors` array's inside. */
  colors(colorGroup: string, num: string): string {
    let entries = this.groups.get(colorGroup);
    if (!entries) {
      const q = JSON.stringify;
      const colorNames = this.index.facetNames.get('color')!;
      entries = (this.index.colorGroups.get(colorGroup) ?? []).map((other) => {
        const link = other.facets.color[0] ?? '';
        return { num: other.num, json: `{"num":${q(other.num)},"name":${q(colorNames.get(link) ?? other.colorFamily)},"link":${q(link)},"picture":${q(other.picture)}}` };
      });
      if (this.groups.size >= MAX_KEPT) this.groups.clear();
      this.groups.set(colorGroup, entries);
    }
    let colors = '';
    for (const e of entries) if (e.num !== num) colors += colors ? `,${e.json}` : e.json;
    return colors;
  }

  /** `listItemJson` of an item of the index, or null for a number it does not hold. */
  listItem(num: string, prices: PriceView | null): string | null {
    // Keyed by the price view (`p`, `p<level>.<version>`), never by "priced" alone: two levels, two prices.
    const key = prices ? `${prices.key}|${num}` : num;
    let json = this.listItems.get(key);
    if (json === undefined) {
      const item = this.index.byNum.get(num);
      if (!item) return null;
      if (this.listItems.size >= MAX_KEPT) this.listItems.clear();
      this.listItems.set(key, (json = listItemJson(item, prices)));
    }
    return json;
  }
}

const kept = new WeakMap<CatalogueIndex, DetailParts>();

function partsOf(index: CatalogueIndex): DetailParts {
  let parts = kept.get(index);
  if (!parts || parts.version !== index.version) kept.set(index, (parts = new DetailParts(index, index.version)));
  return parts;
}

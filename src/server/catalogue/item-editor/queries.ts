import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { ItemsListQuery, ItemStatus } from '../../../contract/admin/items';
import type { DB } from '../../platform/db/schema';
import { hasAvailableStock, withStockLevels } from '../../stock';
import { availableOf } from '../../stock';
import { likeLiteral } from '../../platform/db/like';

/** The item editor's reads and its few writes beside `upsertItems` (NV memberships). Functions take `db` or a transaction first. */

export async function itemHead(db: Kysely<DB>, num: string) {
  return db.selectFrom('items').select(['id', 'num', 'version', 'status', 'order_multiple']).where('num', '=', num).executeTakeFirst();
}

/** The case pack the cart rounds quantities up to; its change reaches every index through the change feed (order_multiple is an index column). */
export async function setOrderMultiple(db: Kysely<DB>, itemId: number, orderMultiple: number): Promise<void> {
  await db.updateTable('items').set({ order_multiple: orderMultiple }).where('id', '=', itemId).execute();
}

/** The NV collections (category numbers) holding the item, by collection number. */
export async function collectionsOf(db: Kysely<DB>, itemId: number): Promise<number[]> {
  const rows = await db.selectFrom('nv_category_items').select('category_num').where('item_id', '=', itemId).orderBy('category_num').execute();
  return rows.map((r) => r.category_num);
}

/** Puts the item at the end of these collections and takes it out of those. */
export async function changeCollections(db: Kysely<DB>, itemId: number, add: readonly number[], remove: readonly number[]): Promise<void> {
  if (remove.length > 0) await db.deleteFrom('nv_category_items').where('item_id', '=', itemId).where('category_num', 'in', [...remove]).execute();
  for (const category of add) {
    const last = await db.selectFrom('nv_category_items').select((eb) => eb.fn.max('position').as('p')).where('category_num', '=', category).executeTakeFirst();
    await db.insertInto('nv_category_items').values({ category_num: category, item_id: itemId, position: Number(last?.p ?? -1) + 1 }).execute();
  }
}

export async function categoriesByNum(db: Kysely<DB>, nums: readonly number[]) {
  if (nums.length === 0) return [];
  return db.selectFrom('categories').select(['num', 'kind']).where('num', 'in', [...nums]).execute();
}

/** Names of known poscat numbers (as items carry them): one indexed row each, however many items carry it. */
export async function poscatNames(db: Kysely<DB>, links: readonly string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const link of new Set(links)) {
    const row = await db.selectFrom('item_facets').select('name').where('kind', '=', 'poscat').where('link', '=', link).limit(1).executeTakeFirst();
    if (row) out.set(link, row.name);
  }
  return out;
}

export async function existingNums(db: Kysely<DB>, nums: readonly string[]): Promise<Set<string>> {
  if (nums.length === 0) return new Set();
  const rows = await db.selectFrom('items').select('num').where('num', 'in', [...nums]).execute();
  return new Set(rows.map((r) => r.num));
}

/** Another item with this UPC, if any. */
export async function itemWithUpc(db: Kysely<DB>, upc: string, exceptNum: string): Promise<string | undefined> {
  const row = await db.selectFrom('items').select('num').where('upc', '=', upc).where('num', '<>', exceptNum).executeTakeFirst();
  return row?.num;
}

/** The highest item number among items of these categories (numbers compare by length, then digits), or null. */
async function highestNumIn(db: Kysely<DB>, categories: readonly number[]): Promise<string | null> {
  if (categories.length === 0) return null;
  const longest = db.selectFrom('items').select(sql<number>`max(length(num))`.as('n')).where('category_num', 'in', [...categories]);
  const row = await db
    .selectFrom('items')
    .select((eb) => eb.fn.max('num').as('num'))
    .where('category_num', 'in', [...categories])
    .where(sql<number>`length(num)`, '=', longest)
    .executeTakeFirst();
  return row?.num && /^\d+$/.test(row.num) ? row.num : null;
}

/** How far past a category's highest number the next free one is looked for before giving up on the range. */
const RANGE_LOOKAHEAD = 1000;

/**
 * The number a new item of `category` should get (docs/decisions/0032): a category's range is
 * where its items already are, so the next free number after its highest (a foil balloon gets
 * 34139, not the latex 50143 that the catalogue's highest would give). A category without items
 * of its own takes its subcategories', then its parent's; one with none anywhere, the catalogue's
 * next free number. Numbers taken by other categories are skipped.
 */
export async function suggestedNum(db: Kysely<DB>, category: number): Promise<string> {
  const all = await db.selectFrom('categories').select(['num', 'parent_num', 'kind']).where('kind', '=', 'tree').execute();
  const below = (root: number) => {
    const nums = [root];
    for (let i = 0; i < nums.length; i++) for (const c of all) if (c.parent_num === nums[i] && !nums.includes(c.num)) nums.push(c.num);
    return nums.slice(1);
  };
  const parent = all.find((c) => c.num === category)?.parent_num;
  const highest =
    (await highestNumIn(db, [category])) ?? (await highestNumIn(db, below(category))) ?? (parent ? await highestNumIn(db, [parent]) : null);
  if (highest === null) return nextFreeNum(db);
  for (let from = BigInt(highest) + 1n, end = from + BigInt(RANGE_LOOKAHEAD); from < end; from += 100n) {
    const batch = Array.from({ length: 100 }, (_, i) => String(from + BigInt(i)));
    const taken = await existingNums(db, batch);
    const free = batch.find((n) => !taken.has(n));
    if (free) return free;
  }
  return nextFreeNum(db);
}

/**
 * The number after the highest one. Numbers are digits, so among the longest ones the
 * highest in text order is the highest in value (one indexed read, no cast of every number).
 */
export async function nextFreeNum(db: Kysely<DB>): Promise<string> {
  const row = await db
    .selectFrom('items')
    .select((eb) => eb.fn.max('num').as('num'))
    .where(sql<number>`length(num)`, '=', db.selectFrom('items').select(sql<number>`max(length(num))`.as('n')))
    .executeTakeFirst();
  const highest = row?.num && /^\d+$/.test(row.num) ? BigInt(row.num) : 100_000n;
  return String(highest + 1n);
}


/**
 * The items of the editor's list and of the CSV export: every status, filtered by a text (number
 * or UPC prefix, or a part of the title, code or key words, any case), a category (with its
 * descendants), status, stock and photos.
 */
export function matchingItems(db: Kysely<DB>, query: Omit<ItemsListQuery, 'page' | 'pageSize'>, scope: CategoryScope | null) {
  let q = db.selectFrom('items');
  if (scope) q = inScope(q, scope);
  const text = query.q?.trim().toLowerCase();
  if (text) {
    const part = `%${likeLiteral(text)}%`;
    const prefix = `${likeLiteral(text)}%`;
    q = q.where((eb) =>
      eb.or([
        eb(sql`num`, 'like', sql`${prefix} escape '\\'`),
        eb(sql`upc`, 'like', sql`${prefix} escape '\\'`),
        eb(sql`lower(web_title)`, 'like', sql`${part} escape '\\'`),
        eb(sql`lower(code)`, 'like', sql`${part} escape '\\'`),
        eb(sql`lower(key_words)`, 'like', sql`${part} escape '\\'`),
      ]),
    );
  }
  if (query.status) q = q.where('status', '=', query.status);
  const hasPhotos = sql<boolean>`exists (select 1 from item_photos ip where ip.item_id = items.id)`;
  if (query.hasPhoto === '1') q = q.where(hasPhotos);
  if (query.hasPhoto === '0') q = q.where(sql<boolean>`not ${hasPhotos}`);
  const inStock = hasAvailableStock('items.id');
  if (query.stock === 'in') q = q.where(inStock);
  if (query.stock === 'out') q = q.where(sql<boolean>`not ${inStock}`);
  return q;
}

/** The editor's list: a page of `matchingItems`, by number. */
export async function listItems(db: Kysely<DB>, query: ItemsListQuery, scope: CategoryScope | null) {
  const q = matchingItems(db, query, scope);
  const [count, rows] = await Promise.all([
    q.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
    withStockLevels(q.select(['num', 'web_title', 'status', 'price_cents', 'srp_cents', 'upc', 'picture']), 'items.id')
      .select((eb) => eb.selectFrom('item_photos as ip').select((e) => e.fn.countAll<string | number>().as('n')).whereRef('ip.item_id', '=', 'items.id').as('photo_count'))
      .orderBy(sql`length(num)`)
      .orderBy('num')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
  ]);
  return {
    total: Number(count.n),
    rows: rows.map((r) => {
      const stock = availableOf(r);
      return {
        num: r.num,
        web_title: r.web_title,
        status: r.status as ItemStatus,
        price_cents: Number(r.price_cents),
        srp_cents: Number(r.srp_cents),
        upc: r.upc,
        picture: r.picture,
        photo_count: Number(r.photo_count ?? 0),
        west: stock.west,
        east: stock.east,
      };
    }),
  };
}

/** A category with the tree categories below it, or an NV collection (its members). */
export type CategoryScope = { kind: 'tree'; nums: number[] } | { kind: 'nv'; num: number };

function inScope<O>(q: SelectQueryBuilder<DB, 'items', O>, scope: CategoryScope): SelectQueryBuilder<DB, 'items', O> {
  if (scope.kind === 'tree') return q.where('category_num', 'in', scope.nums);
  return q.where('id', 'in', (eb) => eb.selectFrom('nv_category_items').select('item_id').where('category_num', '=', scope.num));
}

/** Item numbers of a category's items (its descendants' or a collection's members), for a bulk change. */
export async function numsInScope(db: Kysely<DB>, scope: CategoryScope): Promise<string[]> {
  const rows = await inScope(db.selectFrom('items'), scope).select('num').execute();
  return rows.map((r) => r.num);
}

/** The scope of a category number, or null for an unknown one. */
export async function categoryScope(db: Kysely<DB>, num: number): Promise<CategoryScope | null> {
  const all = await db.selectFrom('categories').select(['num', 'parent_num', 'kind']).execute();
  const found = all.find((c) => c.num === num);
  if (!found) return null;
  if (found.kind === 'nv') return { kind: 'nv', num };
  const nums = [num];
  for (let i = 0; i < nums.length; i++) for (const c of all) if (c.parent_num === nums[i] && c.kind === 'tree' && !nums.includes(c.num)) nums.push(c.num);
  return { kind: 'tree', nums };
}

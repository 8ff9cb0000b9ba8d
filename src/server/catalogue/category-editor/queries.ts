import { type Kysely, sql } from 'kysely';
import type { DB } from '../../platform/db/schema';

/** The category editor's reads and writes. Functions take `db` or a transaction first. */

const COLUMNS = ['num', 'kind', 'description', 'parent_num', 'sort_order', 'seo_title', 'seo_description', 'logo', 'be_cat', 'version'] as const;

export async function allCategories(db: Kysely<DB>) {
  return db.selectFrom('categories').select(COLUMNS).orderBy('sort_order').orderBy('num').execute();
}

export type CategoryRecord = Awaited<ReturnType<typeof allCategories>>[number];

export async function categoryRow(db: Kysely<DB>, num: number): Promise<CategoryRecord | undefined> {
  return db.selectFrom('categories').select(COLUMNS).where('num', '=', num).executeTakeFirst();
}

/** Items per category (every status), from the items' category index. */
export async function itemCounts(db: Kysely<DB>): Promise<Map<number, number>> {
  const rows = await db.selectFrom('items').select(['category_num', (eb) => eb.fn.countAll<string | number>().as('n')]).groupBy('category_num').execute();
  return new Map(rows.map((r) => [r.category_num, Number(r.n)]));
}

/** Listed items per collection. */
export async function memberCounts(db: Kysely<DB>): Promise<Map<number, number>> {
  const rows = await db.selectFrom('nv_category_items').select(['category_num', (eb) => eb.fn.countAll<string | number>().as('n')]).groupBy('category_num').execute();
  return new Map(rows.map((r) => [r.category_num, Number(r.n)]));
}

export async function countItemsIn(db: Kysely<DB>, num: number): Promise<number> {
  const row = await db.selectFrom('items').select((eb) => eb.fn.countAll<string | number>().as('n')).where('category_num', '=', num).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countMembers(db: Kysely<DB>, num: number): Promise<number> {
  const row = await db.selectFrom('nv_category_items').select((eb) => eb.fn.countAll<string | number>().as('n')).where('category_num', '=', num).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function childNums(db: Kysely<DB>, parentNum: number): Promise<number[]> {
  const rows = await db.selectFrom('categories').select('num').where('kind', '=', 'tree').where('parent_num', '=', parentNum).execute();
  return rows.map((r) => r.num);
}

/** The number after the highest one (categories and collections share the numbers). */
export async function nextCategoryNum(db: Kysely<DB>): Promise<number> {
  const row = await db.selectFrom('categories').select((eb) => eb.fn.max('num').as('num')).executeTakeFirst();
  return Number(row?.num ?? 0) + 1;
}

/** A sort order after every sibling's: tree categories under `parentNum`, or the collections. */
export async function nextSortOrder(db: Kysely<DB>, kind: 'tree' | 'nv', parentNum: number): Promise<number> {
  const row = await db
    .selectFrom('categories')
    .select((eb) => eb.fn.max('sort_order').as('s'))
    .where('kind', '=', kind)
    .$if(kind === 'tree', (qb) => qb.where('parent_num', '=', parentNum))
    .executeTakeFirst();
  return row?.s === null || row?.s === undefined ? 0 : Number(row.s) + 1;
}

export interface CategoryFields {
  description: string;
  parent_num: number;
  seo_title: string;
  seo_description: string;
  logo: string;
  be_cat: string;
}

export async function insertCategory(db: Kysely<DB>, row: CategoryFields & { num: number; kind: 'tree' | 'nv'; sort_order: number }): Promise<void> {
  await db.insertInto('categories').values(row).execute();
}

/** Stores the fields and moves the version on by one. */
export async function updateCategory(db: Kysely<DB>, num: number, fields: Partial<CategoryFields> & { sort_order?: number }): Promise<void> {
  await db
    .updateTable('categories')
    .set({ ...fields, version: sql<number>`version + 1` })
    .where('num', '=', num)
    .execute();
}

/** Sort orders 0, 1, 2 … in the given order (only the order among siblings matters to the readers). */
export async function setSortOrders(db: Kysely<DB>, nums: readonly number[]): Promise<void> {
  for (const [i, num] of nums.entries()) await db.updateTable('categories').set({ sort_order: i }).where('num', '=', num).execute();
}

export async function deleteCategory(db: Kysely<DB>, num: number): Promise<void> {
  await db.deleteFrom('nv_category_items').where('category_num', '=', num).execute();
  await db.deleteFrom('categories').where('num', '=', num).execute();
}

/** The items whose category this is (every status). */
export async function itemsIn(db: Kysely<DB>, num: number) {
  return db.selectFrom('items').select(['id', 'num']).where('category_num', '=', num).execute();
}

/** A collection's items in their curated order. */
export async function collectionItems(db: Kysely<DB>, num: number) {
  return db
    .selectFrom('nv_category_items as m')
    .innerJoin('items as i', 'i.id', 'm.item_id')
    .select(['i.num', 'i.web_title', 'i.status'])
    .where('m.category_num', '=', num)
    .orderBy('m.position')
    .orderBy('i.id')
    .execute();
}

/** Which of these item numbers exist. */
export async function existingItemNums(db: Kysely<DB>, nums: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < nums.length; i += 1_000) {
    const rows = await db.selectFrom('items').select('num').where('num', 'in', nums.slice(i, i + 1_000)).execute();
    for (const r of rows) found.add(r.num);
  }
  return found;
}

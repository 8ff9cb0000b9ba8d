import { type Kysely, sql } from 'kysely';
import type { DB } from '../../platform/db/schema';
import { preparedQuery } from '../../platform/http/prepared-query';

export type Db = Kysely<DB>;

// Prepared: outside a transaction they read through SQLite's read connection, so a price book
// load that happens while a cart change or checkout holds the write connection never waits on it.
const levelRow = preparedQuery((db: Db, id: number) => db.selectFrom('price_levels').select(['id', 'version', 'percent_off_bp']).where('id', '=', id));
const namedPrices = preparedQuery((db: Db, id: number) => db.selectFrom('price_level_prices').select(['item_id', 'price_cents']).where('level_id', '=', id));

/** A level with its named prices, for the price book (`db` must not be a transaction: see above). */
export async function loadLevel(db: Db, id: number): Promise<{ id: number; version: number; percentOffBp: number; named: Map<number, number> } | null> {
  const [level] = await levelRow(db, id);
  if (!level) return null;
  const rows = await namedPrices(db, id);
  return { id: level.id, version: level.version, percentOffBp: level.percent_off_bp, named: new Map(rows.map((r) => [r.item_id, Number(r.price_cents)])) };
}

/** The quantity breaks of these items, by item id, lowest quantity first. */
export async function breaksOf(db: Db, itemIds: readonly number[]): Promise<Map<number, { minQty: number; priceCents: number }[]>> {
  const byItem = new Map<number, { minQty: number; priceCents: number }[]>();
  if (itemIds.length === 0) return byItem;
  const rows = await db
    .selectFrom('item_price_breaks')
    .select(['item_id', 'min_qty', 'price_cents'])
    .where('item_id', 'in', [...new Set(itemIds)])
    .orderBy('item_id')
    .orderBy('min_qty')
    .execute();
  for (const r of rows) {
    let list = byItem.get(r.item_id);
    if (!list) byItem.set(r.item_id, (list = []));
    list.push({ minQty: r.min_qty, priceCents: Number(r.price_cents) });
  }
  return byItem;
}

// ---- the back office ----------------------------------------------------------------------

export async function listLevels(db: Db) {
  return db
    .selectFrom('price_levels as l')
    .select([
      'l.id', 'l.name', 'l.percent_off_bp', 'l.version',
      (eb) => eb.selectFrom('price_level_prices as p').whereRef('p.level_id', '=', 'l.id').select((e) => e.fn.countAll<number>().as('n')).as('named'),
      (eb) => eb.selectFrom('customers as c').whereRef('c.price_level_id', '=', 'l.id').select((e) => e.fn.countAll<number>().as('n')).as('customers'),
    ])
    .orderBy('l.name')
    .execute();
}

export function levelById(db: Db, id: number) {
  return db.selectFrom('price_levels').select(['id', 'name', 'percent_off_bp', 'version']).where('id', '=', id).executeTakeFirst();
}

/** Another level with this name (any case), if any. */
export function levelNamed(db: Db, name: string, exceptId = 0) {
  return db.selectFrom('price_levels').select('id').where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase())).where('id', '!=', exceptId).executeTakeFirst();
}

export async function insertLevel(db: Db, name: string, percentOffBp: number, at: string): Promise<number> {
  const row = await db.insertInto('price_levels').values({ name, percent_off_bp: percentOffBp, created_at: at }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Guarded by the version read: of two staff saving at once, one wins. */
export async function updateLevel(db: Db, id: number, version: number, name: string, percentOffBp: number): Promise<boolean> {
  const r = await db.updateTable('price_levels').set({ name, percent_off_bp: percentOffBp, version: sql`version + 1` }).where('id', '=', id).where('version', '=', version).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Moves the level's version: every process reloads it on its next request for the level. */
export async function bumpLevel(db: Db, id: number): Promise<boolean> {
  const r = await db.updateTable('price_levels').set({ version: sql`version + 1` }).where('id', '=', id).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export function namedPricesOf(db: Db, levelId: number) {
  return db
    .selectFrom('price_level_prices as p')
    .innerJoin('items as i', 'i.id', 'p.item_id')
    .select(['i.num', 'i.web_title', 'i.price_cents as list_cents', 'p.price_cents'])
    .where('p.level_id', '=', levelId)
    .orderBy('i.num')
    .execute();
}

export async function itemIdsByNum(db: Db, nums: readonly string[]): Promise<Map<string, { id: number; priceCents: number }>> {
  const found = new Map<string, { id: number; priceCents: number }>();
  for (let i = 0; i < nums.length; i += 500) {
    const rows = await db.selectFrom('items').select(['id', 'num', 'price_cents']).where('num', 'in', nums.slice(i, i + 500)).execute();
    for (const r of rows) found.set(r.num, { id: r.id, priceCents: Number(r.price_cents) });
  }
  return found;
}

export async function replaceNamedPrices(db: Db, levelId: number, rows: { item_id: number; price_cents: number }[]): Promise<void> {
  await db.deleteFrom('price_level_prices').where('level_id', '=', levelId).execute();
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto('price_level_prices')
      .values(rows.slice(i, i + 500).map((r) => ({ level_id: levelId, ...r })))
      .execute();
  }
}

export async function replaceBreaks(db: Db, itemId: number, rows: { min_qty: number; price_cents: number }[]): Promise<void> {
  await db.deleteFrom('item_price_breaks').where('item_id', '=', itemId).execute();
  if (rows.length > 0) await db.insertInto('item_price_breaks').values(rows.map((r) => ({ item_id: itemId, ...r }))).execute();
}

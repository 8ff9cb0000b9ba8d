import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { preparedQuery } from '../http/prepared-query';

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

import { type Insertable, type Kysely, PostgresAdapter, type RawBuilder, sql } from 'kysely';
import { bumpCounter, counterCte } from '../platform/counters';
import type { DB } from '../platform/db/schema';
import type { Warehouse } from './allocation';
import type { StockMovementTable } from './tables';

/**
 * The only place that touches the stock columns of `items` (qty_fr/qty_fh: units not yet allocated
 * at West/East; reserve_fr/reserve_fh: held back; available to sell = qty − reserve) and the
 * movements history. Functions take `db` (or a transaction) first.
 */
export type Db = Kysely<DB>;

export const isPostgres = (db: Db): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

/** The items columns of a warehouse. */
export const COLUMNS = {
  west: { qty: 'qty_fr', reserve: 'reserve_fr' },
  east: { qty: 'qty_fh', reserve: 'reserve_fh' },
} as const;

export interface StockRow {
  id: number;
  num: string;
  web_title: string;
  price_cents: number;
  active: number;
  qty_fr: number;
  qty_fh: number;
  reserve_fr: number;
  reserve_fh: number;
}

export function availableOf(row: Pick<StockRow, 'qty_fr' | 'qty_fh' | 'reserve_fr' | 'reserve_fh'>): Record<Warehouse, number> {
  return { west: row.qty_fr - row.reserve_fr, east: row.qty_fh - row.reserve_fh };
}

/** Reads (and on PostgreSQL locks, in item number order so two writers never deadlock) these items. */
export function lockItems(db: Db, nums: readonly string[], forUpdate: boolean): Promise<StockRow[]> {
  if (nums.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('items')
    .select(['id', 'num', 'web_title', 'price_cents', 'active', 'qty_fr', 'qty_fh', 'reserve_fr', 'reserve_fh'])
    .where('num', 'in', [...nums])
    .orderBy('num')
    .$if(forUpdate, (q) => q.forUpdate())
    .execute();
}

/**
 * Takes allocated units off available stock, one entry per item; the table's CHECK (qty >= 0) is
 * the last line of defence. PostgreSQL: one statement for all of them (one round trip).
 */
export async function decrementStock(db: Db, changes: readonly { itemId: number; west: number; east: number }[]): Promise<void> {
  if (changes.length === 0) return;
  if (isPostgres(db)) {
    const values = changes.map((c) => sql`(${c.itemId}::integer, ${c.west}::integer, ${c.east}::integer)`);
    await sql`update items set qty_fr = qty_fr - v.west, qty_fh = qty_fh - v.east
      from (values ${sql.join(values)}) as v(id, west, east) where items.id = v.id`.execute(db);
    return;
  }
  for (const c of changes) {
    await db
      .updateTable('items')
      .set({ qty_fr: sql<number>`qty_fr - ${c.west}`, qty_fh: sql<number>`qty_fh - ${c.east}` })
      .where('id', '=', c.itemId)
      .execute();
  }
}

/** Adds `delta` (may be negative) to an item's available units at one warehouse. */
export async function addToStock(db: Db, itemId: number, warehouse: Warehouse, delta: number): Promise<void> {
  const column = COLUMNS[warehouse].qty;
  await db
    .updateTable('items')
    .set({ [column]: sql<number>`${sql.ref(column)} + ${delta}` })
    .where('id', '=', itemId)
    .execute();
}

/** An item as `releaseToShelf` left it, and whether lines wait for it. */
export interface ReleasedItem extends StockRow {
  waits: boolean;
}

/**
 * PostgreSQL: gives units back to available stock in ONE statement. It locks the items in number
 * order (as `lockItems`), adds the units, writes one movement per entry whose item exists, and
 * answers those items as they are now, each with whether backordered lines wait for it. Four
 * round trips were one each: lock, add, movements, the backorder check.
 */
export async function releaseToShelf(
  db: Db,
  units: readonly { itemNum: string; warehouse: Warehouse; units: number }[],
  fields: { reason: string; ref: string; actor: string },
): Promise<ReleasedItem[]> {
  const perItem = new Map<string, Record<Warehouse, number>>();
  for (const u of units) {
    const b = perItem.get(u.itemNum) ?? { west: 0, east: 0 };
    b[u.warehouse] += u.units;
    perItem.set(u.itemNum, b);
  }
  const back = [...perItem].map(([num, b]) => sql`(${num}::text, ${b.west}::integer, ${b.east}::integer)`);
  const moves = units.map((u) => sql`(${u.itemNum}::text, ${u.warehouse}::text, ${u.units}::integer)`);
  const r = await sql<ReleasedItem>`with locked as materialized (select id, num from items where num in (${sql.join([...perItem.keys()])}) order by num for update),
    back as (update items set qty_fr = items.qty_fr + v.w, qty_fh = items.qty_fh + v.e
      from locked, (values ${sql.join(back)}) as v(num, w, e) where items.id = locked.id and locked.num = v.num
      returning items.id, items.num, items.web_title, items.price_cents, items.active, items.qty_fr, items.qty_fh, items.reserve_fr, items.reserve_fh),
    moved as (insert into stock_movements (item_num, warehouse, delta, reason, ref, actor, at)
      select m.item_num, m.warehouse, m.delta, ${fields.reason}, ${fields.ref}, ${fields.actor}, ${new Date().toISOString()}
      from (values ${sql.join(moves)}) as m(item_num, warehouse, delta) where m.item_num in (select num from locked))
    select back.*, exists (select 1 from order_lines l where l.item_num = back.num and l.qty_backordered > 0) as waits from back order by back.num`.execute(db);
  return r.rows;
}

// ---- the stock feed: every process re-reads the West/East stock of changed items ----------------

/** The counter that moves with every stock change (a row of `counters`, as the order numbers). */
const STOCK_SEQ = 'stock_seq' as const;

/**
 * PostgreSQL: `markStockChanged` as two common table expressions (`stock_seq`, `stock_changed`) for
 * a WITH clause, so a statement that also does other work (checkout's order numbering) moves the
 * stock sequence without a round trip of its own; `after`, a condition that makes the CTEs holding
 * the statement's earlier locks run first. `ids` must not be empty. PostgreSQL runs a
 * data-modifying CTE whether or not the statement reads it.
 */
export function stockChangeCtes(ids: readonly number[], after?: RawBuilder<unknown>) {
  return sql`${counterCte('stock_seq', STOCK_SEQ, after ? [after] : [])},
    stock_changed as (insert into stock_changes (item_id, seq)
      select v.id, stock_seq.value from stock_seq, (values ${sql.join(ids.map((id) => sql`(${id}::integer)`))}) as v(id)
      on conflict (item_id) do update set seq = excluded.seq)`;
}

/**
 * Records a stock change of these items, in the transaction that made it: the stock sequence
 * moves by one and `stock_changes` holds it for each item, so every process re-reads the
 * West/East stock of just these items. On PostgreSQL the counter's row lock, held to commit, makes
 * sequences commit in order: a process that sees sequence N has every change ≤ N.
 */
export async function markStockChanged(db: Db, itemIds: readonly number[]): Promise<void> {
  const ids = [...new Set(itemIds)];
  if (ids.length === 0) return;
  if (isPostgres(db)) {
    // One statement, so the counter's lock is held for no round trip more.
    await sql`with ${stockChangeCtes(ids)} select 1`.execute(db);
    return;
  }
  const seq = await bumpCounter(db, STOCK_SEQ);
  await db
    .insertInto('stock_changes')
    .values(ids.map((id) => ({ item_id: id, seq })))
    .onConflict((oc) => oc.column('item_id').doUpdateSet({ seq }))
    .execute();
}

// ---- movements -------------------------------------------------------------------------------

export type MovementRow = Insertable<StockMovementTable>;

export async function insertMovements(db: Db, rows: readonly MovementRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) await db.insertInto('stock_movements').values(rows.slice(i, i + 500)).execute();
}

/**
 * PostgreSQL: movements as a common table expression `name` for a WITH clause whose `ref` is an
 * expression of the statement (checkout's order number is known only in its last statement).
 */
export function movementsCte(name: string, moves: readonly { itemNum: string; warehouse: Warehouse; delta: number }[], fields: { reason: string; ref: RawBuilder<string>; actor: string; at: string; from: string }) {
  const values = moves.map((m) => sql`(${m.itemNum}::text, ${m.warehouse}::text, ${m.delta}::integer)`);
  return sql`${sql.id(name)} as (insert into stock_movements (item_num, warehouse, delta, reason, ref, actor, at)
    select v.item_num, v.warehouse, v.delta, ${fields.reason}, ${fields.ref}, ${fields.actor}, ${fields.at}
    from ${sql.id(fields.from)}, (values ${sql.join(values)}) as v(item_num, warehouse, delta))`;
}

export function listMovements(db: Db, itemNum: string, limit: number) {
  return db
    .selectFrom('stock_movements')
    .select(['at', 'warehouse', 'delta', 'reason', 'ref', 'actor'])
    .where('item_num', '=', itemNum)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

// ---- items and what is allocated to orders ---------------------------------------------------

/**
 * Units allocated to orders and not yet shipped, per item and warehouse. The condition is the
 * partial index `order_lines_open`'s own, so only open lines are read.
 */
export async function openUnits(db: Db, itemNums: readonly string[]): Promise<Map<string, Record<Warehouse, number>>> {
  const out = new Map<string, Record<Warehouse, number>>();
  if (itemNums.length === 0) return out;
  const rows = await db
    .selectFrom('order_lines')
    .select(['item_num', sql<number>`sum(qty_west)`.as('west'), sql<number>`sum(qty_east)`.as('east')])
    .where('item_num', 'in', [...itemNums])
    .where(sql`qty_west + qty_east`, '>', 0)
    .groupBy('item_num')
    .execute();
  for (const r of rows) out.set(r.item_num, { west: Number(r.west), east: Number(r.east) });
  return out;
}

/** Items by exact number or UPC (both indexed). */
export function itemsByNumOrUpc(db: Db, text: string, limit: number): Promise<StockRow[]> {
  return db
    .selectFrom('items')
    .select(['id', 'num', 'web_title', 'price_cents', 'active', 'qty_fr', 'qty_fh', 'reserve_fr', 'reserve_fh'])
    .where((eb) => eb.or([eb('num', '=', text), eb('upc', '=', text)]))
    .orderBy('num')
    .limit(limit)
    .execute();
}

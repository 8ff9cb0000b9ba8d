import { type Insertable, type Kysely, type RawBuilder, sql } from 'kysely';
import { bumpCounter, counterCte } from '../platform/counters';
import { oneStatementWrites } from '../platform/db/dialect';
import { atTransactionEnd, inWriteTransaction, type TransactionEnding } from '../platform/db/database';
import type { DB } from '../platform/db/schema';
import type { Warehouse } from './allocation';
import { withStockLevels } from './levels';
import type { StockMovementTable } from './tables';

/**
 * The only place that writes `item_stock` (one row per item and warehouse: `qty`, units not yet
 * allocated; `reserved`, held back; available to sell = qty − reserved; `on_order`) and the
 * movements history. A missing row is an item and warehouse with nothing: additions make it,
 * reads see 0 (levels.ts). Rows read here keep the names the stock had as columns of `items`
 * (`StockRow`, qty_fr/qty_fh: West/East), so callers read them as before. Functions take `db`
 * (or a transaction) first.
 */
export type Db = Kysely<DB>;

/** A warehouse's fields of a `StockRow`. */
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

/**
 * Reads these items with their stock, in item number order. `forUpdate` (PostgreSQL): locks the
 * items' `item_stock` rows in (item_id, warehouse) order, as every stock write takes them, so two
 * writers never deadlock, and share-locks the items' rows, so an edit of a price or status waits
 * for the sale as it did when stock lived on `items`. An item without its two rows gets them
 * first (one extra round trip, once per item): a row that does not exist cannot be locked, and a
 * count or a sale must wait for another one on the same item.
 */
export async function lockItems(db: Db, nums: readonly string[], forUpdate: boolean): Promise<StockRow[]> {
  if (nums.length === 0) return [];
  const rows = await readLocked(db, nums, forUpdate);
  if (!forUpdate || rows.every((r) => r.rows === 2)) return rows.map(withoutCount);
  await sql`insert into item_stock (item_id, warehouse)
    select i.id, w.warehouse from items i, (select 'west' as warehouse union all select 'east') w
    where i.num in (${sql.join([...nums])}) order by i.id, w.warehouse
    on conflict (item_id, warehouse) do nothing`.execute(db);
  return (await readLocked(db, nums, forUpdate)).map(withoutCount);
}

function readLocked(db: Db, nums: readonly string[], forUpdate: boolean) {
  return db
    .with('locked', (d) =>
      d
        .selectFrom('item_stock')
        .select(['item_id', 'warehouse', 'qty', 'reserved'])
        .where('item_id', 'in', d.selectFrom('items').select('id').where('num', 'in', [...nums]))
        .orderBy('item_id')
        .orderBy('warehouse')
        .$if(forUpdate, (q) => q.forUpdate()),
    )
    .selectFrom('items as i')
    .leftJoin('locked as sw', (j) => j.onRef('sw.item_id', '=', 'i.id').on('sw.warehouse', '=', 'west'))
    .leftJoin('locked as se', (j) => j.onRef('se.item_id', '=', 'i.id').on('se.warehouse', '=', 'east'))
    .select([
      'i.id', 'i.num', 'i.web_title', 'i.price_cents', 'i.active',
      sql<number>`coalesce(sw.qty, 0)`.as('qty_fr'),
      sql<number>`coalesce(se.qty, 0)`.as('qty_fh'),
      sql<number>`coalesce(sw.reserved, 0)`.as('reserve_fr'),
      sql<number>`coalesce(se.reserved, 0)`.as('reserve_fh'),
      sql<number>`(case when sw.item_id is null then 0 else 1 end) + (case when se.item_id is null then 0 else 1 end)`.as('rows'),
    ])
    .where('i.num', 'in', [...nums])
    .orderBy('i.num')
    .$if(forUpdate, (q) => q.forShare('i'))
    .execute();
}

const withoutCount = ({ rows: _rows, ...row }: StockRow & { rows: number }): StockRow => row;

/** A change of an item's available units at one warehouse. */
interface Delta {
  itemId: number;
  warehouse: Warehouse;
  delta: number;
}

/**
 * Takes allocated units off available stock, one entry per item (a negative entry adds units);
 * the table's CHECK (qty >= 0) is the last line of defence. PostgreSQL: one statement for all of
 * them (one round trip).
 */
export async function decrementStock(db: Db, changes: readonly { itemId: number; west: number; east: number }[]): Promise<void> {
  await applyDeltas(
    db,
    changes.flatMap((c) => [
      { itemId: c.itemId, warehouse: 'west' as const, delta: -c.west },
      { itemId: c.itemId, warehouse: 'east' as const, delta: -c.east },
    ]),
  );
}

/** Adds `delta` (may be negative) to an item's available units at one warehouse. */
export async function addToStock(db: Db, itemId: number, warehouse: Warehouse, delta: number): Promise<void> {
  await applyDeltas(db, [{ itemId, warehouse, delta }]);
}

/**
 * Units taken update the row (it exists: nothing can be taken from a row that is not there);
 * units added make the row when it is missing. Taking from a missing row is refused, as the CHECK
 * refuses taking below zero.
 */
async function applyDeltas(db: Db, deltas: readonly Delta[]): Promise<void> {
  const moved = deltas.filter((d) => d.delta !== 0);
  if (moved.length === 0) return;
  const taken = moved.filter((d) => d.delta < 0).length;
  let updated: number;
  if (oneStatementWrites(db)) {
    const values = moved.map((d) => sql`(${d.itemId}::integer, ${d.warehouse}::text, ${d.delta}::integer)`);
    const r = await sql<{ n: string }>`with v(item_id, warehouse, delta) as (values ${sql.join(values)}),
      taken as (update item_stock s set qty = s.qty + v.delta from v
        where v.delta < 0 and s.item_id = v.item_id and s.warehouse = v.warehouse returning 1),
      added as (insert into item_stock (item_id, warehouse, qty)
        select item_id, warehouse, delta from v where delta > 0 order by item_id, warehouse
        on conflict (item_id, warehouse) do update set qty = item_stock.qty + excluded.qty returning 1)
      select (select count(*) from taken) as n, (select count(*) from added) as added`.execute(db);
    updated = Number(r.rows[0]!.n);
  } else {
    updated = 0;
    for (const d of moved) {
      if (d.delta < 0) {
        const r = await db
          .updateTable('item_stock')
          .set({ qty: sql<number>`qty + ${d.delta}` })
          .where('item_id', '=', d.itemId)
          .where('warehouse', '=', d.warehouse)
          .executeTakeFirst();
        updated += Number(r.numUpdatedRows);
      } else {
        await db
          .insertInto('item_stock')
          .values({ item_id: d.itemId, warehouse: d.warehouse, qty: d.delta, reserved: 0, on_order: 0 })
          .onConflict((oc) => oc.columns(['item_id', 'warehouse']).doUpdateSet({ qty: sql<number>`item_stock.qty + excluded.qty` }))
          .execute();
      }
    }
  }
  if (updated !== taken) throw new Error('item_stock: units taken from an item and warehouse without stock');
}

/** An item as `releaseToShelf` left it, and whether lines wait for it. */
export interface ReleasedItem extends StockRow {
  waits: boolean;
}

/**
 * PostgreSQL: gives units back to available stock in ONE statement. It adds the units to the
 * items' stock rows (making missing ones; the rows are taken in (item_id, warehouse) order, as
 * `lockItems` takes them), writes one movement per entry whose item exists, and answers those
 * items as they are now, each with whether backordered lines wait for it. Four round trips were
 * one each: lock, add, movements, the backorder check.
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
  const back = [...perItem].flatMap(([num, b]) => [sql`(${num}::text, 'west', ${b.west}::integer)`, sql`(${num}::text, 'east', ${b.east}::integer)`]);
  const moves = units.map((u) => sql`(${u.itemNum}::text, ${u.warehouse}::text, ${u.units}::integer)`);
  // Both rows of each item are written (adding 0 to one), so both come back locked and current.
  const r = await sql<ReleasedItem>`with found as materialized (select id, num, web_title, price_cents, active from items
      where num in (${sql.join([...perItem.keys()])}) order by num for share),
    back as (insert into item_stock (item_id, warehouse, qty)
      select found.id, v.warehouse, v.units from found, (values ${sql.join(back)}) as v(num, warehouse, units)
      where found.num = v.num order by found.id, v.warehouse
      on conflict (item_id, warehouse) do update set qty = item_stock.qty + excluded.qty
      returning item_id, warehouse, qty, reserved),
    moved as (insert into stock_movements (item_num, warehouse, delta, reason, ref, actor, at)
      select m.item_num, m.warehouse, m.delta, ${fields.reason}, ${fields.ref}, ${fields.actor}, ${new Date().toISOString()}
      from (values ${sql.join(moves)}) as m(item_num, warehouse, delta) where m.item_num in (select num from found))
    select found.id, found.num, found.web_title, found.price_cents, found.active,
      w.qty as qty_fr, e.qty as qty_fh, w.reserved as reserve_fr, e.reserved as reserve_fh,
      exists (select 1 from order_lines l where l.item_num = found.num and l.qty_backordered > 0) as waits
    from found join back w on w.item_id = found.id and w.warehouse = 'west' join back e on e.item_id = found.id and e.warehouse = 'east'
    order by found.num`.execute(db);
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
 * PostgreSQL: the stock sequence as a write transaction's last statement (with the orders feed's
 * stamp when the transaction changed orders too: one statement, decision 0015). Its counter row is
 * taken after every other row the transaction locks and held for that statement and the commit only.
 */
const stockFeed: TransactionEnding<Set<number>> = {
  name: 'stock feed',
  last: true,
  rank: 1,
  start: () => new Set<number>(),
  async end(trx, ids) {
    if (ids.size > 0) await sql`with ${stockChangeCtes([...ids])} select 1`.execute(trx);
  },
  ctes(ids, after) {
    if (ids.size === 0) return null;
    return { ctes: stockChangeCtes([...ids], after.length > 0 ? sql.join(after, sql` and `) : undefined), done: sql`(select count(*) from stock_seq) > 0` };
  },
};

/**
 * Records a stock change of these items, in the transaction that made it: the stock sequence
 * moves by one and `stock_changes` holds it for each item, so every process re-reads the
 * West/East stock of just these items. On PostgreSQL the counter's row lock, held to commit, makes
 * sequences commit in order: a process that sees sequence N has every change ≤ N; inside a write
 * transaction it is taken at the transaction's end (`stockFeed`).
 */
export async function markStockChanged(db: Db, itemIds: readonly number[]): Promise<void> {
  const ids = [...new Set(itemIds)];
  if (ids.length === 0) return;
  if (oneStatementWrites(db)) {
    if (inWriteTransaction(db)) {
      const pending = atTransactionEnd(db, stockFeed);
      for (const id of ids) pending.add(id);
      return;
    }
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

/** Items by exact number or UPC (both indexed), with their stock. */
export function itemsByNumOrUpc(db: Db, text: string, limit: number): Promise<StockRow[]> {
  return withStockLevels(db.selectFrom('items as i').select(['i.id', 'i.num', 'i.web_title', 'i.price_cents', 'i.active']), 'i.id')
    .where((eb) => eb.or([eb('i.num', '=', text), eb('i.upc', '=', text)]))
    .orderBy('i.num')
    .limit(limit)
    .execute();
}

import { sql } from 'kysely';
import { withStockLevels } from './levels';
import { type Db, markStockChanged } from './queries';

/**
 * Stock counts set outright, for the demo catalogue, synthetic items and test set-ups only: a
 * catalogue write never writes stock (docs/decisions/0025), so a seed that wants an item on the
 * shelf puts its counts here after the item exists. No movement is recorded (there was no
 * earlier count to move from). The shop's own counts come in through Adjust, `PUT /Stock` and
 * checkouts.
 */

export interface StockCounts {
  /** Units not yet allocated, West (Fresno) / East (Fairhope). */
  qtyFr: number;
  qtyFh: number;
  /** Held back from sale. */
  reserveFr: number;
  reserveFh: number;
  /** On order from the factory. */
  ordqtyFr: number;
  ordqtyFh: number;
}

export type SeededStock = { num: string } & Partial<StockCounts>;

/** Rows per statement: 7 parameters each, under both databases' limits. */
const PART = 1_000;

/**
 * Sets the given counts of these items (a count left out is left as it is). `announce: false`
 * skips the stock feed, for a seed whose catalogue version bump rebuilds every index anyway.
 */
export async function seedStock(db: Db, rows: readonly SeededStock[], options: { announce?: boolean } = {}): Promise<void> {
  const given = rows.filter((r) => r.qtyFr !== undefined || r.qtyFh !== undefined || r.reserveFr !== undefined || r.reserveFh !== undefined || r.ordqtyFr !== undefined || r.ordqtyFh !== undefined);
  for (let i = 0; i < given.length; i += PART) {
    const values = given.slice(i, i + PART).map(
      (r) =>
        sql`(${r.num}, ${count(r.qtyFr)}, ${count(r.qtyFh)}, ${count(r.reserveFr)}, ${count(r.reserveFh)}, ${count(r.ordqtyFr)}, ${count(r.ordqtyFh)})`,
    );
    // A CTE with named columns reads the same on SQLite and PostgreSQL; null keeps a level.
    const v = sql`v(num, qf, qh, rf, rh, oqf, oqh) as (values ${sql.join(values)})`;
    await sql`with ${v} insert into item_stock (item_id, warehouse)
      select i.id, w.warehouse from v, items i, (select 'west' as warehouse union all select 'east') w
      where i.num = cast(v.num as text) order by i.id, w.warehouse
      on conflict (item_id, warehouse) do nothing`.execute(db);
    const changed = await sql<{ item_id: number }>`with ${v}
      update item_stock set
        qty = coalesce(cast(case item_stock.warehouse when 'west' then v.qf else v.qh end as integer), item_stock.qty),
        reserved = coalesce(cast(case item_stock.warehouse when 'west' then v.rf else v.rh end as integer), item_stock.reserved),
        on_order = coalesce(cast(case item_stock.warehouse when 'west' then v.oqf else v.oqh end as integer), item_stock.on_order)
      from v, items i where i.num = cast(v.num as text) and item_stock.item_id = i.id returning item_stock.item_id`.execute(db);
    if (options.announce !== false) await markStockChanged(db, changed.rows.map((r) => r.item_id));
  }
}

const count = (n: number | undefined) => (n === undefined ? null : n);

/** The counts of these items as stored (the catalogue CSV shows them, read-only); items not found are absent. */
export async function readStockCounts(db: Db, nums: readonly string[]): Promise<Map<string, StockCounts>> {
  const out = new Map<string, StockCounts>();
  const unique = [...new Set(nums)];
  for (let i = 0; i < unique.length; i += 10_000) {
    const rows = await withStockLevels(db.selectFrom('items as i').select('i.num'), 'i.id')
      .where('i.num', 'in', unique.slice(i, i + 10_000))
      .execute();
    for (const r of rows) out.set(r.num, { qtyFr: r.qty_fr, qtyFh: r.qty_fh, reserveFr: r.reserve_fr, reserveFh: r.reserve_fh, ordqtyFr: r.ordqty_fr, ordqtyFh: r.ordqty_fh });
  }
  return out;
}

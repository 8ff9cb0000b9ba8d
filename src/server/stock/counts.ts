import { sql } from 'kysely';
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
    // A CTE with named columns reads the same on SQLite and PostgreSQL; null keeps a column.
    const changed = await sql<{ id: number }>`with v(num, qf, qh, rf, rh, oqf, oqh) as (values ${sql.join(values)})
      update items set
        qty_fr = coalesce(cast(v.qf as integer), items.qty_fr), qty_fh = coalesce(cast(v.qh as integer), items.qty_fh),
        reserve_fr = coalesce(cast(v.rf as integer), items.reserve_fr), reserve_fh = coalesce(cast(v.rh as integer), items.reserve_fh),
        ordqty_fr = coalesce(cast(v.oqf as integer), items.ordqty_fr), ordqty_fh = coalesce(cast(v.oqh as integer), items.ordqty_fh)
      from v where items.num = cast(v.num as text) returning items.id`.execute(db);
    if (options.announce !== false) await markStockChanged(db, changed.rows.map((r) => r.id));
  }
}

const count = (n: number | undefined) => (n === undefined ? null : n);

/** The counts of these items as stored (the catalogue CSV shows them, read-only); items not found are absent. */
export async function readStockCounts(db: Db, nums: readonly string[]): Promise<Map<string, StockCounts>> {
  const out = new Map<string, StockCounts>();
  const unique = [...new Set(nums)];
  for (let i = 0; i < unique.length; i += 10_000) {
    const rows = await db
      .selectFrom('items')
      .select(['num', 'qty_fr', 'qty_fh', 'reserve_fr', 'reserve_fh', 'ordqty_fr', 'ordqty_fh'])
      .where('num', 'in', unique.slice(i, i + 10_000))
      .execute();
    for (const r of rows) out.set(r.num, { qtyFr: r.qty_fr, qtyFh: r.qty_fh, reserveFr: r.reserve_fr, reserveFh: r.reserve_fh, ordqtyFr: r.ordqty_fr, ordqtyFh: r.ordqty_fh });
  }
  return out;
}

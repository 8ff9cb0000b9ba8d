import { type Kysely, sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports nothing of the app.

/**
 * Opening balances (docs/decisions/0028): the stock an item had before the movements history
 * began (the demo seed, a catalogue load, stock from before 2026-11-25) was never a movement, so
 * the history did not add up to what is on hand. For every item and warehouse whose movements do
 * not explain its units on hand (qty + units allocated to orders and not shipped), one `count`
 * movement "opening balance" of the difference. From here on, on hand = the sum of the deltas of
 * every movement but checkout, backorder and cancel (those move units between available and
 * allocated). Running it again adds nothing.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const at = new Date().toISOString();
  for (const [w, qty, open] of [['west', 'qty_fr', 'qty_west'], ['east', 'qty_fh', 'qty_east']] as const) {
    await sql`insert into stock_movements (item_num, warehouse, delta, reason, ref, actor, at)
      select i.num, cast(${w} as text), i.${sql.ref(qty)} + coalesce(o.units, 0) - coalesce(m.units, 0), 'count', 'opening balance', 'shop', cast(${at} as text)
      from items i
      left join (select item_num, sum(${sql.ref(open)}) as units from order_lines where qty_west + qty_east > 0 group by item_num) o on o.item_num = i.num
      left join (select item_num, sum(delta) as units from stock_movements
        where warehouse = cast(${w} as text) and reason not in ('checkout', 'backorder', 'cancel') group by item_num) m on m.item_num = i.num
      where i.${sql.ref(qty)} + coalesce(o.units, 0) - coalesce(m.units, 0) <> 0`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from stock_movements where ref = 'opening balance' and actor = 'shop'`.execute(db);
}

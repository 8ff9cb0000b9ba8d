import { sql } from 'kysely';
import type { Db } from './queries';

/**
 * Opening balances (docs/decisions/0028): the starting stock a seed gives items (the demo
 * catalogue, synthetic items) becomes a `count` movement "opening balance" per item and warehouse,
 * so the movements history adds up to what is on hand from the start: on hand (qty + units
 * allocated and not shipped) = the sum of the deltas of every movement but checkout, backorder
 * and cancel. Only an item and warehouse with no movement yet gets one (a later difference is a
 * fault to find, not to paper over), so running it again adds nothing. One statement per
 * warehouse, in the caller's transaction.
 */
export async function recordOpeningBalances(db: Db, actor = 'shop'): Promise<void> {
  const at = new Date().toISOString();
  for (const [w, open] of [['west', 'qty_west'], ['east', 'qty_east']] as const) {
    const qty = sql`coalesce((select s.qty from item_stock s where s.item_id = i.id and s.warehouse = cast(${w} as text)), 0)`;
    await sql`insert into stock_movements (item_num, warehouse, delta, reason, ref, actor, at)
      select i.num, cast(${w} as text), ${qty} + coalesce(o.units, 0) - coalesce(m.units, 0), 'count', 'opening balance', cast(${actor} as text), cast(${at} as text)
      from items i
      left join (select item_num, sum(${sql.ref(open)}) as units from order_lines where qty_west + qty_east > 0 group by item_num) o on o.item_num = i.num
      left join (select item_num, sum(delta) as units from stock_movements
        where warehouse = cast(${w} as text) and reason not in ('checkout', 'backorder', 'cancel') group by item_num) m on m.item_num = i.num
      where ${qty} + coalesce(o.units, 0) - coalesce(m.units, 0) <> 0
        and not exists (select 1 from stock_movements h where h.item_num = i.num and h.warehouse = cast(${w} as text))`.execute(db);
  }
}

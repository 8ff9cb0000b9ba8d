import { type Kysely, sql } from 'kysely';
import { EDITABLE_STATUSES } from '../../src/contract/admin/orders';
import type { DB } from '../../src/server/platform/db/schema';

/**
 * The `admin-edit-line` path (decision 0036): one line of a 200-line order changed by PATCH with
 * If-Match, as the order page's Edit saves it. Each order is edited in turn (round robin over more
 * orders than there are connections, so no two edits of one order are in flight together), and
 * each edit moves the order's version by one: the next edit of that order names the next version.
 * An edit adds one case of the line's item, the next takes it off again, so the units the ship and
 * cancel paths take (read before the run) stay open.
 */

export interface EditableLine {
  orderNum: number;
  version: number;
  lineNo: number;
  qty: number;
  /** The item's case pack: an edit changes the line by one case. */
  multiple: number;
}

/**
 * One unshipped, uncancelled line of each editable 200-line order. Their customers get a credit
 * limit that a case more does not pass (the synthetic customers' $10,000 is less than a 200-line
 * order): the path measures an edit of one line, not the credit hold that would give back the
 * stock of all 200 lines (decision 0036), which a one-line edit of an account in good standing never does.
 */
export async function editSamples(db: Kysely<DB>): Promise<EditableLine[]> {
  await db
    .updateTable('customers')
    .set({ credit_limit_cents: 1_000_000_000 })
    .where('id', 'in', (eb) => eb.selectFrom('orders').select('customer_id').where('line_count', '=', 200).where('status_code', 'in', [...EDITABLE_STATUSES]))
    .execute();
  const rows = await db
    .selectFrom('orders as o')
    .innerJoin('order_lines as l', 'l.order_id', 'o.id')
    .innerJoin('items as i', 'i.num', 'l.item_num')
    .select(['o.order_num as orderNum', 'o.version', sql<number>`min(l.line_no)`.as('lineNo')])
    .where('o.line_count', '=', 200)
    .where('o.status_code', 'in', [...EDITABLE_STATUSES])
    .where('l.qty_shipped', '=', 0)
    .where('l.qty_cancelled', '=', 0)
    .groupBy(['o.order_num', 'o.version'])
    .execute();
  const lines = await Promise.all(
    rows.map(async (r) => {
      const l = await db
        .selectFrom('order_lines as l')
        .innerJoin('orders as o', 'o.id', 'l.order_id')
        .innerJoin('items as i', 'i.num', 'l.item_num')
        .select(['l.qty', 'i.order_multiple'])
        .where('o.order_num', '=', r.orderNum)
        .where('l.line_no', '=', Number(r.lineNo))
        .executeTakeFirstOrThrow();
      return { orderNum: r.orderNum, version: Number(r.version), lineNo: Number(r.lineNo), qty: l.qty, multiple: Math.max(1, Number(l.order_multiple)) };
    }),
  );
  return lines;
}

/** The next edit: the order's number, the version it must name, and the line's new quantity. */
export class LineEdits {
  private next = 0;
  private readonly lines: (EditableLine & { up: boolean })[];

  constructor(lines: readonly EditableLine[]) {
    this.lines = lines.map((l) => ({ ...l, up: false }));
  }

  take(): { orderNum: number; ifMatch: number; lineNo: number; qty: number } | null {
    const l = this.lines[this.next++ % Math.max(1, this.lines.length)];
    if (!l) return null;
    l.up = !l.up;
    const edit = { orderNum: l.orderNum, ifMatch: l.version, lineNo: l.lineNo, qty: l.up ? l.qty + l.multiple : l.qty };
    l.version++;
    return edit;
  }
}

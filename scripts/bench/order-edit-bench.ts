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

/** One unshipped, uncancelled line of each editable 200-line order. */
export async function editSamples(db: Kysely<DB>): Promise<EditableLine[]> {
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

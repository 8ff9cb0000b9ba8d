import { ORDER_ADMIN_MESSAGES as M } from '../../contract/admin/orders';
import { Conflict, Invalid } from '../platform/errors';
import type { EditedLine, OrderLineRow, Released } from '../orders';

/**
 * What an order edit does to the lines the order has (decision 0036), pure: checks the requested
 * quantities and answers the lines' new quantities, the units they give back to stock, and the
 * units they still need (allocated by the caller once the items are locked). Nothing is written
 * here; a refusal throws before anything changed.
 */

/** Units of a line that are not cancelled: what the buyer still gets (open, backordered, shipped). */
export const wanted = (l: Pick<OrderLineRow, 'qty' | 'qty_cancelled'>) => l.qty - l.qty_cancelled;

export interface LineEdit {
  line: OrderLineRow;
  /** Units wanted before and after. */
  from: number;
  to: number;
  /** The line as it is written (removed lines with nothing cancelled are deleted instead). */
  after: EditedLine;
  /** Units to allocate (an increase); 0 for a decrease. */
  needs: number;
  removed: boolean;
}

export interface LinesPlan {
  edits: LineEdit[];
  /** Open units given back to stock by the decreases. */
  released: Released[];
}

const quantities = (l: OrderLineRow): EditedLine => ({
  line_no: l.line_no,
  qty: l.qty,
  extended_cents: Number(l.extended_cents),
  qty_west: l.qty_west,
  qty_east: l.qty_east,
  qty_backordered: l.qty_backordered,
  qty_shipped: l.qty_shipped,
  qty_cancelled: l.qty_cancelled,
});

/**
 * New wanted quantities of some lines. A line with shipped units cannot change (its quantity may
 * not go below what shipped, and "while nothing of it has shipped" is the rule). A decrease takes
 * backordered units first (they hold no stock), then West, then East, as a cancel does; the
 * ordered quantity moves with it, so the units are not "cancelled": the order is what it is now.
 */
export function planLineEdits(lines: readonly OrderLineRow[], requested: readonly { lineNo: number; qty: number }[]): LinesPlan {
  const byNo = new Map(lines.map((l) => [l.line_no, l]));
  const seen = new Set<number>();
  const edits: LineEdit[] = [];
  const released: Released[] = [];
  for (const r of requested) {
    if (seen.has(r.lineNo)) throw new Invalid(M.duplicateLine(r.lineNo));
    seen.add(r.lineNo);
    const line = byNo.get(r.lineNo);
    if (!line) throw new Invalid(M.lineNotFound(r.lineNo));
    const from = wanted(line);
    if (r.qty === from) continue;
    if (line.qty_shipped > 0) throw new Conflict(M.editShippedLine(r.lineNo));
    const after = quantities(line);
    after.qty = r.qty + line.qty_cancelled;
    after.extended_cents = after.qty * Number(line.price_cents);
    let needs = 0;
    if (r.qty > from) {
      needs = r.qty - from;
    } else {
      let left = from - r.qty;
      const take = (has: number) => {
        const n = Math.min(has, left);
        left -= n;
        return n;
      };
      after.qty_backordered -= take(line.qty_backordered);
      const west = take(line.qty_west);
      const east = take(line.qty_east);
      after.qty_west -= west;
      after.qty_east -= east;
      if (west > 0) released.push({ itemNum: line.item_num, warehouse: 'west', units: west });
      if (east > 0) released.push({ itemNum: line.item_num, warehouse: 'east', units: east });
    }
    edits.push({ line, from, to: r.qty, after, needs, removed: r.qty === 0 });
  }
  return { edits, released };
}

/**
 * The order goes on hold for credit: like a credit-held checkout it keeps no stock (decision
 * 0022), so every open unit of the order's lines goes back and waits as a backorder until staff
 * release it. Adds those lines to `plan` (or moves the ones it changes) and their units to `released`.
 */
export function holdEveryUnit(lines: readonly OrderLineRow[], plan: LinesPlan): void {
  const byNo = new Map(plan.edits.map((e) => [e.line.line_no, e]));
  for (const line of lines) {
    const edit = byNo.get(line.line_no);
    const after = edit?.after ?? quantities(line);
    if (after.qty_west + after.qty_east === 0) continue;
    if (after.qty_west > 0) plan.released.push({ itemNum: line.item_num, warehouse: 'west', units: after.qty_west });
    if (after.qty_east > 0) plan.released.push({ itemNum: line.item_num, warehouse: 'east', units: after.qty_east });
    after.qty_backordered += after.qty_west + after.qty_east;
    after.qty_west = 0;
    after.qty_east = 0;
    if (!edit) plan.edits.push({ line, from: wanted(line), to: wanted(line), after, needs: 0, removed: false });
  }
}

/** round(d × s1 / s0), half up, exact for any cents: the coupon's discount keeps its rate on the order as edited. */
export function discountAtSameRate(d: number, s1: number, s0: number): number {
  if (s0 <= 0 || d <= 0 || s1 <= 0) return 0;
  return Number((2n * BigInt(d) * BigInt(s1) + BigInt(s0)) / (2n * BigInt(s0)));
}

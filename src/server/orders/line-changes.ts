import { ORDER_ADMIN_MESSAGES as M } from '../../contract/admin/orders';
import type { Warehouse } from '../../contract/order-lifecycle';
import { Conflict, Invalid } from '../platform/errors';
import type { LineQuantities } from './lifecycle-queries';
import type { OrderLineRow } from './queries';

/**
 * What a shipment or a cancel does to an order's lines, pure: checks the requested lines against
 * what they hold and answers their new quantities. Nothing is written here; a refusal throws
 * before anything changed.
 */

type Line = Pick<OrderLineRow, 'line_no' | 'item_num' | 'title' | 'price_cents'> & LineQuantities;
export interface Requested {
  lineNo: number;
  qty: number;
}
export interface Moved {
  line: Line;
  qty: number;
}

/** A line moved by a shipment or a cancel, as answers and mails describe it. */
export interface MovedLine {
  lineNo: number;
  invNum: string;
  title: string;
  qty: number;
}

/** The requested lines, each found once on the order; no `requested`: every line. */
function pick(lines: readonly Line[], requested: readonly Requested[] | undefined, all: (l: Line) => number): Moved[] {
  if (!requested) return lines.map((line) => ({ line, qty: all(line) })).filter((m) => m.qty > 0);
  const byNo = new Map(lines.map((l) => [l.line_no, l]));
  const seen = new Set<number>();
  return requested.map((r) => {
    if (seen.has(r.lineNo)) throw new Invalid(M.duplicateLine(r.lineNo));
    seen.add(r.lineNo);
    const line = byNo.get(r.lineNo);
    if (!line) throw new Invalid(M.lineNotFound(r.lineNo));
    return { line, qty: r.qty };
  });
}

const openAt = (l: Line, w: Warehouse) => (w === 'west' ? l.qty_west : l.qty_east);

export function planShipment(lines: readonly Line[], warehouse: Warehouse, requested?: readonly Requested[]): { moved: Moved[]; changes: LineQuantities[] } {
  const moved = pick(lines, requested, (l) => openAt(l, warehouse));
  for (const m of moved) {
    const open = openAt(m.line, warehouse);
    if (m.qty > open) throw new Conflict(M.moreThanOpen(m.line.line_no, open, warehouse));
  }
  if (moved.length === 0) throw new Conflict(M.nothingToShip(warehouse));
  const changes = moved.map(({ line, qty }) => ({
    ...quantities(line),
    qty_west: warehouse === 'west' ? line.qty_west - qty : line.qty_west,
    qty_east: warehouse === 'east' ? line.qty_east - qty : line.qty_east,
    qty_shipped: line.qty_shipped + qty,
  }));
  return { moved, changes };
}

export interface Released {
  itemNum: string;
  warehouse: Warehouse;
  units: number;
}

/**
 * Cancels units of lines: backordered units first (they hold no stock), then West, then East.
 * Shipped units are never cancelled. Answers the open units released back to stock too.
 */
export function planCancel(lines: readonly Line[], requested?: readonly Requested[]): { moved: Moved[]; changes: LineQuantities[]; released: Released[] } {
  const cancellable = (l: Line) => l.qty_backordered + l.qty_west + l.qty_east;
  const moved = pick(lines, requested, cancellable);
  for (const m of moved) {
    if (m.qty > cancellable(m.line)) throw new Conflict(M.moreThanCancellable(m.line.line_no, cancellable(m.line)));
  }
  if (moved.length === 0) throw new Conflict(M.nothingToCancel);
  const released: Released[] = [];
  const changes = moved.map(({ line, qty }) => {
    let left = qty;
    const take = (has: number) => {
      const n = Math.min(has, left);
      left -= n;
      return n;
    };
    const backordered = take(line.qty_backordered);
    const west = take(line.qty_west);
    const east = take(line.qty_east);
    if (west > 0) released.push({ itemNum: line.item_num, warehouse: 'west', units: west });
    if (east > 0) released.push({ itemNum: line.item_num, warehouse: 'east', units: east });
    return {
      ...quantities(line),
      qty_backordered: line.qty_backordered - backordered,
      qty_west: line.qty_west - west,
      qty_east: line.qty_east - east,
      qty_cancelled: line.qty_cancelled + qty,
    };
  });
  return { moved, changes, released };
}

function quantities(l: Line): LineQuantities {
  return { line_no: l.line_no, qty_west: l.qty_west, qty_east: l.qty_east, qty_backordered: l.qty_backordered, qty_shipped: l.qty_shipped, qty_cancelled: l.qty_cancelled };
}

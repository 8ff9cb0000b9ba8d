import type { Actor } from '../audit/audit';
import type { CountMoves } from '../orders/counts';
import { addOrderEvent, saveOrderState } from '../orders/order-state';
import { allocateStock, firstWarehouse, type Warehouse } from './allocation';
import { allocateBackordered, itemsWithBackorders, lineOf, type LockedOrder, lockOrderForFill, waitingLines } from './backorder-queries';
import { type Move, type MovementReason, recordMovements, type StockUnits } from './movements';
import { addToStock, availableOf, type Db, decrementStock, isPostgres, lockItems, markStockChanged } from './queries';

/**
 * Backorder fills (DESIGN.md §5 "Stock"): units that become available at a warehouse go first to
 * that item's backordered lines, oldest order first (orders on hold, cancelled or closed wait), in
 * the transaction that made them available. Adjust up, the CSV import and cancels all call this.
 */

export interface FilledLine {
  lineNo: number;
  invNum: string;
  title: string;
  west: number;
  east: number;
}

/** What one order received: the caller mails the buyer after the commit (backorder-mail.ts). */
export interface Filled {
  orderNum: number;
  customerId: number;
  lines: FilledLine[];
}

const LABEL: Record<Warehouse, string> = { west: 'West', east: 'East' };

function shipState(order: LockedOrder): string {
  try {
    return String((JSON.parse(order.ship_to_json) as { state?: unknown }).state ?? '');
  } catch {
    return '';
  }
}

/**
 * Allocates the available units of these items to their waiting backorders. Each touched order's
 * sums, counts and version move (`saveOrderState`, from the order row as stored) and its timeline
 * gets a public 'backorder_allocated' event. A caller that saves an order after this must read it
 * again first (`lockOrder`): the fill may have saved it. With `changed`, the ids of items whose
 * stock changed are added to it instead of marked (`markStockChanged`): the caller marks them last.
 * With `counts`, the filled orders' count moves are added to it: the caller applies them after
 * the rows it must take before `order_counts` (a cancel's sales summaries).
 */
export async function fillBackorders(trx: Db, itemNums: readonly string[], actor: Actor, changed?: number[], counts?: CountMoves): Promise<Filled[]> {
  const waiting = await itemsWithBackorders(trx, itemNums);
  if (waiting.length === 0) return [];
  const forUpdate = isPostgres(trx);
  const orders = new Map<number, { state: LockedOrder | undefined; lines: FilledLine[] }>();
  const moves = new Map<string, Move & { orderNum: number }>();
  const changedItems: number[] = [];

  for (const item of await lockItems(trx, waiting, forUpdate)) {
    const available = availableOf(item);
    const taken = { west: 0, east: 0 };
    if (available.west <= 0 && available.east <= 0) continue;
    for (const w of await waitingLines(trx, item.num)) {
      if (available.west <= 0 && available.east <= 0) break;
      let entry = orders.get(w.order_id);
      if (!entry) orders.set(w.order_id, (entry = { state: await lockOrderForFill(trx, w.order_id, forUpdate), lines: [] }));
      if (!entry.state) continue;
      const line = await lineOf(trx, w.order_id, w.line_no);
      if (line.qty_backordered <= 0) continue;
      const got = allocateStock(line.qty_backordered, available, firstWarehouse(entry.state.shipping_code, shipState(entry.state)));
      if (got.west + got.east === 0) continue;
      await allocateBackordered(trx, w.order_id, w.line_no, got.west, got.east);
      entry.lines.push({ lineNo: line.line_no, invNum: item.num, title: line.title, west: got.west, east: got.east });
      for (const wh of ['west', 'east'] as const) {
        if (got[wh] === 0) continue;
        available[wh] -= got[wh];
        taken[wh] += got[wh];
        const key = `${entry.state.order_num}|${item.num}|${wh}`;
        const move = moves.get(key) ?? { itemNum: item.num, warehouse: wh, delta: 0, orderNum: entry.state.order_num };
        move.delta -= got[wh];
        moves.set(key, move);
      }
    }
    if (taken.west + taken.east > 0) {
      await decrementStock(trx, [{ itemId: item.id, ...taken }]);
      changedItems.push(item.id);
    }
  }

  const filled: Filled[] = [];
  for (const { state, lines } of orders.values()) {
    if (!state || lines.length === 0) continue;
    await saveOrderState(trx, state, {}, undefined, counts);
    const detail = lines.map((l) => `${l.invNum}: ${[l.west && `${l.west} from ${LABEL.west}`, l.east && `${l.east} from ${LABEL.east}`].filter(Boolean).join(', ')}`).join('; ');
    await addOrderEvent(trx, state.id, actor, 'backorder_allocated', `Backordered units allocated: ${detail}`, true);
    filled.push({ orderNum: state.order_num, customerId: state.customer_id, lines });
  }
  await recordMovements(trx, [...moves.values()].map((m) => ({ ...m, ref: `order ${m.orderNum}` })), { reason: 'backorder', ref: '', actor });
  if (changed) changed.push(...changedItems);
  else await markStockChanged(trx, changedItems);
  return filled;
}

/**
 * Gives units back to available stock (a cancel releases what was allocated), records the
 * movements, and fills waiting backorders of those items with them. Answers the fills: mail them
 * after the commit (`sendBackorderMails`).
 *
 * A cancel calls it after changing its lines and BEFORE its own `saveOrderState`, which it makes
 * from the order read again (`lockOrder`). So every transaction takes item rows before the shared
 * `order_counts` rows (checkout and adjustments do too), and a cancel and an adjustment of the
 * same item cannot deadlock on PostgreSQL.
 *
 * With `changed`, it does not mark the stock change: the ids of the changed items are added to it and the
 * caller marks them (`markStockChanged`) as its transaction's last statement, so the stock
 * sequence's counter row (which every checkout takes) is not held across the rest of the cancel,
 * and is taken after order_counts, in checkout's order.
 */
export async function releaseUnits(
  trx: Db,
  units: readonly StockUnits[],
  move: { reason: Extract<MovementReason, 'cancel'>; ref: string; actor: Actor },
  changed?: number[],
  counts?: CountMoves,
): Promise<Filled[]> {
  const positive = units.filter((u) => u.units > 0);
  if (positive.length === 0) return [];
  const items = new Map((await lockItems(trx, [...new Set(positive.map((u) => u.itemNum))], isPostgres(trx))).map((r) => [r.num, r]));
  for (const u of positive) {
    const item = items.get(u.itemNum);
    // An item deleted since the order was placed has no stock row to go back to.
    if (item) await addToStock(trx, item.id, u.warehouse, u.units);
  }
  const known = positive.filter((u) => items.has(u.itemNum));
  await recordMovements(trx, known.map((u) => ({ itemNum: u.itemNum, warehouse: u.warehouse, delta: u.units })), move);
  const ids = known.map((u) => items.get(u.itemNum)!.id);
  if (changed) changed.push(...ids);
  else await markStockChanged(trx, ids);
  return fillBackorders(trx, known.map((u) => u.itemNum), move.actor, changed, counts);
}

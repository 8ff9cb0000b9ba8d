import type { Actor } from '../platform/audit/audit';
import { addOrderEvents, allocateBackordered, type CountMoves, type OrderSums, saveOrderSums } from '../orders';
import { allocateStock, firstWarehouse, type Warehouse } from '../stock';
import { type LockedOrder, lockOrdersForFill } from '../orders';
import { type Filled, type FilledLine, itemsWithBackorders, type Waiting, type WaitingLine, waitingLines, waitingQueue } from '../stock';
import { type Move, type MovementReason, recordMovements, type StockUnits } from '../stock';
import { oneStatementWrites, rowLocks } from '../platform/db/dialect';
import { availableOf, type Db, decrementStock, lockItems, markStockChanged, releaseToShelf, type StockRow } from '../stock';

/**
 * Backorder fills (DESIGN.md §5 "Stock"): units that become available at a warehouse go first to
 * that item's backordered lines, oldest order first (orders on hold, cancelled or closed wait), in
 * the transaction that made them available. Adjust up, the CSV import and cancels all call this.
 */

const LABEL: Record<Warehouse, string> = { west: 'West', east: 'East' };

function shipState(order: LockedOrder): string {
  try {
    return String((JSON.parse(order.ship_to_json) as { state?: unknown }).state ?? '');
  } catch {
    return '';
  }
}

const hasUnits = (a: Record<Warehouse, number>) => a.west > 0 || a.east > 0;
const unitsOf = (a: Record<Warehouse, number>) => Math.max(0, a.west) + Math.max(0, a.east);

/** Units of one waiting line given to it. */
interface Allocated {
  order: LockedOrder;
  line: WaitingLine;
  item: StockRow;
  west: number;
  east: number;
}

/** Waiting lines read per item and round at most (fewer when it has fewer units to give). */
const QUEUE_READ = 100;

/**
 * Gives the available units of these (locked) items to their waiting lines, oldest order first,
 * in memory: nothing is written here. Each round reads, per item, the oldest waiting lines that
 * can cover what it has (`waitingQueue`: one line per unit at most, as each waits for one or
 * more), locks their orders in one statement, reads those lines again (now that no one else can
 * change them) and allocates. An item goes on to a next round, after the orders it considered,
 * when it has units left and more lines may wait: an order was skipped (another transaction
 * holds it), a line changed meanwhile, or it has more units than one read takes. Usually one round.
 */
async function allocateToWaiting(trx: Db, stock: readonly StockRow[]): Promise<Allocated[]> {
  const items = new Map(stock.map((i) => [i.num, { item: i, left: availableOf(i), after: 0 }]));
  const orders = new Map<number, LockedOrder | null>();
  const out: Allocated[] = [];
  for (;;) {
    const want = [...items.values()].filter((i) => hasUnits(i.left) && i.after !== Infinity);
    if (want.length === 0) return out;
    const reads = want.map((i) => ({ itemNum: i.item.num, after: i.after, limit: Math.min(QUEUE_READ, unitsOf(i.left)) }));
    const queue = new Map<string, Waiting[]>();
    for (const w of await waitingQueue(trx, reads)) queue.set(w.item_num, [...(queue.get(w.item_num) ?? []), w]);
    // Per item: the last order this round considers (Infinity: no more lines wait after these).
    const upTo = new Map<string, number>();
    const ids = new Set<number>();
    for (const r of reads) {
      const rows = queue.get(r.itemNum) ?? [];
      let end = rows.length < r.limit ? Infinity : rows[rows.length - 1]!.order_id;
      let need = unitsOf(items.get(r.itemNum)!.left);
      for (const w of rows) {
        if (w.order_id > end) break;
        ids.add(w.order_id);
        need -= w.qty_backordered;
        if (need <= 0) end = Math.min(end, w.order_id);
      }
      upTo.set(r.itemNum, end);
    }
    const fresh = [...ids].filter((id) => !orders.has(id));
    for (const o of await lockOrdersForFill(trx, fresh)) orders.set(o.id, o);
    for (const id of fresh) if (!orders.has(id)) orders.set(id, null);
    const locked = [...ids].filter((id) => orders.get(id));
    for (const line of await waitingLines(trx, reads.map((r) => r.itemNum), locked)) {
      const entry = items.get(line.item_num)!;
      if (line.order_id <= entry.after || line.order_id > upTo.get(line.item_num)! || !hasUnits(entry.left)) continue;
      const order = orders.get(line.order_id)!;
      const got = allocateStock(line.qty_backordered, entry.left, firstWarehouse(order.shipping_code, shipState(order)));
      if (got.west + got.east === 0) continue;
      entry.left.west -= got.west;
      entry.left.east -= got.east;
      out.push({ order, line, item: entry.item, west: got.west, east: got.east });
    }
    for (const i of want) i.after = upTo.get(i.item.num)!;
  }
}

/**
 * Allocates the available units of these items to their waiting backorders. Each touched order's
 * sums, counts and version move (`saveOrderSums`) and its timeline gets a public
 * 'backorder_allocated' event; the lines, orders, events and movements are written in a statement
 * each (PostgreSQL; SQLite's statements are cheap and run one per row). A caller that saves an
 * order after this must read it again first (`lockOrder`): the fill may have saved it. With
 * `changed`, the ids of items whose stock changed are added to it instead of marked
 * (`markStockChanged`): the caller marks them last. With `counts`, the filled orders' count moves
 * are added to it: the caller applies them after the rows it must take before `order_counts` (a
 * cancel's sales summaries).
 */
export async function fillBackorders(trx: Db, itemNums: readonly string[], actor: Actor, changed?: number[], counts?: CountMoves): Promise<Filled[]> {
  const waiting = await itemsWithBackorders(trx, itemNums);
  if (waiting.length === 0) return [];
  return fillItems(trx, await lockItems(trx, waiting, rowLocks(trx)), actor, changed, counts);
}

/** `fillBackorders` of items locked and read already. */
async function fillItems(trx: Db, stock: readonly StockRow[], actor: Actor, changed?: number[], counts?: CountMoves): Promise<Filled[]> {
  const allocated = await allocateToWaiting(trx, stock.filter((i) => hasUnits(availableOf(i))));
  if (allocated.length === 0) return [];

  await allocateBackordered(trx, allocated.map((a) => ({ orderId: a.order.id, lineNo: a.line.line_no, west: a.west, east: a.east })));
  const taken = new Map<number, { itemId: number; west: number; east: number }>();
  const byOrder = new Map<number, { order: LockedOrder; lines: FilledLine[]; sums: OrderSums }>();
  const moves = new Map<string, Move & { ref: string }>();
  for (const a of allocated) {
    const t = taken.get(a.item.id) ?? { itemId: a.item.id, west: 0, east: 0 };
    t.west += a.west;
    t.east += a.east;
    taken.set(a.item.id, t);
    const { order } = a;
    let entry = byOrder.get(order.id);
    if (!entry) {
      const sums = { open_west: order.open_west, open_east: order.open_east, backordered: order.backordered, shipped_qty: order.shipped_qty };
      byOrder.set(order.id, (entry = { order, lines: [], sums }));
    }
    entry.lines.push({ lineNo: a.line.line_no, invNum: a.item.num, title: a.line.title, west: a.west, east: a.east });
    entry.sums.open_west += a.west;
    entry.sums.open_east += a.east;
    entry.sums.backordered -= a.west + a.east;
    for (const wh of ['west', 'east'] as const) {
      if (a[wh] === 0) continue;
      const key = `${order.order_num}|${a.item.num}|${wh}`;
      const move = moves.get(key) ?? { itemNum: a.item.num, warehouse: wh, delta: 0, ref: `order ${order.order_num}` };
      move.delta -= a[wh];
      moves.set(key, move);
    }
  }
  await decrementStock(trx, [...taken.values()]);
  const filled = [...byOrder.values()];
  await saveOrderSums(trx, filled.map((f) => ({ before: f.order, sums: f.sums })), counts);
  await addOrderEvents(trx, actor, filled.map((f) => ({ orderId: f.order.id, kind: 'backorder_allocated', detail: `Backordered units allocated: ${fillDetail(f.lines)}`, public: true })));
  await recordMovements(trx, [...moves.values()], { reason: 'backorder', ref: '', actor });
  if (changed) changed.push(...taken.keys());
  else await markStockChanged(trx, [...taken.keys()]);
  return filled.map((f) => ({ orderNum: f.order.order_num, customerId: f.order.customer_id, lines: f.lines }));
}

function fillDetail(lines: readonly FilledLine[]): string {
  return lines.map((l) => `${l.invNum}: ${[l.west && `${l.west} from ${LABEL.west}`, l.east && `${l.east} from ${LABEL.east}`].filter(Boolean).join(', ')}`).join('; ');
}

/**
 * Gives units back to available stock (a cancel releases what was allocated; a received return
 * puts returned units back on the shelf, decision 0037), records the
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
  move: { reason: Extract<MovementReason, 'cancel' | 'return'>; ref: string; actor: Actor },
  changed?: number[],
  counts?: CountMoves,
): Promise<Filled[]> {
  const positive = units.filter((u) => u.units > 0);
  if (positive.length === 0) return [];
  if (oneStatementWrites(trx)) {
    const released = await releaseToShelf(trx, positive, { reason: move.reason, ref: move.ref, actor: move.actor.label });
    const ids = released.map((r) => r.id);
    if (changed) changed.push(...ids);
    else await markStockChanged(trx, ids);
    return fillItems(trx, released.filter((r) => r.waits), move.actor, changed, counts);
  }
  // SQLite: its write transaction holds the whole database, so the items need no row lock.
  const items = new Map((await lockItems(trx, [...new Set(positive.map((u) => u.itemNum))], false)).map((r) => [r.num, r]));
  // An item deleted since the order was placed has no stock row to go back to.
  const known = positive.filter((u) => items.has(u.itemNum));
  // Back to available: a negative decrement, one entry per item.
  const back = new Map<number, { itemId: number; west: number; east: number }>();
  for (const u of known) {
    const id = items.get(u.itemNum)!.id;
    const b = back.get(id) ?? { itemId: id, west: 0, east: 0 };
    b[u.warehouse] -= u.units;
    back.set(id, b);
  }
  await decrementStock(trx, [...back.values()]);
  await recordMovements(trx, known.map((u) => ({ itemNum: u.itemNum, warehouse: u.warehouse, delta: u.units })), move);
  const ids = known.map((u) => items.get(u.itemNum)!.id);
  if (changed) changed.push(...ids);
  else await markStockChanged(trx, ids);
  return fillBackorders(trx, known.map((u) => u.itemNum), move.actor, changed, counts);
}

import { type ItemStock, STOCK_MESSAGES, type StockAdjustBody, type StockBinBody, type StockBinResult, type StockMovement } from '../../contract/admin/stock';
import { type BulkResult, checkRows, stockRow } from '../../contract/admin/bulk';
import { type Actor, recordAudit } from '../platform/audit/audit';
import { writeTransaction } from '../platform/db/database';
import { rowLocks } from '../platform/db/dialect';
import { Conflict, Forbidden, NotFound } from '../platform/errors';
import type { OutboxDispatcher } from '../platform/outbox/outbox';
import type { Warehouse } from './allocation';
import type { BackorderFill, ItemFinder } from './ports';
import { type Bins, readBins, writeBin } from './bins';
import { setStockCounts } from './bulk-stock';
import { type LowStockItem } from './low-stock';
import { recordMovements } from './movements';
import * as q from './queries';
import type { WebhookEvents } from '../staff';

const SEARCH_LIMIT = 20;

export interface StockAdjustResult {
  invNum: string;
  warehouse: Warehouse;
  available: number;
  onHand: number;
}

/**
 * Stock by warehouse for the back office (DESIGN.md §5 "Stock"): what an item has, its movements,
 * adjustments (which fill waiting backorders) and the dashboard's low stock.
 * On hand = available + reserve + allocated to orders and not yet shipped.
 */
export class StockService {
  constructor(
    private readonly db: q.Db,
    private readonly catalogue: ItemFinder,
    private readonly outbox: OutboxDispatcher,
    private readonly events: WebhookEvents,
    private readonly backorders: BackorderFill,
  ) {}

  async itemStock(invNum: string): Promise<ItemStock> {
    const [item] = await q.lockItems(this.db, [invNum], false);
    if (!item) throw new NotFound(STOCK_MESSAGES.itemNotFound(invNum));
    return stockOf(item, await q.openUnits(this.db, [item.num]), await readBins(this.db, [item.num]));
  }

  /**
   * `PUT /Stock/{invNum}/Bin`: where the item sits at one warehouse ("" clears it), audited.
   * `limitedTo` as for `adjust`.
   */
  async setBin(limitedTo: Warehouse | null, actor: Actor, invNum: string, body: StockBinBody): Promise<StockBinResult> {
    const w = body.warehouse;
    if (limitedTo !== null && limitedTo !== w) throw new Forbidden(STOCK_MESSAGES.otherWarehouseBin(limitedTo));
    return writeTransaction(this.db, async (trx) => {
      const [item] = await q.lockItems(trx, [invNum], rowLocks(trx));
      if (!item) throw new NotFound(STOCK_MESSAGES.itemNotFound(invNum));
      const before = (await readBins(trx, [item.num])).get(item.num)?.[w] ?? '';
      if (before !== body.bin) {
        await writeBin(trx, item.id, w, body.bin);
        await recordAudit(trx, actor, { action: 'stock.bin', target: `item:${item.num}`, summary: { warehouse: w, before, after: body.bin } });
      }
      return { invNum: item.num, warehouse: w, bin: body.bin };
    });
  }

  /** Items by exact number or UPC first (inactive ones too), then what the catalogue's search finds. */
  async search(text: string): Promise<ItemStock[]> {
    const exact = await q.itemsByNumOrUpc(this.db, text, SEARCH_LIMIT);
    await this.catalogue.refresh();
    const found = this.catalogue.findItemNums(text, SEARCH_LIMIT);
    const nums = [...new Set([...exact.map((r) => r.num), ...found])].slice(0, SEARCH_LIMIT);
    const rows = new Map((await q.lockItems(this.db, nums, false)).map((r) => [r.num, r]));
    const open = await q.openUnits(this.db, nums);
    const bins = await readBins(this.db, nums);
    return nums.flatMap((n) => (rows.has(n) ? [stockOf(rows.get(n)!, open, bins)] : []));
  }

  async movements(invNum: string, limit: number): Promise<StockMovement[]> {
    const [item] = await q.lockItems(this.db, [invNum], false);
    if (!item) throw new NotFound(STOCK_MESSAGES.itemNotFound(invNum));
    const rows = await q.listMovements(this.db, item.num, limit);
    return rows.map((r) => ({
      at: r.at,
      warehouse: r.warehouse,
      delta: r.delta,
      reason: r.reason as StockMovement['reason'],
      ref: r.ref,
      actor: r.actor,
      affects: r.reason === 'ship' ? 'onHand' : 'available',
    }));
  }

  /**
   * `delta` changes available units; `setTo` is a count of units on hand (available follows:
   * count − reserve − allocated). Taking available below zero is refused; adding units is always
   * allowed (even while reserve keeps available below zero). Units added go to waiting backorders
   * first, in the same transaction; their buyers are mailed after the commit. `limitedTo`: the one
   * warehouse the caller may adjust (a warehouse member set to one), null for either.
   */
  async adjust(limitedTo: Warehouse | null, actor: Actor, body: StockAdjustBody): Promise<StockAdjustResult> {
    const w = body.warehouse;
    if (limitedTo !== null && limitedTo !== w) throw new Forbidden(STOCK_MESSAGES.otherWarehouse(limitedTo));

    const { result, filled, published } = await writeTransaction(this.db, async (trx) => {
      const [item] = await q.lockItems(trx, [body.invNum], rowLocks(trx));
      if (!item) throw new NotFound(STOCK_MESSAGES.itemNotFound(body.invNum));
      const before = stockOf(item, await q.openUnits(trx, [item.num]), new Map())[w];
      const delta = body.delta ?? body.setTo! - before.onHand;
      const after = before.available + delta;
      if (delta < 0 && after < 0) throw new Conflict(STOCK_MESSAGES.belowZero(after));

      if (delta !== 0) await q.addToStock(trx, item.id, w, delta);
      // A count that matches is recorded too: the history shows when stock was last counted.
      await recordMovements(trx, [{ itemNum: item.num, warehouse: w, delta }], { reason: body.reason, ref: body.note, actor });
      await recordAudit(trx, actor, {
        action: 'stock.adjust',
        target: `item:${item.num}`,
        summary: { warehouse: w, reason: body.reason, note: body.note, delta, ...(body.setTo !== undefined ? { setTo: body.setTo } : {}), availableBefore: before.available, availableAfter: after },
      });
      // The stock feed's mark is the last statement: its counter row (every checkout takes it, after
      // order_counts) is held for the commit only, or an adjustment that fills backorders (which
      // takes order_counts) and a checkout deadlocked on PostgreSQL (decision 0028).
      const changed = delta !== 0 ? [item.id] : [];
      const filled = delta > 0 ? await this.backorders.fill(trx, [item.num], actor, changed) : [];
      await this.backorders.mail(trx, filled);
      const [now] = await q.lockItems(trx, [item.num], false);
      const itemStock = stockOf(now!, await q.openUnits(trx, [item.num]), await readBins(trx, [item.num]));
      // stock.changed carries the item's stock as GET /Stock/{invNum} answers it.
      const published = delta === 0 ? 0 : await this.events.publish(trx, 'stock.changed', `item ${item.num}`, () => itemStock);
      await q.markStockChanged(trx, changed);
      return { result: { invNum: item.num, warehouse: w, ...itemStock[w] }, filled, published };
    });
    if (filled.length > 0 || published > 0) this.outbox.poke();
    return result;
  }

  /**
   * `PUT /beapi/Admin/Stock`: counts on hand, one transaction (bulk-stock.ts) that also writes the
   * mails to the filled backorders' buyers. `limitedTo` as for `adjust`, row by row.
   */
  async setCounts(limitedTo: Warehouse | null, actor: Actor, body: readonly unknown[]): Promise<BulkResult> {
    const { good, errors } = checkRows(stockRow, body);
    let published = 0;
    const { result, filled } = await writeTransaction(this.db, (trx) =>
      setStockCounts(trx, actor, limitedTo, good, this.backorders, async (changedNums, filled) => {
        await this.backorders.mail(trx, filled);
        // stock.changed for every item whose units changed, as GET /Stock/{invNum} answers it.
        let stocks: Promise<Map<string, ItemStock>> | null = null;
        const stockOf = async (num: string) => (await (stocks ??= readItemStocks(trx, changedNums).then((rows) => new Map(rows.map((r) => [r.invNum, r]))))).get(num);
        for (const num of changedNums) published += await this.events.publish(trx, 'stock.changed', `item ${num}`, () => stockOf(num));
      }),
    );
    if (filled.length > 0 || published > 0) this.outbox.poke();
    return { updated: result.updated, errors: [...errors, ...result.errors].sort((a, b) => a.row - b.row) };
  }

  /**
   * The dashboard's low stock, from the catalogue's in-memory index (no scan of the items table):
   * the lowest at either warehouse or, for a member limited to one, at `warehouse`.
   */
  async lowStock(limit: number, warehouse: 'west' | 'east' | null = null): Promise<LowStockItem[]> {
    await this.catalogue.refresh();
    const table = this.catalogue.current().lowStock;
    return warehouse ? table.lowestAt(limit, warehouse) : table.lowest(limit);
  }
}

/** Items' stock as GET /Stock/{invNum} answers it, read in the caller's transaction (the import's stock.changed events). */
export async function readItemStocks(db: q.Db, nums: readonly string[]): Promise<ItemStock[]> {
  const open = await q.openUnits(db, nums);
  const bins = await readBins(db, nums);
  return (await q.lockItems(db, nums, false)).map((item) => stockOf(item, open, bins));
}

function stockOf(item: q.StockRow, open: Map<string, Record<Warehouse, number>>, bins: Map<string, Bins>): ItemStock {
  const available = q.availableOf(item);
  const allocated = open.get(item.num) ?? { west: 0, east: 0 };
  return {
    invNum: item.num,
    title: item.web_title,
    west: { available: available.west, onHand: item.qty_fr + allocated.west },
    east: { available: available.east, onHand: item.qty_fh + allocated.east },
    bins: bins.get(item.num) ?? { west: '', east: '' },
  };
}

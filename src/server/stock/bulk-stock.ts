import { STOCK_MESSAGES } from '../../contract/admin/stock';
import { applyToItems, type BulkResult, type StockRowInput } from '../../contract/admin/bulk';
import { type Actor, recordAudit } from '../platform/audit/audit';
import { rowLocks } from '../platform/db/dialect';
import type { Warehouse } from './allocation';
import type { BackorderFill, Filled } from './ports';
import { type Move, recordMovements } from './movements';
import * as q from './queries';

/**
 * `PUT /beapi/Admin/Stock` (DESIGN.md §5 "Integration"): counts of units on hand from an ERP, in
 * the caller's transaction. Like an adjustment's `setTo`, each row changes available units by
 * (count − on hand now); a row that would take available below zero is refused, a row for an
 * unknown item too; the others apply, in row order (a later row for the same item and warehouse
 * counts from the earlier one). Movements are 'count' rows; units added fill waiting backorders.
 * `limitedTo`: the one warehouse the caller may count (a warehouse member set to one, as for an
 * adjustment), null for either: a row for the other warehouse is that row's error and changes
 * nothing, the caller's good rows still apply.
 */
/**
 * `beforeLast` runs in the transaction before its last statement, with the items whose units
 * changed and the backorders filled: the caller writes their mails and webhook events there.
 */
export async function setStockCounts(
  trx: q.Db,
  actor: Actor,
  limitedTo: Warehouse | null,
  checked: readonly (StockRowInput & { row: number })[],
  backorders: Pick<BackorderFill, 'fill'>,
  beforeLast: (changedNums: string[], filled: Filled[]) => Promise<void> = async () => {},
): Promise<{ result: BulkResult; filled: Filled[] }> {
  const refused = limitedTo === null ? [] : checked.filter((r) => r.warehouse !== limitedTo).map((r) => ({ row: r.row, message: STOCK_MESSAGES.otherWarehouse(limitedTo) }));
  const rows = limitedTo === null ? checked : checked.filter((r) => r.warehouse === limitedTo);
  const nums = [...new Set(rows.map((r) => r.invNum))];
  const items = new Map<string, q.StockRow>();
  for (let i = 0; i < nums.length; i += 5_000) for (const r of await q.lockItems(trx, nums.slice(i, i + 5_000), rowLocks(trx))) items.set(r.num, r);
  const open = new Map<string, Record<Warehouse, number>>();
  for (let i = 0; i < nums.length; i += 5_000) for (const [num, units] of await q.openUnits(trx, nums.slice(i, i + 5_000))) open.set(num, units);

  const deltas = new Map<string, Record<Warehouse, number>>();
  const moves: Move[] = [];
  const { updated, errors: rowErrors } = applyToItems(rows, items, (item, r) => {
    const d = deltas.get(item.num) ?? { west: 0, east: 0 };
    const column = q.COLUMNS[r.warehouse];
    const qty = item[column.qty] + d[r.warehouse];
    const delta = r.onHand - (qty + (open.get(item.num)?.[r.warehouse] ?? 0));
    const after = qty - item[column.reserve] + delta;
    if (delta < 0 && after < 0) return STOCK_MESSAGES.belowZero(after);
    d[r.warehouse] += delta;
    deltas.set(item.num, d);
    moves.push({ itemNum: item.num, warehouse: r.warehouse, delta });
    return undefined;
  });
  const errors = [...refused, ...rowErrors].sort((a, b) => a.row - b.row);

  const changes = [...deltas].filter(([, d]) => d.west !== 0 || d.east !== 0).map(([num, d]) => ({ itemId: items.get(num)!.id, west: -d.west, east: -d.east }));
  // A negative decrement adds units: one statement for all items on PostgreSQL.
  await q.decrementStock(trx, changes);
  // Counts that match are recorded too: the history shows when stock was last counted.
  await recordMovements(trx, moves, { reason: 'count', ref: 'bulk stock', actor });
  await recordAudit(trx, actor, { action: 'stock.bulk', target: 'stock', summary: { updated, refused: errors.length, changedItems: changes.length } });
  const grown = [...deltas].filter(([, d]) => d.west > 0 || d.east > 0).map(([num]) => num);
  const changed = changes.map((c) => c.itemId);
  const filled = await backorders.fill(trx, grown, actor, changed);
  await beforeLast([...deltas].filter(([, d]) => d.west !== 0 || d.east !== 0).map(([num]) => num), filled);
  // Last: the stock sequence's counter row, which every checkout takes, is held for the commit only.
  await q.markStockChanged(trx, changed);
  return { result: { updated, errors }, filled };
}

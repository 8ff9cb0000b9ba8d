import type { Kysely } from 'kysely';
import { applyToItems, type BulkResult, type PriceRowInput } from '../../contract/admin/bulk';
import { type Actor, recordAudit } from '../platform/audit/audit';
import { rowLocks } from '../platform/db/dialect';
import type { DB } from '../platform/db/schema';
import { loadItemInputs, lockItemRows } from './stored-items';
import { upsertItems } from './writes';

/**
 * `PUT /beapi/Admin/Prices` (DESIGN.md §5 "Integration"): list prices (and SRPs) from an ERP, in
 * the caller's transaction, through the CSV import's path: the stored items are laid under the
 * new prices and written with `upsertItems`, which keeps each item's detail answer in step and
 * bumps the catalogue version, so every server process rebuilds its index and buyers see the new
 * price. The items are locked first (PostgreSQL), so two price calls never interleave their reads
 * and writes; the write never carries stock (docs/decisions/0025). Unknown items are reported by row.
 */
export async function setPrices(trx: Kysely<DB>, actor: Actor, rows: readonly (PriceRowInput & { row: number })[]): Promise<BulkResult> {
  const nums = rows.map((r) => r.invNum);
  await lockItemRows(trx, [...new Set(nums)], rowLocks(trx));
  const items = await loadItemInputs(trx, nums);
  const { updated, errors } = applyToItems(rows, items, (item, r) => {
    item.priceCents = Math.round(r.price * 100);
    if (r.srp !== undefined) item.srpCents = Math.round(r.srp * 100);
    return undefined;
  });
  const changed = [...new Set(rows.filter((r) => items.has(r.invNum)).map((r) => r.invNum))].map((n) => items.get(n)!);
  if (changed.length > 0) await upsertItems(trx, changed);
  await recordAudit(trx, actor, { action: 'catalogue.prices', target: 'catalogue', summary: { updated, refused: errors.length, items: changed.slice(0, 20).map((i) => [i.num, i.priceCents / 100]) } });
  return { updated, errors };
}

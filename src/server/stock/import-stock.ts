import type { Actor } from '../audit/audit';
import type { Warehouse } from './allocation';
import { type Filled, fillBackorders } from './backorders';
import { type Move, recordMovements } from './movements';
import { availableOf, type Db, isPostgres, lockItems } from './queries';

/**
 * The CSV import sets stock outright (catalogue/import-catalogue.ts). It writes through here: the
 * items' stock is read (and on PostgreSQL locked, so no checkout changes it between this read and
 * the import's write) before, and afterwards each change of available units is a movement
 * ('import', delta = new − old available) and units that became available fill backorders.
 */

/** Who the import acts as, in the movements, the order timelines and their mails. */
export const IMPORT_ACTOR: Actor = { label: 'import', display: 'Shop', ip: '' };

export type StockBefore = Map<string, Record<Warehouse, number>>;

export interface ImportedStock {
  num: string;
  qtyFr: number;
  qtyFh: number;
  reserveFr: number;
  reserveFh: number;
}

/** Available units of these items now; items not in the catalogue yet are absent (0). */
export async function stockBeforeImport(trx: Db, nums: readonly string[]): Promise<StockBefore> {
  const out: StockBefore = new Map();
  const unique = [...new Set(nums)];
  for (let i = 0; i < unique.length; i += 10_000) {
    for (const r of await lockItems(trx, unique.slice(i, i + 10_000), isPostgres(trx))) out.set(r.num, availableOf(r));
  }
  return out;
}

/** After the import's write: the movements, then the backorder fills (mail them after the commit). */
export async function recordImportedStock(trx: Db, before: StockBefore, items: readonly ImportedStock[], ref: string): Promise<Filled[]> {
  const moves: Move[] = [];
  const grown = new Set<string>();
  for (const it of items) {
    const was = before.get(it.num) ?? { west: 0, east: 0 };
    const now = availableOf({ qty_fr: it.qtyFr, qty_fh: it.qtyFh, reserve_fr: it.reserveFr, reserve_fh: it.reserveFh });
    for (const w of ['west', 'east'] as const) {
      if (now[w] === was[w]) continue;
      moves.push({ itemNum: it.num, warehouse: w, delta: now[w] - was[w] });
      if (now[w] > was[w] && now[w] > 0) grown.add(it.num);
    }
  }
  await recordMovements(trx, moves, { reason: 'import', ref, actor: IMPORT_ACTOR });
  return fillBackorders(trx, [...grown], IMPORT_ACTOR);
}

import type { Kysely } from 'kysely';
import { type Actor, recordAudit } from '../platform/audit/audit';
import { writeTransaction } from '../platform/db/database';
import type { DB } from '../platform/db/schema';
import type { WebhookEvents } from '../staff';
import { movesInIndex, recordItemChanges, takeChangeSeq } from './change-feed';
import { changedFields } from './csv-export';
import { type ImportRow, toCatalogueItem } from './csv-import';
import { type ImportPlan, planImport } from './import-plan';
import { publishItemsChanged } from './import-events';
import { loadItemInputs } from './stored-items';
import { type CatalogueItemInput, upsertItems } from './writes';

/**
 * The CSV catalogue import, for `npm run import` and the back office alike: `planImport` reads
 * and checks the whole file and writes nothing (the dry run); `applyImport` then writes the new
 * and changed rows in chunks, each chunk one write transaction recorded in the catalogue change
 * feed (docs/decisions/0020), so the storefront keeps answering while a big file goes in. A file
 * with any bad row is refused before the first chunk: nothing of it is written. Stock is never
 * written: the file's stock columns are read-only (docs/decisions/0025).
 */

export interface ApplyOptions {
  events?: WebhookEvents;
  /** Rows per write transaction. */
  chunkRows?: number;
  /** The import's one audit row (with its counts), written with the first chunk. */
  audit?: { actor: Actor; target: string };
  /** In each chunk's transaction, after its writes: rows written so far of `total`. */
  progress?: (trx: Kysely<DB>, done: number, total: number) => Promise<void>;
}

/** Rows per write transaction: small enough that the storefront's requests wait a fraction of a second at most. */
const CHUNK_ROWS = 250;

/** Writes the plan's new and changed rows, laid over the items as they are when each chunk runs. */
export async function applyImport(db: Kysely<DB>, plan: ImportPlan, options: ApplyOptions = {}): Promise<void> {
  const rows = plan.toWrite;
  const size = options.chunkRows ?? CHUNK_ROWS;
  // At least one transaction, so an import that changes nothing still leaves its audit row.
  for (let start = 0; start === 0 || start < rows.length; start += size) {
    const chunk = rows.slice(start, start + size);
    const work = async (trx: Kysely<DB>) => {
      await writeChunk(trx, chunk, options);
      if (start === 0 && options.audit) {
        const summary = { rows: plan.rows.length, new: plan.new.length, changed: plan.changed.length, unchanged: plan.unchanged };
        await recordAudit(trx, options.audit.actor, { action: 'item.import', target: options.audit.target, summary });
      }
      await options.progress?.(trx, start + chunk.length, rows.length);
    };
    await (db.isTransaction ? work(db) : writeTransaction(db, work));
  }
}

/** One chunk: its change sequence first (decision 0020), then the write and what follows from it. */
async function writeChunk(trx: Kysely<DB>, chunk: readonly ImportRow[], options: ApplyOptions): Promise<void> {
  const seq = await takeChangeSeq(trx);
  const nums = chunk.map((r) => r.num);
  const existing = await loadItemInputs(trx, nums);
  const now = new Date().toISOString();
  const items: CatalogueItemInput[] = [];
  const inserted = new Set<string>();
  let moves = false;
  for (const row of chunk) {
    const before = existing.get(row.num);
    const item = toCatalogueItem(row, before, now);
    // Someone may have made it so since the dry run.
    if (before && changedFields(before, item).length === 0) continue;
    if (!before) inserted.add(row.num);
    moves ||= movesInIndex(before, item);
    items.push(item);
  }
  if (items.length === 0) return;
  // Most rows keep their product info: its stored sanitised form is reused, not parsed again.
  const stored = await trx.selectFrom('items').select(['product_info_html', 'product_info_safe']).where('num', 'in', nums).execute();
  await upsertItems(trx, items, { bumpVersion: false, knownSafe: new Map(stored.flatMap((r) => (r.product_info_safe === null ? [] : [[r.product_info_html, r.product_info_safe] as const]))) });
  if (options.events) await publishItemsChanged(trx, options.events, items, inserted);
  const ids = await trx.selectFrom('items').select('id').where('num', 'in', items.map((it) => it.num)).execute();
  await recordItemChanges(trx, seq, ids.map((r) => r.id), moves);
}

/** What `npm run import` reports. */
export interface ImportReport {
  ok: boolean;
  dryRun: boolean;
  /** `line N: reason`, one per problem, in file order. */
  errors: string[];
  /** Item numbers that are new / that the file changes (would be, on a dry run). */
  inserted: string[];
  updated: string[];
  /** Items of the file that are already as it says (not written). */
  unchanged: number;
  /** The file's stock columns, which the import ignored (read-only: stock changes through stock). */
  ignoredColumns: string[];
}

/** `npm run import`: the plan, then (unless a dry run or a bad file) its apply. */
export async function importCatalogueCsv(db: Kysely<DB>, csvText: string, options: ApplyOptions & { dryRun?: boolean } = {}): Promise<ImportReport> {
  const dryRun = options.dryRun ?? false;
  const plan = await planImport(db, csvText);
  const inserted = plan.new.map((n) => n.num);
  const updated = plan.changed.map((c) => c.num);
  const unchanged = plan.unchanged;
  const ignoredColumns = plan.ignored;
  if (plan.errors.length > 0) return { ok: false, dryRun, errors: plan.errors.map((e) => `line ${e.row}: ${e.message}`), inserted: [], updated: [], unchanged: 0, ignoredColumns };
  if (dryRun) return { ok: true, dryRun, errors: [], inserted, updated, unchanged, ignoredColumns };
  await applyImport(db, plan, options);
  return { ok: true, dryRun, errors: [], inserted, updated, unchanged, ignoredColumns };
}

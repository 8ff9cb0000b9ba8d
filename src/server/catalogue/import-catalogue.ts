import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { WebhookEvents } from '../webhooks/events';
import { enqueueBackorderMails } from '../stock/backorder-mail';
import type { Filled } from '../stock/backorders';
import { recordImportedStock, stockBeforeImport } from '../stock/import-stock';
import { parseCatalogueCsv, toCatalogueItem } from './csv-import';
import { publishImportEvents } from './import-events';
import { loadCategories } from './queries';
import { loadItemInputs } from './stored-items';
import { upsertItems } from './writes';
import { writeTransaction } from '../db/database';

/**
 * The CSV catalogue import (`npm run import`): validate the whole file, then upsert every row by
 * item number in one transaction. Any bad row means nothing is written, so a half-applied price
 * list never reaches buyers.
 */

export interface ImportReport {
  ok: boolean;
  dryRun: boolean;
  /** `line N: reason`, one per problem, in file order. */
  errors: string[];
  /** Item numbers that are new / that already existed (would be, on a dry run). */
  inserted: string[];
  updated: string[];
  /** Orders whose backordered units the imported stock filled (with `publicUrl`, their mails are queued). */
  filled: Filled[];
}

export async function importCatalogueCsv(db: Kysely<DB>, csvText: string, options: { dryRun?: boolean; ref?: string; publicUrl?: string; events?: WebhookEvents } = {}): Promise<ImportReport> {
  const dryRun = options.dryRun ?? false;
  // A write transaction (not just any): the backorders the stock fills change orders (orders/change-feed.ts).
  const inTransaction = <T>(work: (trx: Kysely<DB>) => Promise<T>) => (db.isTransaction ? work(db) : writeTransaction(db, work));
  return inTransaction(async (trx) => {
    const categories = await loadCategories(trx);
    const categoryNums = new Set(categories.filter((c) => c.kind === 'tree').map((c) => c.num));
    const parsed = parseCatalogueCsv(csvText, { categoryNums });
    if (parsed.errors.length > 0) return { ok: false, dryRun, errors: parsed.errors, inserted: [], updated: [], filled: [] };

    // Stock is read (locked on PostgreSQL) first, so the import's movements are exact.
    const stockBefore = dryRun ? new Map() : await stockBeforeImport(trx, parsed.rows.map((r) => r.num));
    const existing = await loadItemInputs(trx, parsed.rows.map((r) => r.num));
    const now = new Date().toISOString();
    const items = parsed.rows.map((row) => toCatalogueItem(row, existing.get(row.num), now));
    const inserted = items.filter((it) => !existing.has(it.num)).map((it) => it.num);
    const updated = items.filter((it) => existing.has(it.num)).map((it) => it.num);
    if (dryRun) return { ok: true, dryRun, errors: [], inserted, updated, filled: [] };
    await upsertItems(trx, items);
    const filled = await recordImportedStock(trx, stockBefore, items, options.ref ?? 'CSV import');
    // In the import's transaction: the buyers' mails go out if and only if the import commits.
    if (options.publicUrl) await enqueueBackorderMails(trx, filled, options.publicUrl);
    if (options.events) await publishImportEvents(trx, options.events, items, new Set(inserted), stockBefore);
    return { ok: true, dryRun, errors: [], inserted, updated, filled };
  });
}

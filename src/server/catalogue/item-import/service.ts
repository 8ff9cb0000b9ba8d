import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { IMPORT_MESSAGES, type ImportJob, type ImportReport, type ImportStarted, type ItemsExportQuery } from '../../../contract/admin/item-import';
import { ITEM_MESSAGES } from '../../../contract/admin/items';
import type { Actor } from '../../platform/audit/audit';
import { applyImport } from '../import-catalogue';
import { type ImportPlan, planImport } from '../import-plan';
import type { CatalogueService } from '../service';
import type { DB } from '../../platform/db/schema';
import { DomainError, Invalid, NotFound } from '../../platform/errors';
import { categoryScope } from '../item-editor/queries';
import type { WebhookEvents } from '../../staff';
import { exportItemsCsv } from './export';
import { finishJob, insertJob, readJob, recordProgress } from '../../platform/jobs/jobs';

/** A running job that has not written a chunk for this long was left by a stopped instance. */
const STALLED_MS = 5 * 60_000;

/**
 * The catalogue CSV in the back office (DESIGN.md §5). The dry run and the apply are
 * `npm run import`'s own plan and apply (catalogue/import-catalogue.ts). The apply answers as
 * soon as the whole file is checked, and runs in the background as a job row that each chunk's
 * transaction moves forward, so the instance that polls need not be the one that applies.
 */
export class ItemImportService {
  private readonly running = new Set<Promise<void>>();
  private closing = false;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly catalogue: CatalogueService,
    private readonly events: WebhookEvents,
    private readonly afterCommit: () => void,
  ) {}

  async dryRun(csvText: string): Promise<ImportReport> {
    return reportOf(await this.plan(csvText));
  }

  async start(actor: Actor, csvText: string): Promise<ImportStarted> {
    const plan = await this.plan(csvText);
    if (plan.errors.length > 0) {
      const refused = new Invalid(IMPORT_MESSAGES.hasErrors(plan.errors.length), plan.errors.map((e) => `line ${e.row}: ${e.message}`));
      refused.extensions = { rows: plan.errors };
      throw refused;
    }
    const jobId = randomUUID();
    await insertJob(this.db, { id: jobId, actor: actor.label, total: plan.toWrite.length, new: plan.new.length, changed: plan.changed.length, unchanged: plan.unchanged });
    const run = this.apply(jobId, actor, plan).finally(() => this.running.delete(run));
    this.running.add(run);
    return { ...reportOf(plan), jobId };
  }

  async job(jobId: string): Promise<ImportJob> {
    const found = await readJob(this.db, jobId, STALLED_MS);
    if (!found) throw new NotFound(IMPORT_MESSAGES.jobNotFound(jobId));
    return found;
  }

  /** The export's lines; an unknown category is refused before the first one. */
  async export(query: ItemsExportQuery): Promise<AsyncGenerator<string>> {
    const scope = query.category === undefined ? null : await categoryScope(this.db, query.category);
    if (query.category !== undefined && !scope) throw new Invalid(ITEM_MESSAGES.unknownCategory(query.category));
    return exportItemsCsv(this.db, query, scope);
  }

  /** Waits for the applies under way (the app's close: their chunks finish, the rest is not started). */
  async close(): Promise<void> {
    this.closing = true;
    await Promise.allSettled([...this.running]);
  }

  private async plan(csvText: string): Promise<ImportPlan> {
    const plan = await planImport(this.db, csvText);
    // A file whose header is wrong has no rows to show: one clear refusal instead.
    const header = plan.rows.length === 0 ? plan.errors.filter((e) => e.row === 1) : [];
    if (header.length > 0) throw new Invalid(IMPORT_MESSAGES.badHeader(header.map((e) => e.message).join('; ')));
    return plan;
  }

  private async apply(jobId: string, actor: Actor, plan: ImportPlan): Promise<void> {
    let error: string | null = null;
    try {
      await applyImport(this.db, plan, {
        events: this.events,
        audit: { actor, target: `import:${jobId}` },
        progress: async (trx, done) => {
          if (this.closing) throw new Error('The server stopped before the import finished; upload the file again to apply the rest');
          await recordProgress(trx, jobId, done);
        },
      });
    } catch (err) {
      // A rule's own message; anything else (the database's) stays in the server log.
      error = err instanceof DomainError || this.closing ? (err as Error).message : 'The import stopped on an unexpected error; the rows before it are applied. Upload the file again to apply the rest';
      if (!(err instanceof DomainError)) console.error(`import ${jobId}:`, err);
    }
    this.afterCommit();
    // Done means this instance's storefront shows it; the others follow on their next poll.
    await this.catalogue.refreshAfterWrite().catch(() => {});
    await finishJob(this.db, jobId, error).catch(() => {});
  }
}

function reportOf(plan: ImportPlan): ImportReport {
  const notices = plan.ignored.length > 0 ? [IMPORT_MESSAGES.stockIgnored(plan.ignored)] : [];
  return { new: plan.new, unchanged: plan.unchanged, changed: plan.changed, errors: plan.errors, notices };
}

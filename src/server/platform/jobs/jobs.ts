import type { Kysely } from 'kysely';
import type { ImportJob } from '../../../contract/admin/item-import';
import type { DB } from '../db/schema';

/** The import jobs' rows (item-import/tables.ts). Functions take `db` or a transaction first. */

export async function insertJob(db: Kysely<DB>, job: { id: string; actor: string; total: number; new: number; changed: number; unchanged: number }): Promise<void> {
  const now = new Date().toISOString();
  await db
    .insertInto('import_jobs')
    .values({ id: job.id, status: 'running', actor: job.actor, total: job.total, done: 0, new_count: job.new, changed_count: job.changed, unchanged_count: job.unchanged, error: null, created_at: now, updated_at: now })
    .execute();
}

/** In a chunk's transaction: the rows it wrote count once it commits. */
export async function recordProgress(trx: Kysely<DB>, id: string, done: number): Promise<void> {
  await trx.updateTable('import_jobs').set({ done, updated_at: new Date().toISOString() }).where('id', '=', id).execute();
}

export async function finishJob(db: Kysely<DB>, id: string, error: string | null): Promise<void> {
  await db
    .updateTable('import_jobs')
    .set({ status: error === null ? 'done' : 'failed', error, updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .execute();
}

/**
 * A job as the API shows it. One still running that has not moved for `staleMs` was left by an
 * instance that stopped mid-way: shown as failed (the chunks it wrote stay written).
 */
export async function readJob(db: Kysely<DB>, id: string, staleMs: number): Promise<ImportJob | undefined> {
  const r = await db.selectFrom('import_jobs').selectAll().where('id', '=', id).executeTakeFirst();
  if (!r) return undefined;
  const stalled = r.status === 'running' && Date.now() - Date.parse(r.updated_at) > staleMs;
  return {
    jobId: r.id,
    status: stalled ? 'failed' : r.status,
    total: Number(r.total),
    done: Number(r.done),
    new: Number(r.new_count),
    changed: Number(r.changed_count),
    unchanged: Number(r.unchanged_count),
    error: stalled ? 'The import stopped before it finished (its server was restarted); upload the file again to apply the rest' : r.error,
  };
}

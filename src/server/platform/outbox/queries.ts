import { type Kysely, sql } from 'kysely';
import { skipLockedRows } from '../db/dialect';
import type { DB } from '../db/schema';
import type { OutboxTable } from './tables';

/** A claimed row as the claim query returns it (snake case, payload still JSON text). */
export interface ClaimedRow {
  id: number;
  kind: OutboxTable['kind'];
  topic: string;
  payload: string | null;
  about: string;
  attempts: number;
  created_at: string;
}

/**
 * Takes up to `limit` due rows for `claimer` until `leaseUntil`, counting the attempt, in one
 * statement: no other claimer (process or instance) can take the same row until the lease
 * expires. PostgreSQL skips rows another claim is taking (`FOR UPDATE SKIP LOCKED`); SQLite runs
 * the whole UPDATE under its single write lock. An expired lease (a crashed claimer) is due again.
 */
export async function claimDue(db: Kysely<DB>, claimer: string, now: string, leaseUntil: string, limit: number): Promise<ClaimedRow[]> {
  const result = await sql<ClaimedRow>`update outbox
    set locked_by = ${claimer}, locked_until = ${leaseUntil}, attempts = attempts + 1
    where id in (
      select id from outbox
      where status = 'pending' and next_attempt_at <= ${now} and (locked_until is null or locked_until <= ${now})
      order by next_attempt_at, id
      limit ${limit}
      ${skipLockedRows(db)}
    )
    returning id, kind, topic, payload, about, attempts, created_at`.execute(db);
  return result.rows;
}

/** Marks delivered rows done, if `claimer` still holds them; `forget` rows lose their payload. */
export async function markDone(db: Kysely<DB>, claimer: string, ids: number[], forget: number[], now: string): Promise<void> {
  if (ids.length > 0) {
    await db
      .updateTable('outbox')
      .set({ status: 'done', done_at: now, locked_by: null, locked_until: null, last_error: null })
      .where('id', 'in', ids)
      .where('locked_by', '=', claimer)
      .execute();
  }
  if (forget.length > 0) {
    await db.updateTable('outbox').set({ payload: null }).where('id', 'in', forget).where('status', '=', 'done').execute();
  }
}

/** Records a failed attempt: due again at `nextAttemptAt`, or failed for good. */
export async function markAttemptFailed(db: Kysely<DB>, claimer: string, id: number, error: string, nextAttemptAt: string | null): Promise<void> {
  await db
    .updateTable('outbox')
    .set({
      status: nextAttemptAt ? 'pending' : 'failed',
      next_attempt_at: nextAttemptAt ?? sql<string>`next_attempt_at`,
      last_error: error,
      locked_by: null,
      locked_until: null,
    })
    .where('id', '=', id)
    .where('locked_by', '=', claimer)
    .execute();
}

/** Deletes up to `limit` rows sent before `before` (oldest first: the primary key finds them). Failed and pending rows stay. */
export async function pruneSent(db: Kysely<DB>, before: string, limit: number): Promise<number> {
  const result = await db
    .deleteFrom('outbox')
    .where('id', 'in', (eb) => eb.selectFrom('outbox').select('id').where('status', '=', 'done').where('done_at', '<', before).orderBy('id').limit(limit))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

import type { Kysely } from 'kysely';
import { OUTBOX_MESSAGES, type OutboxEntry, type OutboxPage, type OutboxQuery } from '../../../contract/admin/outbox';
import { type Actor, recordAudit } from '../audit/audit';
import { writeTransaction } from '../db/database';
import type { DB } from '../db/schema';
import { Conflict, NotFound } from '../errors';

/** GET /Admin/Outbox: newest first, keyset-paged by id, optionally one status. */
export async function listOutbox(db: Kysely<DB>, query: OutboxQuery): Promise<OutboxPage> {
  let q = db.selectFrom('outbox').select(['id', 'kind', 'status', 'attempts', 'last_error', 'created_at', 'about']);
  if (query.status) q = q.where('status', '=', query.status);
  if (query.cursor) q = q.where('id', '<', query.cursor);
  const rows = await q.orderBy('id', 'desc').limit(query.pageSize + 1).execute();
  const items: OutboxEntry[] = rows
    .slice(0, query.pageSize)
    .map((r) => ({ id: r.id, kind: r.kind, status: r.status, attempts: r.attempts, lastError: r.last_error, createdAt: r.created_at, about: r.about }));
  return { items, nextCursor: rows.length > query.pageSize ? items[items.length - 1]!.id : null };
}

/**
 * POST /Admin/Outbox/{id}/Retry: a failed or pending row is due now, with a fresh set of
 * attempts; audited. A row being delivered right now keeps its lease (it is not sent twice at
 * once). One UPDATE decides, so two staff retrying together both succeed and it is sent once.
 */
export async function retryOutbox(db: Kysely<DB>, actor: Actor, id: number): Promise<OutboxEntry> {
  return writeTransaction(db, async (trx) => {
    const before = await trx.selectFrom('outbox').select(['status', 'attempts', 'last_error']).where('id', '=', id).executeTakeFirst();
    if (!before) throw new NotFound(OUTBOX_MESSAGES.notFound(id));
    const changed = await trx
      .updateTable('outbox')
      .set({ status: 'pending', attempts: 0, next_attempt_at: new Date().toISOString() })
      .where('id', '=', id)
      .where('status', 'in', ['pending', 'failed'])
      .returning(['id', 'kind', 'status', 'attempts', 'last_error', 'created_at', 'about'])
      .executeTakeFirst();
    if (!changed) throw new Conflict(OUTBOX_MESSAGES.alreadyDone(id));
    await recordAudit(trx, actor, { action: 'outbox.retry', target: `outbox:${id}`, summary: { before: before.status, attempts: before.attempts, lastError: before.last_error } });
    return { id: changed.id, kind: changed.kind, status: changed.status, attempts: changed.attempts, lastError: changed.last_error, createdAt: changed.created_at, about: changed.about };
  });
}

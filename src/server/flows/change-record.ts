import { sql } from 'kysely';
import { type Actor, type AuditRecord, auditCte, recordAudit } from '../platform/audit/audit';
import { oneStatementWrites } from '../platform/db/dialect';
import { enqueue, type NewOutboxMessage, outboxCte } from '../platform/outbox/outbox';
import { addOrderEvents, type Db, orderEventsCte, type OrderEventRow } from '../orders';
import { type Move, type MovementReason, movementsCte, recordMovements } from '../stock';

/** What a change of an order records besides its own rows: its timeline entries, audit row, mail and stock movements. */
export interface ChangeRecord {
  /** The time the timeline entries (and movements) carry. */
  at: string;
  timeline: readonly OrderEventRow[];
  audit: AuditRecord;
  mail: NewOutboxMessage | null;
  moves?: { moves: readonly Move[]; reason: MovementReason; ref: string };
}

/**
 * Writes a change's record in the caller's transaction. PostgreSQL: ONE statement, each owner
 * giving its part as a common table expression (orders the timeline, stock the movements, the
 * platform the audit row and the outbox message), so an order edit or a return's receipt waits
 * for one round trip where it waited for four (decision 0036). SQLite: one insert each.
 */
export async function recordChange(trx: Db, actor: Actor, change: ChangeRecord): Promise<void> {
  const moves = change.moves && change.moves.moves.length > 0 ? change.moves : null;
  if (oneStatementWrites(trx)) {
    const moved = moves ? [movementsCte('moved', moves.moves, { reason: moves.reason, ref: sql<string>`${moves.ref}::text`, actor: actor.label, at: change.at, from: 'change' })] : [];
    const timeline = change.timeline.length > 0 ? [orderEventsCte('timeline', actor, change.timeline, change.at)] : [];
    const mailed = change.mail ? [outboxCte('mailed', change.mail)] : [];
    await sql`with ${sql.join([sql`change as (select 1)`, ...moved, ...timeline, auditCte('audited', actor, change.audit), ...mailed])} select 1`.execute(trx);
    return;
  }
  if (moves) await recordMovements(trx, moves.moves, { reason: moves.reason, ref: moves.ref, actor });
  if (change.timeline.length > 0) await addOrderEvents(trx, actor, change.timeline, change.at);
  await recordAudit(trx, actor, change.audit);
  if (change.mail) await enqueue(trx, change.mail);
}

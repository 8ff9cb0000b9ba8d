import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { AuditEntry, AuditPage, AuditQuery } from '../../../contract/admin/audit';
import { actorName, actorPath, auditSentence, parseSummary, summaryLines, targetPath } from '../../../contract/admin/audit-words';
import type { DB } from '../db/schema';

/** Who made a change: a staff member, (later) an API key, or a buyer acting on their own order. */
export interface Actor {
  /** "staff:3 owner@example.com", "customer:12". */
  label: string;
  /** What the buyer's timeline shows: "Order desk", "Warehouse", "You". */
  display: string;
  /** The person or thing by name, as staff read it in the audit log and timelines: "Anna Owner", "API key ERP". */
  name?: string;
  ip: string;
}

export interface AuditRecord {
  action: string;
  target: string;
  /** A short before/after summary (serialised as JSON, at most 4,000 characters). */
  summary?: Record<string, unknown>;
}

/**
 * Appends one audit row in the caller's transaction: the change and its audit row commit or roll
 * back together. No code path updates or deletes audit rows (the database refuses it too).
 */
export async function recordAudit(db: Kysely<DB>, actor: Actor, record: AuditRecord): Promise<void> {
  await db.insertInto('audit_log').values(auditRow(actor, record)).execute();
}

/** PostgreSQL: `recordAudit` as a common table expression `name` of a caller's statement that writes other rows too. */
export function auditCte(name: string, actor: Actor, record: AuditRecord): RawBuilder<unknown> {
  const r = auditRow(actor, record);
  return sql`${sql.id(name)} as (insert into audit_log (at, actor, actor_name, action, target, summary, ip)
    values (${r.at}, ${r.actor}, ${r.actor_name}, ${r.action}, ${r.target}, ${r.summary}, ${r.ip}))`;
}

function auditRow(actor: Actor, record: AuditRecord) {
  const summary = JSON.stringify(record.summary ?? {});
  return {
    at: new Date().toISOString(),
    actor: actor.label,
    actor_name: actor.name ?? null,
    action: record.action,
    target: record.target,
    summary: summary.length > 4000 ? `${summary.slice(0, 3990)}…` : summary,
    ip: actor.ip,
  };
}

/** Newest first, keyset-paged by id; filters match exactly, except `actor` which matches a prefix. */
export async function listAudit(db: Kysely<DB>, query: AuditQuery): Promise<AuditPage> {
  let q = db.selectFrom('audit_log').selectAll();
  // A prefix ("staff:3" or the whole label); no character of the filter is a wildcard.
  // Or the start of the person's name as stored with the row ("Anna"), in any case.
  if (query.actor) {
    const who = query.actor;
    q = q.where((eb) => eb.or([eb(sql`substr(actor, 1, ${who.length})`, '=', who), eb(sql`lower(substr(actor_name, 1, ${who.length}))`, '=', who.toLowerCase())]));
  }
  if (query.target) q = q.where('target', '=', query.target);
  if (query.action) q = q.where('action', '=', query.action);
  if (query.from) q = q.where('at', '>=', `${query.from}T00:00:00.000Z`);
  if (query.to) q = q.where('at', '<', nextDay(query.to));
  if (query.cursor) q = q.where('id', '<', query.cursor);
  const rows = await q.orderBy('id', 'desc').limit(query.pageSize + 1).execute();
  const items: AuditEntry[] = rows.slice(0, query.pageSize).map((r) => {
    const who = actorName(r.actor, r.actor_name);
    const summary = parseSummary(r.summary);
    return {
      id: r.id,
      at: r.at,
      actor: r.actor,
      action: r.action,
      target: r.target,
      summary: r.summary,
      ip: r.ip,
      actorName: who,
      words: auditSentence(who, r.action, r.target, summary),
      changes: summaryLines(summary),
      targetPath: targetPath(r.target),
      actorPath: actorPath(r.actor),
    };
  });
  return { items, nextCursor: rows.length > query.pageSize ? items[items.length - 1]!.id : null };
}

function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString();
}

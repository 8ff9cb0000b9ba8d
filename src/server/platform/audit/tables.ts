import type { Generated } from 'kysely';

/** The append-only audit log (migration 2026-11-25T10-00-back-office; triggers refuse UPDATE and DELETE). */
export interface AuditLogTable {
  id: Generated<number>;
  at: string;
  actor: string;
  /** The actor's name at the time (migration 2026-11-29T01-00); null on older rows. */
  actor_name: string | null;
  action: string;
  target: string;
  /** JSON: a short before/after summary. */
  summary: string;
  ip: string;
}

declare module '../db/schema' {
  interface DB {
    audit_log: AuditLogTable;
  }
}

import type { Generated } from 'kysely';

/** The append-only audit log (migration 2026-11-25T10-00-back-office; triggers refuse UPDATE and DELETE). */
export interface AuditLogTable {
  id: Generated<number>;
  at: string;
  actor: string;
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

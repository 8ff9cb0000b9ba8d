import type { Generated } from 'kysely';

/** The transactional outbox (migration 2026-11-25T18-00-outbox). Times are ISO-8601 text. */
export interface OutboxTable {
  id: Generated<number>;
  kind: 'mail' | 'webhook';
  topic: string;
  /** JSON text; null once a row holding a secret was sent. */
  payload: string | null;
  about: string;
  status: Generated<'pending' | 'done' | 'failed'>;
  attempts: Generated<number>;
  next_attempt_at: string;
  /** The lease: the claimer (`locked_by`) owns the row until then; an expired lease is reclaimed. */
  locked_until: string | null;
  locked_by: string | null;
  last_error: string | null;
  created_at: string;
  done_at: string | null;
}

declare module '../db/schema' {
  interface DB {
    outbox: OutboxTable;
  }
}

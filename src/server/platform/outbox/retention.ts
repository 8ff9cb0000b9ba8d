import type { Kysely } from 'kysely';
import { writeTransaction } from '../db/database';
import type { DB } from '../db/schema';

/**
 * Deletes up to `limit` rows kept since before `before` (ISO time) and answers how many: one
 * small statement, so a prune never holds SQLite's write lock or a PostgreSQL snapshot for long.
 */
export type PruneTask = (db: Kysely<DB>, before: string, limit: number) => Promise<number>;

/** Rows per DELETE: small, so the checkouts queued behind SQLite's write lock wait milliseconds. */
export const PRUNE_BATCH = 500;

/**
 * What the dispatcher keeps, and for how long: sent outbox rows and logs tied to them (webhook
 * deliveries) older than the retention are deleted, a batch per transaction, at most once per
 * `everyMs` and one prune at a time. Failed and pending rows are never pruned: staff see them.
 */
export class Retention {
  private readonly tasks: { name: string; task: PruneTask }[] = [];
  private lastRun = Number.NEGATIVE_INFINITY;
  private running: Promise<Record<string, number>> | null = null;

  constructor(
    private readonly db: Kysely<DB>,
    readonly retentionMs: number,
    private readonly everyMs: number,
  ) {}

  add(name: string, task: PruneTask): void {
    this.tasks.push({ name, task });
  }

  /** Whether a periodic prune is due (the poll calls this; a failure waits for the next period too). */
  due(now: number = Date.now()): boolean {
    return this.running === null && now - this.lastRun >= this.everyMs;
  }

  /** Deletes what is older than the retention, every task in turn; answers the rows deleted by task. */
  run(now: number = Date.now()): Promise<Record<string, number>> {
    if (this.running) return this.running;
    this.lastRun = now;
    const before = new Date(now - this.retentionMs).toISOString();
    this.running = (async () => {
      const deleted: Record<string, number> = {};
      try {
        for (const { name, task } of this.tasks) {
          deleted[name] = 0;
          for (;;) {
            const n = await writeTransaction(this.db, (trx) => task(trx, before, PRUNE_BATCH));
            deleted[name] += n;
            if (n < PRUNE_BATCH) break;
          }
        }
        return deleted;
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }
}

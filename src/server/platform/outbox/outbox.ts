import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { chunks } from '../db/chunks';
import { writeTransaction } from '../db/database';
import type { DB } from '../db/schema';
import { type ClaimedRow, claimDue, markAttemptFailed, markDone, pruneSent } from './queries';
import { type PruneTask, Retention } from './retention';

export type OutboxKind = 'mail' | 'webhook';

export interface NewOutboxMessage {
  kind: OutboxKind;
  /** What the handler delivers: a mail's template name, a webhook's event type. */
  topic: string;
  /** Stored as JSON; everything the handler needs, composed now (the handler looks nothing up). */
  payload: unknown;
  /** What the admin list shows: a mail's recipient and subject, an event's type and subject. */
  about: string;
}

/** A row handed to a handler. `attempts` counts this one. */
export interface OutboxRow {
  id: number;
  kind: OutboxKind;
  topic: string;
  payload: unknown;
  about: string;
  attempts: number;
  createdAt: string;
}

export interface RetryPolicy {
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export type OutboxHandler = (row: OutboxRow) => Promise<void>;

export interface HandlerOptions {
  /** After delivery, empty the payload of rows for which this answers true (e.g. a reset link). */
  forgetPayload?: (row: OutboxRow) => boolean;
}

export const DEFAULT_POLICY: RetryPolicy = { maxAttempts: 10, baseDelayMs: 10_000, maxDelayMs: 3_600_000 };

/**
 * Writes a message in the caller's transaction: it is delivered if and only if the change commits.
 * Call `ctx.outbox.poke()` after the commit to deliver it at once rather than at the next poll.
 */
export async function enqueue(trx: Kysely<DB>, message: NewOutboxMessage): Promise<number> {
  const row = await trx.insertInto('outbox').values(outboxValues(message)).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** `enqueue` of several messages, in one statement per few hundred. */
export async function enqueueAll(trx: Kysely<DB>, messages: readonly NewOutboxMessage[]): Promise<void> {
  for (const part of chunks(messages, 6)) await trx.insertInto('outbox').values(part.map(outboxValues)).execute();
}

/** The outbox row of a new message, as `enqueue` writes it. */
function outboxValues(message: NewOutboxMessage) {
  const now = new Date().toISOString();
  return {
    kind: message.kind,
    topic: message.topic,
    payload: message.payload === undefined || message.payload === null ? null : JSON.stringify(message.payload),
    about: message.about.slice(0, 500),
    next_attempt_at: now,
    created_at: now,
  };
}

/** PostgreSQL: `enqueue` as a common table expression `name` of a caller's statement that writes other rows too. */
export function outboxCte(name: string, message: NewOutboxMessage): RawBuilder<unknown> {
  const v = outboxValues(message);
  return sql`${sql.id(name)} as (insert into outbox (kind, topic, payload, about, next_attempt_at, created_at)
    values (${v.kind}, ${v.topic}, ${v.payload}, ${v.about}, ${v.next_attempt_at}, ${v.created_at}))`;
}

/**
 * PostgreSQL: `enqueue` as a common table expression `name` of a statement that makes a number
 * (`from`, a CTE answering `value`) the message shows: every `marker` in its payload and `about`
 * becomes that number. Checkout writes its confirmation in its last statement this way, so the
 * rows every checkout shares are held for no round trip more (orders/queries.ts `finishCheckout`).
 */
export function outboxInsertCte(name: string, message: NewOutboxMessage, marker: string, from: string) {
  const v = outboxValues(message);
  const number = sql`${sql.ref(`${from}.value`)}::text`;
  return sql`${sql.id(name)} as (insert into outbox (kind, topic, payload, about, next_attempt_at, created_at)
    select ${v.kind}, ${v.topic}, replace(${v.payload}::text, ${marker}::text, ${number}), left(replace(${message.about}::text, ${marker}::text, ${number}), 500),
      ${v.next_attempt_at}, ${v.created_at}
    from ${sql.id(from)})`;
}

/**
 * The wait before attempt `attempts + 1`: exponential from `baseDelayMs`, capped at `maxDelayMs`,
 * with "equal jitter" (half fixed, half random) so failures that happened together spread out.
 */
export function backoffMs(policy: RetryPolicy, attempts: number, random: number = Math.random()): number {
  const exp = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(exp / 2 + (exp / 2) * random);
}

export interface DispatcherOptions {
  /** How often to look for rows other processes enqueued, and for retries that fell due. */
  pollMs: number;
  /** Deliveries in flight at once (also the claim's batch size). */
  concurrency: number;
  /** How long a claim holds a row; a delivery must end well within it. */
  leaseMs: number;
  /**
   * How long a poke waits for more commits before it claims (default 20 ms): under load, one
   * claim and one "done" write then serve several orders instead of one each.
   */
  gatherMs?: number;
  /** How long sent rows (and the logs that name them) are kept; default 30 days. */
  retentionMs?: number;
  /** How often the poll prunes what is older than the retention; default hourly. */
  pruneEveryMs?: number;
  /**
   * The dispatcher's own trouble (not a delivery's: that is the row's last_error). While the
   * database is unreachable every poll fails alike: only the first failure comes here, and
   * `onRecovered` once the database answers again.
   */
  onError?: (err: unknown) => void;
  onRecovered?: (failures: number, downMs: number) => void;
}

const DAY_MS = 24 * 3_600_000;

interface Registered {
  handler: OutboxHandler;
  policy: RetryPolicy;
  options: HandlerOptions;
}

/**
 * Delivers outbox rows at least once. One per process (ctx.outbox): it claims due rows in batches
 * with a lease, delivers them concurrently through the handler of their kind, and marks them done,
 * due again after a backoff, or failed after the policy's attempts. `start()` polls; `poke()`
 * delivers at once after a local commit; `drain()` delivers until nothing is due (tests, scripts).
 */
export class OutboxDispatcher {
  private readonly handlers = new Map<OutboxKind, Registered>();
  private readonly claimer = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private readonly inFlight = new Set<Promise<void>>();
  private readonly detached = new Set<Promise<void>>();
  private done: { id: number; forget: boolean }[] = [];
  private flushing: Promise<void> | null = null;
  private pumping: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  private gathering: NodeJS.Timeout | null = null;
  private running = false;
  private readonly retention: Retention;
  /** Since when the dispatcher's own queries fail, and how many did: null while they work. */
  private trouble: { since: number; failures: number } | null = null;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly options: DispatcherOptions,
  ) {
    this.retention = new Retention(db, options.retentionMs ?? 30 * DAY_MS, options.pruneEveryMs ?? 3_600_000);
    this.retention.add('outbox', pruneSent);
  }

  /** Another table pruned with the sent rows (a log of their deliveries), under the same retention. */
  pruneAlso(name: string, task: PruneTask): void {
    this.retention.add(name, task);
  }

  /** Deletes what is older than the retention now (the poll does it hourly); answers the rows deleted by table. */
  prune(): Promise<Record<string, number>> {
    return this.retention.run();
  }

  handle(kind: OutboxKind, handler: OutboxHandler, policy: Partial<RetryPolicy> = {}, options: HandlerOptions = {}): void {
    this.handlers.set(kind, { handler, policy: { ...DEFAULT_POLICY, ...policy }, options });
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    const tick = () => {
      this.poke();
      if (this.retention.due()) void this.retention.run().catch((err: unknown) => this.failed(err));
      this.timer = setTimeout(tick, this.options.pollMs);
      this.timer.unref();
    };
    tick();
  }

  /** Stops polling and waits for the deliveries in flight and their results to be written. */
  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    if (this.gathering) clearTimeout(this.gathering);
    this.timer = null;
    this.gathering = null;
    try {
      while (this.detached.size > 0) await Promise.all([...this.detached]);
      await this.settle();
    } catch (err) {
      // A result that could not be written: the lease ends and the row is delivered again.
      this.failed(err);
    }
  }

  /** Delivers what is due in a moment (no-op unless started): call after a commit that enqueued. */
  poke(): void {
    if (!this.running || this.gathering) return;
    this.gathering = setTimeout(() => {
      this.gathering = null;
      void this.pump().then(
        () => this.recovered(),
        (err: unknown) => this.failed(err),
      );
    }, this.options.gatherMs ?? 20);
  }

  /** Reports the first of a run of failures: a database that is down fails every poll alike. */
  private failed(err: unknown): void {
    if (this.trouble) {
      this.trouble.failures += 1;
      return;
    }
    this.trouble = { since: Date.now(), failures: 1 };
    this.options.onError?.(err);
  }

  private recovered(): void {
    if (!this.trouble) return;
    const { since, failures } = this.trouble;
    this.trouble = null;
    this.options.onRecovered?.(failures, Date.now() - since);
  }

  /**
   * Runs `work` (which enqueues in its own transaction) without making the caller wait: for an
   * answer whose timing must not depend on it (ForgotPassword). Then delivers; `drain` and `stop`
   * wait for it. A failure goes to the error handler.
   */
  runDetached(work: () => Promise<unknown>): void {
    const running = work()
      .then(() => this.poke())
      .catch((err: unknown) => this.failed(err))
      .finally(() => this.detached.delete(running));
    this.detached.add(running);
  }

  /** Delivers until no row is due: for tests and scripts. Also waits for deliveries already under way. */
  async drain(): Promise<void> {
    while (this.detached.size > 0) await Promise.all([...this.detached]);
    for (;;) {
      await this.settle();
      const claimed = await this.pumpOnce();
      if (claimed === 0 && this.inFlight.size === 0) {
        await this.settle();
        return;
      }
    }
  }

  private async settle(): Promise<void> {
    while (this.pumping || this.inFlight.size > 0 || this.flushing || this.done.length > 0) {
      if (this.pumping) await this.pumping;
      if (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
      await this.flushDone();
    }
  }

  /** One pump at a time; a poke while pumping makes it go round again. */
  private pump(): Promise<void> {
    if (this.pumping) {
      this.again = true;
      return this.pumping;
    }
    this.pumping = (async () => {
      try {
        do {
          this.again = false;
          while ((await this.pumpOnce()) > 0 && this.running);
        } while (this.again && this.running);
      } finally {
        this.pumping = null;
      }
    })();
    return this.pumping;
  }

  /** Claims as many due rows as there are free delivery slots and starts them; answers how many. */
  private async pumpOnce(): Promise<number> {
    const free = this.options.concurrency - this.inFlight.size;
    if (free <= 0 || this.handlers.size === 0) return 0;
    const now = Date.now();
    // Through writeTransaction: on SQLite the claim shares a commit (and its fsync) with other writes.
    const rows = await writeTransaction(this.db, (trx) => claimDue(trx, this.claimer, new Date(now).toISOString(), new Date(now + this.options.leaseMs).toISOString(), free));
    for (const row of rows) {
      const delivery = this.deliver(row).finally(() => {
        this.inFlight.delete(delivery);
        // Refill when half the slots are free: one claim per half batch, not one per delivery.
        if (this.running && this.inFlight.size <= this.options.concurrency / 2) this.poke();
      });
      this.inFlight.add(delivery);
    }
    return rows.length;
  }

  private async deliver(claimed: ClaimedRow): Promise<void> {
    const row: OutboxRow = {
      id: claimed.id,
      kind: claimed.kind,
      topic: claimed.topic,
      payload: claimed.payload === null ? null : (JSON.parse(claimed.payload) as unknown),
      about: claimed.about,
      attempts: claimed.attempts,
      createdAt: claimed.created_at,
    };
    const registered = this.handlers.get(row.kind);
    try {
      if (!registered) throw new Error(`no handler for ${row.kind} messages in this process`);
      await registered.handler(row);
    } catch (err) {
      const policy = registered?.policy ?? DEFAULT_POLICY;
      const next = row.attempts >= policy.maxAttempts ? null : new Date(Date.now() + backoffMs(policy, row.attempts)).toISOString();
      try {
        await writeTransaction(this.db, (trx) => markAttemptFailed(trx, this.claimer, row.id, errorText(err), next));
      } catch (writeErr) {
        // The lease expires and the row is delivered again: at least once.
        this.failed(writeErr);
      }
      return;
    }
    this.done.push({ id: row.id, forget: registered.options.forgetPayload?.(row) ?? false });
    void this.flushDone().catch((err: unknown) => this.failed(err));
  }

  /** Writes the rows delivered meanwhile as done, many in one statement. */
  private flushDone(): Promise<void> {
    if (this.flushing) return this.flushing;
    if (this.done.length === 0) return Promise.resolve();
    this.flushing = (async () => {
      try {
        while (this.done.length > 0) {
          const batch = this.done.splice(0, 500);
          const now = new Date().toISOString();
          await writeTransaction(this.db, (trx) =>
            markDone(trx, this.claimer, batch.map((d) => d.id), batch.filter((d) => d.forget).map((d) => d.id), now),
          );
        }
      } finally {
        this.flushing = null;
      }
    })();
    return this.flushing;
  }
}

/** The first line of an error's message, short: it is shown in the admin. Never a stack trace. */
function errorText(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return (message.split('\n')[0] ?? '').slice(0, 500) || 'delivery failed';
}

import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  type RawBuilder,
  sql,
  SqliteAdapter,
  SqliteDriver,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import pg from 'pg';
import type { DB } from './schema';

export type DialectName = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  dialect: DialectName;
  close(): Promise<void>;
}

// COUNT(*) and BIGINT come back from pg as strings; every count we keep fits a JS number.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

/**
 * Write transactions on SQLite begin IMMEDIATE, so two writers never both read and then fail to
 * upgrade their lock (SQLITE_BUSY mid-transaction); the second one waits for the first instead.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

export interface OpenOptions {
  /** PostgreSQL only: the schema to use (tests give each file its own). */
  schema?: string;
  poolSize?: number;
}

/** Opens `sqlite:path/to/file.db` or `postgres://…`. */
export function openDatabase(url: string, options: OpenOptions = {}): Database {
  if (url.startsWith('sqlite:')) return openSqlite(url.slice('sqlite:'.length));
  return openPostgres(url, options);
}

function openSqlite(file: string): Database {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const writer = withStatementCache(sqlite);
  const db = new Kysely<DB>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => new ImmediateSqliteDriver({ database: writer }),
      createIntrospector: (k) => new SqliteIntrospector(k),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
  });
  // A second, read-only connection for the hot reads (a `:memory:` database has no second one).
  const reader = file === ':memory:' ? null : openReader(file);
  internals.set(db, { reader, groupCommit: new GroupCommit(db, writer), pool: null });
  return {
    db,
    dialect: 'sqlite',
    // The reader first: the last connection to close checkpoints and removes the WAL, and a
    // read-only one cannot.
    close: async () => {
      reader?.close();
      await db.destroy();
    },
  };
}

/**
 * Kysely's SQLite driver prepares every statement it runs; preparing was a fifth of the CPU of a
 * cart read. Statements are kept per SQL text (bounded) and reused unless one is mid-iteration.
 */
function withStatementCache(sqlite: SQLite.Database): Statements & { close(): void } {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      const kept = statements.get(sql);
      if (kept && !kept.busy) return kept;
      const stmt = sqlite.prepare(sql);
      if (statements.size >= 1000) statements.delete(statements.keys().next().value!);
      statements.set(sql, stmt);
      return stmt;
    },
  };
}

/**
 * The read connection: in WAL mode it reads the last committed state without waiting for Kysely's
 * single write connection, which a write transaction (a group commit, a checkout) holds across
 * its statements. It never sees a write that is not committed yet, so nothing it answers can be
 * rolled back afterwards.
 */
function openReader(file: string): Statements & { close(): void } {
  const reader = new SQLite(file, { readonly: true });
  reader.pragma('busy_timeout = 5000');
  return withStatementCache(reader);
}

function openPostgres(url: string, options: OpenOptions): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  });
  // An idle client that loses its server must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  // Nor one checked out between two queries (the pool listens only to idle ones): its next query
  // fails, and the pool drops it on release because it is no longer queryable.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  internals.set(db, { reader: null, groupCommit: null, pool });
  return { db, dialect: 'postgres', close: () => db.destroy() };
}

// ---- hot paths --------------------------------------------------------------------------------

/** A SQLite connection's statements, kept per SQL text (`withStatementCache`). */
interface Statements {
  prepare(sql: string): SQLite.Statement;
}

interface Internals {
  /** SQLite: the read-only connection (null for `:memory:`). */
  reader: Statements | null;
  /** SQLite: the batcher of write transactions. */
  groupCommit: GroupCommit | null;
  /** PostgreSQL: the pool, for named (server-side prepared) statements. */
  pool: pg.Pool | null;
}

/** What `openDatabase` made next to each Kysely instance (a transaction is never in here). */
const internals = new WeakMap<Kysely<DB>, Internals>();

/** SQLite: the transaction of each group commit in progress, and its (the write) connection. */
const batchConnections = new WeakMap<Kysely<DB>, Statements>();

/** PostgreSQL statement names by SQL text: each pooled connection parses and plans a named statement once. */
const statementNames = new Map<string, string>();

function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `hot_${statementNames.size + 1}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * Runs a compiled query of a hot path without Kysely's executor when `db` is a database opened
 * here (not a transaction): on SQLite a SELECT reads through the read connection; on PostgreSQL the
 * query runs as a named prepared statement on the pool. Answers null when neither applies (a
 * transaction, a write on SQLite, `:memory:`), and the caller runs it through Kysely.
 */
export function runHot<R>(db: Kysely<DB>, query: CompiledQuery<R>, parameters: readonly unknown[]): R[] | Promise<R[]> | null {
  const batch = batchConnections.get(db);
  if (batch) {
    // Inside a group commit the batch owns the write connection and runs one call at a time:
    // a statement straight on it is what Kysely's executor would run, minus its per-query work.
    const stmt = batch.prepare(query.sql);
    if (stmt.reader) return stmt.all(parameters) as R[];
    stmt.run(parameters);
    return [];
  }
  const found = internals.get(db);
  if (!found) return null;
  if (found.pool) {
    return found.pool.query({ name: statementName(query.sql), text: query.sql, values: parameters as unknown[] }).then((r) => r.rows as R[]);
  }
  if (found.reader && query.query.kind === 'SelectQueryNode') return found.reader.prepare(query.sql).all(parameters) as R[];
  return null;
}

/** True for a transaction on SQLite. */
export function isSqliteTransaction(db: Kysely<DB>): boolean {
  return db.isTransaction && db.getExecutor().adapter instanceof SqliteAdapter;
}

/**
 * PostgreSQL: lookups of the same kind asked for in the same turn of the event loop share one
 * query (`run` with all their keys), so 20 concurrent requests cost a few round trips rather than
 * 20; each lookup gets the rows whose `keyOf` is its key, in the order `run` answered them. Still
 * one query per turn, at the time of the request: nothing is cached. Answers null on SQLite, and
 * for a transaction, where the caller looks up its one key itself.
 */
export function batchedOnPostgres<K, R>(run: (db: Kysely<DB>, keys: K[]) => Promise<R[]>, keyOf: (row: R) => K): (db: Kysely<DB>, key: K) => Promise<R[]> | null {
  const batchers = new WeakMap<Kysely<DB>, LookupBatch<K, R>>();
  return (db, key) => {
    if (!internals.get(db)?.pool) return null;
    let batch = batchers.get(db);
    if (!batch) {
      batch = new LookupBatch((keys) => run(db, keys), keyOf);
      batchers.set(db, batch);
    }
    return batch.get(key);
  };
}

class LookupBatch<K, R> {
  private waiting = new Map<K, { resolve(rows: R[]): void; reject(err: unknown): void }[]>();

  constructor(
    private readonly run: (keys: K[]) => Promise<R[]>,
    private readonly keyOf: (row: R) => K,
  ) {}

  get(key: K): Promise<R[]> {
    return new Promise((resolve, reject) => {
      if (this.waiting.size === 0) setImmediate(() => void this.flush());
      const callers = this.waiting.get(key);
      if (callers) callers.push({ resolve, reject });
      else this.waiting.set(key, [{ resolve, reject }]);
    });
  }

  private async flush(): Promise<void> {
    const waiting = this.waiting;
    this.waiting = new Map();
    try {
      const byKey = new Map<K, R[]>();
      for (const row of await this.run([...waiting.keys()])) {
        const key = this.keyOf(row);
        const rows = byKey.get(key);
        if (rows) rows.push(row);
        else byKey.set(key, [row]);
      }
      for (const [key, callers] of waiting) for (const c of callers) c.resolve(byKey.get(key) ?? []);
    } catch (err) {
      for (const callers of waiting.values()) for (const c of callers) c.reject(err);
    }
  }
}

/**
 * A write transaction. On PostgreSQL, each call is its own transaction. On SQLite, calls that
 * arrive together share one IMMEDIATE transaction, and so one commit and one fsync
 * (`synchronous = FULL` fsyncs the WAL at each commit, and better-sqlite3 blocks the event loop
 * while it does): each call's work runs in its own SAVEPOINT, so a call that throws rolls back
 * only its own changes and gets its error at once, and a call's promise resolves only after the
 * commit that holds its changes. If that commit fails, every call of the batch fails.
 *
 * `work` must do all its database work through the transaction it is given: on SQLite a query
 * through `db` itself would wait for the connection that the batch holds, for ever.
 */
export function writeTransaction<T>(db: Kysely<DB>, work: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
  const groupCommit = internals.get(db)?.groupCommit;
  return groupCommit ? groupCommit.run((trx) => withEnding(trx, work)) : db.transaction().execute((trx) => withEnding(trx, work));
}

/**
 * Work that must be a write transaction's LAST statements, whatever the code path that made the
 * change (orders/change-feed.ts: an order's change sequence, whose counter row is then locked
 * for that statement and the commit only). `start` makes the state the transaction gathers;
 * `end` runs once after `work`, with it.
 */
export interface TransactionEnding<S> {
  name: string;
  /** Runs after every ending without it (the orders feed's stamp: its lock is the transaction's last). */
  last?: boolean;
  /** Among the last endings, the order their rows are locked in: lower first (the stock sequence before the orders feed). */
  rank?: number;
  start(): S;
  end(trx: Kysely<DB>, state: S): Promise<void>;
  /**
   * PostgreSQL, a last ending: `end` as common table expressions, so that the last endings of a
   * transaction run as ONE statement and each counter row they take is held for that statement
   * and the commit only, not across the round trips of the next ending (decision 0015). `after`
   * are conditions on the CTEs of the endings before it (they make those run first, so the rows
   * are locked in rank order); `done` is the condition for the next. Null: nothing to do.
   */
  ctes?(state: S, after: readonly RawBuilder<unknown>[]): { ctes: RawBuilder<unknown>; done: RawBuilder<unknown> } | null;
}

/** Per write transaction (per call, inside a SQLite group commit): its endings and their states. */
const endings = new WeakMap<Kysely<DB>, Map<TransactionEnding<unknown>, unknown>>();

/** Whether `trx` is a call of `writeTransaction` (where endings can be registered). */
export function inWriteTransaction(trx: Kysely<DB>): boolean {
  return endings.has(trx);
}

/** The state of `ending` in this write transaction, started on first use. Only inside `writeTransaction`. */
export function atTransactionEnd<S>(trx: Kysely<DB>, ending: TransactionEnding<S>): S {
  const found = endings.get(trx);
  if (!found) throw new Error(`${ending.name}: a change outside writeTransaction`);
  if (!found.has(ending as TransactionEnding<unknown>)) found.set(ending as TransactionEnding<unknown>, ending.start());
  return found.get(ending as TransactionEnding<unknown>) as S;
}

async function withEnding<T>(trx: Kysely<DB>, work: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
  const mine = new Map<TransactionEnding<unknown>, unknown>();
  endings.set(trx, mine);
  try {
    const value = await work(trx);
    for (const [ending, state] of mine) if (!ending.last) await ending.end(trx, state);
    const last = [...mine].filter(([ending]) => ending.last).sort(([a], [b]) => (a.rank ?? 0) - (b.rank ?? 0));
    if (last.length > 1 && trx.getExecutor().adapter instanceof PostgresAdapter && last.every(([ending]) => ending.ctes)) {
      const parts: RawBuilder<unknown>[] = [];
      let after: RawBuilder<unknown>[] = [];
      for (const [ending, state] of last) {
        const part = ending.ctes!(state, after);
        if (!part) continue;
        parts.push(part.ctes);
        after = [part.done];
      }
      if (parts.length > 0) await sql`with ${sql.join(parts)} select 1`.execute(trx);
    } else {
      for (const [ending, state] of last) await ending.end(trx, state);
    }
    return value;
  } finally {
    endings.delete(trx);
  }
}

interface Job {
  work(trx: Kysely<DB>): Promise<unknown>;
  resolve(value: unknown): void;
  reject(err: unknown): void;
}

/** At most this many calls share a commit, so one batch never holds the others up for long. */
const MAX_BATCH = 64;

class GroupCommit {
  private waiting: Job[] = [];
  private flushing = false;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly writer: Statements,
  ) {}

  run<T>(work: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.waiting.push({ work, resolve: resolve as (v: unknown) => void, reject });
      // After the I/O callbacks of this turn of the event loop: requests that arrived together join.
      if (!this.flushing) {
        this.flushing = true;
        setImmediate(() => void this.flush());
      }
    });
  }

  private async flush(): Promise<void> {
    const batch: Job[] = [];
    const answers: (() => void)[] = [];
    try {
      await this.db.transaction().execute(async (trx) => {
        // The transaction holds the write connection until it ends: its savepoints, and the
        // prepared queries of its calls (`runHot`), run straight on the connection.
        const run = (text: string) => this.writer.prepare(text).run();
        batchConnections.set(trx, this.writer);
        try {
          // Taken once the connection is ours: calls that came while a checkout held it join too.
          while (this.waiting.length > 0 && batch.length < MAX_BATCH) {
            const job = this.waiting.shift()!;
            batch.push(job);
            run('savepoint request');
            let value: unknown;
            try {
              value = await job.work(trx);
            } catch (err) {
              // If the rollback itself fails, the transaction is gone: the whole batch fails below.
              run('rollback to request');
              run('release request');
              job.reject(err);
              continue;
            }
            run('release request');
            answers.push(() => job.resolve(value));
          }
        } finally {
          batchConnections.delete(trx);
        }
      });
      for (const answer of answers) answer();
    } catch (err) {
      // Not committed: no call of this batch may report success. (A call already rejected stays so.)
      for (const job of batch) job.reject(err);
    } finally {
      if (this.waiting.length > 0) setImmediate(() => void this.flush());
      else this.flushing = false;
    }
  }
}

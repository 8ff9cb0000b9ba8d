import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  Kysely,
  PostgresDialect,
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
  const db = new Kysely<DB>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => new ImmediateSqliteDriver({ database: withStatementCache(sqlite) }),
      createIntrospector: (k) => new SqliteIntrospector(k),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
  });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

/**
 * Kysely's SQLite driver prepares every statement it runs; preparing was a fifth of the CPU of a
 * cart read. Statements are kept per SQL text (bounded) and reused unless one is mid-iteration.
 */
function withStatementCache(sqlite: SQLite.Database): { close(): void; prepare(sql: string): SQLite.Statement } {
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
  return { db, dialect: 'postgres', close: () => db.destroy() };
}

import SQLite from 'better-sqlite3';
import pg from 'pg';

/**
 * The invariant checker's own view of the shop's database: a separate, read-only connection that
 * shares no code with the server's data layer, so what it sees is what is stored. Each `snapshot`
 * reads in one transaction (SQLite: one read transaction of the WAL; PostgreSQL: REPEATABLE READ
 * READ ONLY), so the figures it compares come from one moment.
 */

export type Row = Record<string, unknown>;

export interface ReadOnlyDb {
  dialect: 'sqlite' | 'postgres';
  /** Runs `read` in one read-only transaction; `query` takes `?` placeholders on both databases. */
  snapshot<T>(read: (query: (text: string, params?: unknown[]) => Promise<Row[]>) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** `sqlite:<file>` or a `postgres://…` URL (its `options=-c search_path=…` names the schema), as DATABASE_URL. */
export async function openReadOnly(url: string): Promise<ReadOnlyDb> {
  if (url.startsWith('sqlite:')) {
    const sqlite = new SQLite(url.slice('sqlite:'.length), { readonly: true, fileMustExist: true });
    sqlite.pragma('busy_timeout = 5000');
    return {
      dialect: 'sqlite',
      snapshot: async (read) => {
        sqlite.exec('begin');
        try {
          return await read(async (text, params = []) => sqlite.prepare(text).all(...params) as Row[]);
        } finally {
          sqlite.exec('rollback');
        }
      },
      close: async () => void sqlite.close(),
    };
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    dialect: 'postgres',
    snapshot: async (read) => {
      await client.query('begin transaction isolation level repeatable read read only');
      try {
        return await read(async (text, params = []) => {
          let n = 0;
          return (await client.query(text.replace(/\?/g, () => `$${++n}`), params)).rows as Row[];
        });
      } finally {
        await client.query('rollback');
      }
    },
    close: () => client.end(),
  };
}

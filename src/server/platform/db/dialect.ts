import { type Kysely, sql } from 'kysely';
import type { DialectName } from './database';
import type { DB } from './schema';

/**
 * The few places where SQLite and PostgreSQL differ, behind one small interface. Everything
 * else (upserts with ON CONFLICT, RETURNING, transactions) is the same SQL on both.
 */
export interface DialectOps {
  /** Ids of active items whose searchable text has every term as a word or word prefix. */
  searchItemIds(db: Kysely<DB>, terms: string[]): Promise<number[]>;
  /** `FOR UPDATE` where the database has row locks; SQLite's IMMEDIATE transactions lock the file. */
  forUpdate: boolean;
  /**
   * `writeTransaction` batches concurrent calls into one commit (SQLite), so a change should do
   * its work and read its answer inside it; on PostgreSQL a one-statement change needs no
   * transaction of its own, and its answer is read after it like any other read.
   */
  groupCommit: boolean;
}

/** Splits search text into lower-case word terms the way both full-text indexes tokenise. */
export function searchTerms(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .slice(0, 10);
}

const sqliteOps: DialectOps = {
  async searchItemIds(db, terms) {
    if (terms.length === 0) return [];
    // Each term is [a-z0-9]+ (see searchTerms), quoted so FTS5 never reads it as syntax.
    const match = terms.map((t) => `"${t}"*`).join(' AND ');
    const rows = await sql<{ id: number }>`select rowid as id from items_fts where items_fts match ${match}`.execute(db);
    return rows.rows.map((r) => r.id);
  },
  forUpdate: false,
  groupCommit: true,
};

const postgresOps: DialectOps = {
  async searchItemIds(db, terms) {
    if (terms.length === 0) return [];
    const query = terms.map((t) => `${t}:*`).join(' & ');
    const rows = await sql<{ id: number }>`select id from items
      where search_vector @@ to_tsquery('simple', ${query})`.execute(db);
    return rows.rows.map((r) => r.id);
  },
  forUpdate: true,
  groupCommit: false,
};

export function dialectOps(name: DialectName): DialectOps {
  return name === 'sqlite' ? sqliteOps : postgresOps;
}

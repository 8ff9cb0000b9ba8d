import { type Kysely, PostgresAdapter, type RawBuilder, sql, type SqlBool } from 'kysely';
import { likeLiteral } from './like';
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

// Row locks and planner hints (staff, customers desk, outbox).

function onPostgres(db: Kysely<DB>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** True on a database with row locks (PostgreSQL); SQLite's IMMEDIATE write transactions lock the whole file instead. */
export function hasRowLocks(db: Kysely<DB>): boolean {
  return onPostgres(db);
}

/**
 * The query with `FOR UPDATE` when `db` is a transaction on a database with row locks, so a
 * change that reads rows first holds them until it commits; the query unchanged otherwise.
 */
export function lockRowsInTransaction<Q extends { forUpdate(): Q }>(query: Q, db: Kysely<DB>): Q {
  return db.isTransaction && hasRowLocks(db) ? query.forUpdate() : query;
}

/** `for update skip locked` for a claiming subquery where rows can be locked; nothing on SQLite, whose UPDATE runs under its one write lock. */
export function skipLockedRows(db: Kysely<DB>): RawBuilder<unknown> {
  return hasRowLocks(db) ? sql`for update skip locked` : sql``;
}

/**
 * A column as a filter compares it, with a hint to SQLite's planner: `column || ''`, which no
 * index answers, so a query walks the index it was written for instead of one on this column.
 * The plain column on PostgreSQL, whose planner would misjudge the filter through the hint.
 */
export function notIndexedOnSqlite<T>(db: Kysely<DB>, column: string): RawBuilder<T> {
  return onPostgres(db) ? sql.ref<T>(column) : sql<T>`${sql.ref(column)} || ''`;
}

/**
 * Whether number series that take sequences (returns, credit memos) take them: PostgreSQL, where a
 * counter row would be locked to the commit; SQLite, one writer at a time, keeps the counter rows.
 */
export function numbersFromSequences(db: Kysely<DB>): boolean {
  return onPostgres(db);
}

// ---- one-statement writes, JSON and maintenance (orders, money, reports, flows) ----------------

/**
 * Whether several writes can be one statement: data-modifying common table expressions and
 * `UPDATE … FROM (VALUES …)` (PostgreSQL). There a transaction holds the rows it wrote to its
 * commit, so the paths every checkout shares write them in as few round trips as can be. SQLite
 * writes one transaction at a time, so the same work is plain statements one after another.
 */
export function oneStatementWrites(db: Kysely<DB>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** Whether reads can lock rows (`FOR UPDATE`, PostgreSQL); SQLite's write transaction holds the whole database instead. */
export function rowLocks(db: Kysely<DB>): boolean {
  return hasRowLocks(db);
}

/** Whether a query can answer a row with its child rows as nested JSON (PostgreSQL's `json_agg`): one round trip instead of one per child table. */
export function nestedJsonReads(db: Kysely<DB>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * True when the lower-cased text `expr` starts with `prefix` (already lower case), so that an
 * index on that expression answers it: a left-anchored LIKE on PostgreSQL (its index is built
 * with `text_pattern_ops`), a range on SQLite, whose LIKE uses no index on an expression.
 */
export function startsWithLowerCase(db: Kysely<DB>, expr: RawBuilder<unknown>, prefix: string): RawBuilder<SqlBool> {
  return onPostgres(db)
    ? sql<SqlBool>`${expr} like ${`${likeLiteral(prefix)}%`} escape '\\'`
    : sql<SqlBool>`${expr} >= ${prefix} and ${expr} < ${`${prefix}\u{10FFFF}`}`;
}

/** A top-level text field of a JSON text column ('' when absent). */
export function jsonTextField(db: Kysely<DB>, column: string, field: string): RawBuilder<string> {
  if (!/^[a-z_][a-z0-9_]*$/i.test(field)) throw new Error(`jsonTextField: bad field ${field}`);
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? sql<string>`coalesce(${sql.ref(column)}::json ->> ${sql.lit(field)}, '')`
    : sql<string>`coalesce(json_extract(${sql.ref(column)}, ${sql.lit(`$.${field}`)}), '')`;
}

/** PostgreSQL: moves a sequence so its next value is `value + 1` (SQLite has no sequences: nothing). */
export async function setSequence(db: Kysely<DB>, name: string, value: number): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`select setval(${name}, ${value}::bigint)`.execute(db);
}

/**
 * PostgreSQL, after a bulk load: vacuums and analyzes these tables, so the planner has fresh
 * statistics and index-only reads find the visibility map set (a live shop's old rows were vacuumed
 * long ago). SQLite: nothing.
 */
export async function vacuumAnalyze(db: Kysely<DB>, tables: readonly string[]): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter) || tables.length === 0) return;
  await sql`vacuum (analyze) ${sql.join(tables.map((t) => sql.table(t)))}`.execute(db);
}

// ---- catalogue, stock and start-up -------------------------------------------------------------

/** The dialect's operations for a database known only by its handle (demo data seeded outside the app's context). */
export function dialectOpsFor(db: Kysely<DB>): DialectOps {
  return dialectOps(onPostgres(db) ? 'postgres' : 'sqlite');
}

/** The column that is a row's physical position, to read a table in storage order: SQLite's rowid, PostgreSQL's ctid. */
export function physicalPositionColumn(db: Kysely<DB>): string {
  return onPostgres(db) ? 'ctid' : 'rowid';
}

/** A JSON object of these fields (`json_build_object` on PostgreSQL, `json_object` on SQLite). */
export function jsonObject(db: Kysely<DB>, fields: Record<string, RawBuilder<unknown>>): RawBuilder<unknown> {
  const args = Object.entries(fields).flatMap(([name, value]) => {
    if (!/^[a-z_][a-z0-9_]*$/i.test(name)) throw new Error(`jsonObject: bad field ${name}`);
    return [sql.lit(name), value];
  });
  return onPostgres(db) ? sql`json_build_object(${sql.join(args)})` : sql`json_object(${sql.join(args)})`;
}

/**
 * An aggregate: the group's values as JSON array text in this order, '[]' for no rows on both
 * (SQLite's `json_group_array`, 3.44+ for its ORDER BY, answers that; PostgreSQL's `json_agg` null).
 */
export function jsonArrayText(db: Kysely<DB>, value: RawBuilder<unknown>, orderBy: RawBuilder<unknown>): RawBuilder<string> {
  return onPostgres(db)
    ? sql<string>`coalesce(json_agg(${value} order by ${orderBy}), '[]')::text`
    : sql<string>`json_group_array(${value} order by ${orderBy})`;
}

/** PostgreSQL, after a bulk load: analyzes these tables, so the planner has fresh statistics before autovacuum's next round. SQLite: nothing. */
export async function analyzeTables(db: Kysely<DB>, tables: readonly string[]): Promise<void> {
  if (!onPostgres(db) || tables.length === 0) return;
  await sql`analyze ${sql.join(tables.map((t) => sql.table(t)))}`.execute(db);
}

/** Whether the database fills itself with the demo data on its first start: the embedded one (SQLite). A PostgreSQL shop is seeded on purpose (db:seed). */
export function seedsDemoDataOnFirstStart(dialect: DialectName): boolean {
  return dialect === 'sqlite';
}

import { CompiledQuery, type Kysely, PostgresAdapter } from 'kysely';
import type { DB } from './schema';

/**
 * Bulk loads for seeding (synthetic orders for benchmarks): many rows per statement, parameterised,
 * without Kysely's per-value query building (a million order lines would spend longer there than
 * in the database). Column names and types come from the caller's code, never from input.
 */

export type BulkType = 'int' | 'bigint' | 'text';
export type BulkColumns = readonly (readonly [name: string, type: BulkType])[];

/** SQLite allows 32,766 bound values per statement; the same row count each time keeps one prepared statement. */
const SQLITE_VALUES = 30_000;
/** PostgreSQL: one array per column, so a statement's size is bounded by memory, not by a parameter limit. */
const POSTGRES_ROWS = 20_000;

const IDENT = /^[a-z_][a-z0-9_]*$/;

export async function bulkInsert(db: Kysely<DB>, table: string, columns: BulkColumns, rows: readonly (readonly unknown[])[]): Promise<void> {
  if (rows.length === 0) return;
  for (const name of [table, ...columns.map(([c]) => c)]) if (!IDENT.test(name)) throw new Error(`bulkInsert: bad identifier ${name}`);
  if (db.getExecutor().adapter instanceof PostgresAdapter) await postgresInsert(db, table, columns, rows);
  else await sqliteInsert(db, table, columns, rows);
}

/** `insert … select * from unnest($1::int[], $2::text[], …)`: one parameter per column. */
async function postgresInsert(db: Kysely<DB>, table: string, columns: BulkColumns, rows: readonly (readonly unknown[])[]): Promise<void> {
  const names = columns.map(([c]) => c).join(', ');
  const arrays = columns.map(([, type], i) => `$${i + 1}::${type === 'int' ? 'integer' : type}[]`).join(', ');
  const text = `insert into ${table} (${names}) select * from unnest(${arrays})`;
  for (let start = 0; start < rows.length; start += POSTGRES_ROWS) {
    const part = rows.slice(start, start + POSTGRES_ROWS);
    const params = columns.map((_, i) => part.map((r) => r[i] ?? null));
    await db.executeQuery(CompiledQuery.raw(text, params));
  }
}

async function sqliteInsert(db: Kysely<DB>, table: string, columns: BulkColumns, rows: readonly (readonly unknown[])[]): Promise<void> {
  const perStatement = Math.max(1, Math.floor(SQLITE_VALUES / columns.length));
  const row = `(${columns.map(() => '?').join(', ')})`;
  const head = `insert into ${table} (${columns.map(([c]) => c).join(', ')}) values `;
  const texts = new Map<number, string>();
  for (let start = 0; start < rows.length; start += perStatement) {
    const part = rows.slice(start, start + perStatement);
    let text = texts.get(part.length);
    if (!text) {
      text = head + Array.from({ length: part.length }, () => row).join(', ');
      texts.set(part.length, text);
    }
    await db.executeQuery(CompiledQuery.raw(text, part.flat()));
  }
}

/** PostgreSQL: moves an identity column's sequence past rows inserted with explicit ids. */
export async function syncIdentity(db: Kysely<DB>, table: string): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter) || !IDENT.test(table)) return;
  await db.executeQuery(CompiledQuery.raw(`select setval(pg_get_serial_sequence('${table}', 'id'), greatest(1, (select coalesce(max(id), 0) from ${table})))`));
}

/**
 * PostgreSQL, as a superuser: this transaction fires no triggers, so no foreign-key check per row
 * (a third of a bulk load's time), as `pg_restore --disable-triggers` loads. Only for rows that are
 * consistent by construction (the synthetic orders, whose generator the SQLite tests run with
 * foreign keys on). Anyone else, and SQLite: nothing changes.
 */
export async function withoutTriggersIfAllowed(trx: Kysely<DB>): Promise<void> {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
  const r = await trx.executeQuery<{ su: boolean }>(CompiledQuery.raw(`select rolsuper as su from pg_roles where rolname = current_user`));
  if (r.rows[0]?.su) await trx.executeQuery(CompiledQuery.raw('set local session_replication_role = replica'));
}

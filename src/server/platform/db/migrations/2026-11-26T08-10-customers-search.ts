import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports nothing of the app.

/**
 * The customers list's search on PostgreSQL (decision 0024): a trigram index on
 * `customers.search_key`, which answers `search_key like '%word%'` by the trigrams of the word,
 * so a rare word reads its few rows instead of every customer (at 100,000 customers a scan was
 * about 50 ms). `pg_trgm` ships with PostgreSQL (contrib) and is a trusted extension since 13: the
 * database owner may create it. It goes in `public`, once per database, and the index names its
 * operator class there, so a database whose tables live in another schema (the tests' schemas)
 * finds it too. SQLite keeps walking its narrow `customers_search` index.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  // `if not exists`: another schema's shop may have created it; Kysely's migration lock (one per database) keeps two from racing.
  await sql`create extension if not exists pg_trgm with schema public`.execute(db);
  await sql`create index customers_search_trgm on customers using gin (search_key public.gin_trgm_ops)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`drop index customers_search_trgm`.execute(db);
}

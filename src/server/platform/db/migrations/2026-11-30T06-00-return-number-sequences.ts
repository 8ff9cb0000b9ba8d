import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports nothing of the app.

/**
 * PostgreSQL numbers returns (RMA) and credit memos from sequences instead of the `counters` rows,
 * as shipments and invoices already are (migration number-sequences): a counter row's lock is held
 * to the commit, so every return receipt in the shop waited for the one before it to commit. A
 * receipt or request that fails after taking its number leaves a gap. Each sequence goes on from
 * the highest number its counter or its table has. SQLite (one writer at a time) keeps the counters.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`create sequence rma_num_seq as bigint minvalue 0`.execute(db);
  await sql`create sequence credit_memo_num_seq as bigint minvalue 0`.execute(db);
  await sql`select setval('rma_num_seq', greatest((select value from counters where name = 'rma_num'), (select coalesce(max(rma_num), 0) from returns), 0))`.execute(db);
  await sql`select setval('credit_memo_num_seq', greatest((select value from counters where name = 'credit_memo_num'), (select coalesce(max(credit_memo_num), 0) from credit_memos), 0))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`update counters set value = (select last_value from rma_num_seq) where name = 'rma_num'`.execute(db);
  await sql`update counters set value = (select last_value from credit_memo_num_seq) where name = 'credit_memo_num'`.execute(db);
  await sql`drop sequence rma_num_seq`.execute(db);
  await sql`drop sequence credit_memo_num_seq`.execute(db);
}

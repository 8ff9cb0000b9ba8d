import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports nothing of the app.

/**
 * PostgreSQL numbers shipments and invoices from sequences instead of the `counters` rows: a
 * counter row's lock is held to the commit, so every shipment in the shop waited for the one
 * before it to commit. A sequence hands out the next number without a lock; a ship that fails
 * after taking its numbers leaves a gap (decision 0015). Each sequence goes on from the highest
 * number its counter or its table has. SQLite (one writer at a time) keeps the counters.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`create sequence shipment_num_seq as bigint minvalue 0`.execute(db);
  await sql`create sequence invoice_num_seq as bigint minvalue 0`.execute(db);
  await sql`select setval('shipment_num_seq', greatest((select value from counters where name = 'shipment_num'), (select coalesce(max(shipment_num), 0) from shipments), 0))`.execute(db);
  await sql`select setval('invoice_num_seq', greatest((select value from counters where name = 'invoice_num'), (select coalesce(max(invoice_num), 0) from invoices), 500000))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`update counters set value = (select last_value from shipment_num_seq) where name = 'shipment_num'`.execute(db);
  await sql`update counters set value = (select last_value from invoice_num_seq) where name = 'invoice_num'`.execute(db);
  await sql`drop sequence shipment_num_seq`.execute(db);
  await sql`drop sequence invoice_num_seq`.execute(db);
}

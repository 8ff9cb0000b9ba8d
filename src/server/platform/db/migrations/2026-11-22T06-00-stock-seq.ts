import { type Kysely, sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports nothing of the app.

/**
 * An incremental stock feed. The `stock_seq` counter moves by one with every transaction that
 * changes stock (a checkout), and that transaction records the new value against each item it
 * changed in `stock_changes` (one row per item, the latest sequence); each server process then
 * re-reads only the items with a newer sequence instead of the stock of every item. A table of
 * its own rather than a column of `items`: an indexed column there would make every checkout's
 * item update rewrite each of the items indexes on PostgreSQL (no HOT update). Replaces the
 * opaque `stock_version` in `meta`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('stock_changes')
    .addColumn('item_id', 'integer', (c) => c.primaryKey())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('stock_changes_seq').on('stock_changes').column('seq').execute();
  await db.insertInto('counters').values({ name: 'stock_seq', value: 0 }).execute();
  await sql`delete from meta where key = 'stock_version'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('counters').where('name', '=', 'stock_seq').execute();
  await db.schema.dropTable('stock_changes').execute();
}

import { type Kysely, sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports nothing of the app.

/**
 * An incremental stock feed. The `stock_seq` counter moves by one with every transaction that
 * changes stock (a checkout), and that transaction writes the new value onto the items it
 * changed; each server process then re-reads only the items with a newer sequence instead of the
 * stock of every item. Replaces the opaque `stock_version` in `meta`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('items').addColumn('stock_seq', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.createIndex('items_stock_seq').on('items').column('stock_seq').execute();
  await db.insertInto('counters').values({ name: 'stock_seq', value: 0 }).execute();
  await sql`delete from meta where key = 'stock_version'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('counters').where('name', '=', 'stock_seq').execute();
  await db.schema.dropIndex('items_stock_seq').execute();
  await db.schema.alterTable('items').dropColumn('stock_seq').execute();
}

import { type Kysely, sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports nothing of the app.

/**
 * Bin locations (DESIGN §7 "The back office in plain words, on a phone"): where an item sits on a
 * warehouse's shelves ("A-03-2"), one per item and warehouse, on the stock module's `item_stock`
 * row. Empty text is "no bin"; pick lists put those last.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('item_stock').addColumn('bin', 'text', (c) => c.notNull().defaultTo('')).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table item_stock drop column bin`.execute(db);
}

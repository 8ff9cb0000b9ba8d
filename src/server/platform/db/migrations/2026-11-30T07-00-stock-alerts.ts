import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports nothing of the app.

/**
 * Back-in-stock alerts (DESIGN.md §7 "Buying faster"; decision 0041), owned by customers/: a
 * buyer asks for one mail when an item out of stock at both warehouses can be ordered again. An
 * alert waits while `ended_at` is null; it ends when its mail is queued (`ended_by` 'mail') or
 * the buyer stops it ('buyer'). At most one waiting alert per customer and item (a partial unique
 * index); ended ones are kept as history. `stock_alerts_item_waiting` serves the notifier, which
 * looks up waiting alerts by the items whose stock changed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('stock_alerts')
    .addColumn('id', 'integer', (c) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('item_id', 'integer', (c) => c.notNull().references('items.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('ended_at', 'text')
    .addColumn('ended_by', 'text')
    .execute();
  await db.schema
    .createIndex('stock_alerts_one_waiting')
    .on('stock_alerts')
    .columns(['customer_id', 'item_id'])
    .unique()
    .where(sql.ref('ended_at'), 'is', null)
    .execute();
  await db.schema.createIndex('stock_alerts_item_waiting').on('stock_alerts').columns(['item_id']).where(sql.ref('ended_at'), 'is', null).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('stock_alerts').execute();
}

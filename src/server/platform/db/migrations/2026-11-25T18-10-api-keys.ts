import { type Kysely, PostgresAdapter } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports nothing of the app.

/**
 * API keys for ERP and scripts (DESIGN.md §5 "Integration"), and the orders change feed.
 *
 * A key is stored as the SHA-256 of its text, never the text; `prefix` is its first characters,
 * for people to tell keys apart. `scopes` is a JSON array.
 *
 * `orders.change_seq` is the value of the `order_change_seq` counter taken by the last
 * transaction that changed the order, as its last statement: the counter row's lock, held to the
 * commit, makes those values commit in order, so a reader that has seen every change up to N
 * will never later find a change ≤ N committed (GET /beapi/Admin/Orders?updatedSince=). Orders
 * that exist already share the value 1.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'integer', (c) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('staff.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text')
    .addColumn('revoked_at', 'text')
    .addColumn('last_used_at', 'text')
    .addColumn('last_used_ip', 'text')
    .execute();

  // Orders already there belong to the feed's first sequence (1). The constant default gives them
  // that without rewriting the table: an UPDATE of every row left a million-order PostgreSQL shop
  // with a million dead rows, and its order list ten times slower until a vacuum. Every new or
  // changed order is stamped by its transaction anyway.
  await db.schema.alterTable('orders').addColumn('change_seq', 'integer', (c) => c.notNull().defaultTo(1)).execute();
  await db.insertInto('counters').values({ name: 'order_change_seq', value: 1 }).execute();
  await db.schema.createIndex('orders_change_seq').on('orders').columns(['change_seq', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('orders_change_seq').execute();
  await db.schema.alterTable('orders').dropColumn('change_seq').execute();
  await db.deleteFrom('counters').where('name', '=', 'order_change_seq').execute();
  await db.schema.dropTable('api_keys').execute();
}

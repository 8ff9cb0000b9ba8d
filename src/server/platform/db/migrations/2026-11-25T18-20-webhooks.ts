import { type CreateTableBuilder, type Kysely, PostgresAdapter } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports nothing of the app.

/**
 * Signed webhooks (DESIGN.md §5 "Integration and durable messages"): the endpoints staff manage
 * (URL, chosen events as a JSON array, the whsec_ secret, active, since when it fails) and the
 * log of every delivery attempt (status, duration, a short text snippet of the answer, error).
 * The messages themselves travel as outbox rows; a delivery names its row and its webhook-id.
 */

function withId<T extends string>(db: Kysely<any>, table: T): CreateTableBuilder<T, 'id'> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  return db.schema
    .createTable(table)
    .addColumn('id', 'integer', (c) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()));
}

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, 'webhook_endpoints')
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    // The first failed attempt since the last delivered one; null while deliveries succeed.
    .addColumn('failing_since', 'text')
    .addColumn('disabled_reason', 'text')
    .execute();

  await withId(db, 'webhook_deliveries')
    .addColumn('endpoint_id', 'integer', (c) => c.notNull().references('webhook_endpoints.id').onDelete('cascade'))
    .addColumn('outbox_id', 'integer', (c) => c.notNull())
    .addColumn('webhook_id', 'text', (c) => c.notNull())
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('response_snippet', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webhook_deliveries_endpoint').on('webhook_deliveries').columns(['endpoint_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.dropTable('webhook_endpoints').execute();
}

import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports nothing of the app.

/**
 * The transactional outbox (DESIGN.md §5 "Integration and durable messages"): every mail and
 * webhook is a row written in the transaction of the change that causes it; a dispatcher in each
 * process claims due rows with a lease (locked_until, locked_by) and marks them done or failed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('outbox')
    .addColumn('id', 'integer', (c) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('mail', 'webhook')`))
    .addColumn('topic', 'text', (c) => c.notNull())
    // JSON text; emptied (null) once sent when it held a secret such as a reset link.
    .addColumn('payload', 'text')
    // What the admin list shows: a mail's recipient and subject, an event's type and subject.
    .addColumn('about', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending').check(sql`status in ('pending', 'done', 'failed')`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('locked_until', 'text')
    .addColumn('locked_by', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('done_at', 'text')
    .execute();
  // The claim reads only pending rows, by due time: a small partial index whatever the history.
  await db.schema
    .createIndex('outbox_due')
    .on('outbox')
    .columns(['next_attempt_at', 'id'])
    .where(sql.ref('status'), '=', sql.lit('pending'))
    .execute();
  // The admin list: one status, newest first.
  await db.schema.createIndex('outbox_status').on('outbox').columns(['status', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('outbox').execute();
}

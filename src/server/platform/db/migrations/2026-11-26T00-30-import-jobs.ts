import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports nothing of the app.

/**
 * The back office's CSV imports being applied (DESIGN.md §5 "Catalogue and content management"):
 * one row per apply, its progress updated in the transaction of each chunk it writes, so any
 * instance answers `GET /beapi/Admin/Items/Import/{jobId}` with where it is. `status`: running,
 * done or failed (with `error`).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('import_jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('new_count', 'integer', (c) => c.notNull())
    .addColumn('changed_count', 'integer', (c) => c.notNull())
    .addColumn('unchanged_count', 'integer', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('import_jobs').execute();
}

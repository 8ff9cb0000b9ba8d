import { type Kysely, sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports nothing of the app.

/**
 * The item editor (DESIGN.md §5 "Catalogue and content management"):
 *
 * - `items.status`: 'active', 'hidden' or 'discontinued'. `active` stays the flag every read
 *   path filters on (1 exactly when the status is 'active'); the status says why an item is not
 *   listed. Existing inactive items become 'hidden'.
 * - `items.version`: moves by one with every write of the item, for the editor's optimistic
 *   concurrency (a PUT with an older version is refused).
 * - A catalogue change feed like the stock feed (2026-11-22T06-00-stock-seq): the
 *   `catalogue_seq` counter moves with every transaction that edits items, and
 *   `catalogue_changes` holds the latest value per item, so each server process re-reads just
 *   the edited items instead of rebuilding its whole index (docs/decisions/0020).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('items').addColumn('status', 'text', (c) => c.notNull().defaultTo('active')).execute();
  await db.schema.alterTable('items').addColumn('version', 'integer', (c) => c.notNull().defaultTo(1)).execute();
  await sql`update items set status = 'hidden' where active = 0`.execute(db);
  await db.schema
    .createTable('catalogue_changes')
    .addColumn('item_id', 'integer', (c) => c.primaryKey())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('catalogue_changes_seq').on('catalogue_changes').column('seq').execute();
  await db.insertInto('counters').values({ name: 'catalogue_seq', value: 0 }).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('counters').where('name', '=', 'catalogue_seq').execute();
  await db.schema.dropTable('catalogue_changes').execute();
  await db.schema.alterTable('items').dropColumn('version').execute();
  await db.schema.alterTable('items').dropColumn('status').execute();
}

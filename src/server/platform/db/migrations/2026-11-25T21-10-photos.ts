import { type Kysely, PostgresAdapter } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports nothing of the app.

/**
 * Real product photos (DESIGN.md §5 "Catalogue and content management", docs/decisions/0019-photos.md).
 *
 * `photos`: one row per distinct upload, keyed by its content hash; `width`/`height` are the
 * upright original's, `largest` the box of its biggest variant (1280, or the original's longer
 * side when that is smaller). `photo_variants`: the bytes of each variant (box × format), stored
 * in the database so that every instance serves them; the original itself is not kept (it carries
 * the camera's metadata). `item_photos`: an item's photos in order, with their alt text; the
 * same photo may appear on several items, once each.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('photos')
    .addColumn('hash', 'text', (c) => c.primaryKey())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('largest', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('photo_variants')
    .addColumn('hash', 'text', (c) => c.notNull().references('photos.hash').onDelete('cascade'))
    .addColumn('box', 'integer', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('bytes', pg ? 'bytea' : 'blob', (c) => c.notNull())
    .addPrimaryKeyConstraint('photo_variants_pk', ['hash', 'box', 'format'])
    .execute();

  await db.schema
    .createTable('item_photos')
    .addColumn('id', 'integer', (c) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()))
    .addColumn('item_id', 'integer', (c) => c.notNull().references('items.id').onDelete('cascade'))
    .addColumn('hash', 'text', (c) => c.notNull().references('photos.hash'))
    .addColumn('alt', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('item_photos_item_hash', ['item_id', 'hash'])
    .execute();
  await db.schema.createIndex('item_photos_item').on('item_photos').columns(['item_id', 'position']).execute();
  await db.schema.createIndex('item_photos_hash').on('item_photos').column('hash').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('item_photos').execute();
  await db.schema.dropTable('photo_variants').execute();
  await db.schema.dropTable('photos').execute();
}

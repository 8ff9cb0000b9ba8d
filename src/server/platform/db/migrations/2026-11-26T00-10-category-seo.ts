import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports nothing of the app.

/**
 * Categories and NV collections edited in the back office (issue 18, point 3):
 *
 * - `seo_title`, `seo_description`: what the storefront's category page puts in its <title> and
 *   meta description (empty: the category's name and the default sentence).
 * - `version`: moves by one with every edit of the category (its name, parent, SEO, logo or, for
 *   a collection, its item list), for the editor's optimistic concurrency.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('categories').addColumn('seo_title', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('categories').addColumn('seo_description', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('categories').addColumn('version', 'integer', (c) => c.notNull().defaultTo(1)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('categories').dropColumn('version').execute();
  await db.schema.alterTable('categories').dropColumn('seo_description').execute();
  await db.schema.alterTable('categories').dropColumn('seo_title').execute();
}

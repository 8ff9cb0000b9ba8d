import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports nothing of the app.

/**
 * Search synonyms (DESIGN.md §7 "Buying faster"; decision 0044), owned by catalogue/: kept by
 * staff in the back office; a search word also finds the words listed for it (`mylar` → `foil`).
 * `words` is the listed words separated by single spaces. The counter moves with every save, so
 * every process reloads them on its next poll.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('search_synonyms')
    .addColumn('word', 'text', (c) => c.primaryKey())
    .addColumn('words', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .execute();
  await db.insertInto('counters').values({ name: 'search_synonyms_version', value: 0 }).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('counters').where('name', '=', 'search_synonyms_version').execute();
  await db.schema.dropTable('search_synonyms').execute();
}

import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports nothing of the app.

/**
 * `catalogue_changes.structural_seq`: the change sequence of the item's last edit that moved it in
 * the read index (taken out, put in, another category, facets, colour group, collections), 0 for
 * none. A process that has read sequence N takes out and puts back in place the items whose
 * `structural_seq` is above N, and lays the others over the index as before, instead of
 * rebuilding (docs/decisions/0020, "positions shift").
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('catalogue_changes').addColumn('structural_seq', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('catalogue_changes').dropColumn('structural_seq').execute();
}

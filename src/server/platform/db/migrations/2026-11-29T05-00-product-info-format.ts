import { type Kysely, sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports nothing of the app.

/**
 * An item's product info may be written in Markdown (issue 29, docs/decisions/0032): the flag
 * says how `product_info_html` (the text as the operator typed it) is read. Every stored item
 * keeps `html`, so no stored description changes; `product_info_safe` stays as it was.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('items')
    .addColumn('product_info_format', 'text', (c) => c.notNull().defaultTo('html').check(sql`product_info_format in ('html', 'markdown')`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('items').dropColumn('product_info_format').execute();
}

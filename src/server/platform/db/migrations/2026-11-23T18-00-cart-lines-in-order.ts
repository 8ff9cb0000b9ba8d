import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports nothing of the app.

/**
 * A cart's lines in the order they were added: every cart change answers the whole cart, and
 * without this index each answer sorted the cart's lines (SQLite: a temporary b-tree per read).
 * `qty` is left out on purpose: adding to a line changes only `qty`, so this index is not
 * rewritten (and PostgreSQL can keep that update HOT).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('cart_lines_in_order').on('cart_lines').columns(['customer_id', 'added_at', 'item_num']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('cart_lines_in_order').execute();
}

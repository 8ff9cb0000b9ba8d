import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports nothing of the app.

/**
 * Credit memos by order (decision 0037): a return's receipt sums what the order's earlier memos
 * credited (its caps), and without this index that read scanned every credit memo of the shop.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('credit_memos_order').on('credit_memos').columns(['order_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('credit_memos_order').execute();
}

import { type Kysely, sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports nothing of the app.

/**
 * The order desk's list filters "open at West", "open at East" and "with backorders": small
 * partial indexes holding only the orders that have such units (live orders, a small part of
 * them all), newest first, so those filters never read the whole orders table.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('orders_open_west').on('orders').column('order_num').where(sql.ref('open_west'), '>', sql.lit(0)).execute();
  await db.schema.createIndex('orders_open_east').on('orders').column('order_num').where(sql.ref('open_east'), '>', sql.lit(0)).execute();
  await db.schema.createIndex('orders_backordered').on('orders').column('order_num').where(sql.ref('backordered'), '>', sql.lit(0)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of ['orders_open_west', 'orders_open_east', 'orders_backordered']) await db.schema.dropIndex(name).execute();
}

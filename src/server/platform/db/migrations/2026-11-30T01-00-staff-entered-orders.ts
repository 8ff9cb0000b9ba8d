import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports nothing of the app.

/**
 * Staff-entered orders (DESIGN.md §7, decision 0034), columns of `orders` (owned by orders/):
 *
 * - `source`: how the order came in: `web` (the buyer's checkout; every order before this one),
 *   `phone`, `email`, `fax`, `in_person`, `other` (the order desk typed it in).
 * - `entered_by_id`, `entered_by_name`: the staff member who entered it, and their name as it was
 *   then (null for the buyer's own orders). No foreign key: staff rows may go, the order stays.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('source', 'text', (c) => c.notNull().defaultTo('web')).execute();
  await db.schema.alterTable('orders').addColumn('entered_by_id', 'integer').execute();
  await db.schema.alterTable('orders').addColumn('entered_by_name', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('entered_by_name').execute();
  await db.schema.alterTable('orders').dropColumn('entered_by_id').execute();
  await db.schema.alterTable('orders').dropColumn('source').execute();
}

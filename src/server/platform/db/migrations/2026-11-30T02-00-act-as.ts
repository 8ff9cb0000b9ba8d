import { type Kysely, sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports nothing of the app.

/**
 * Acting for a customer (DESIGN.md §7, decision 0035), owned by customers/:
 *
 * - `act_as_links`: the one-time links staff ask for (60 s); only the SHA-256 of the token is
 *   kept. `used_at` is set by the one exchange that wins.
 * - `sessions.acting_staff_id`: a buyer session opened through such a link, tied to the staff
 *   member who acts in it (null: the buyer's own session). Such a session ends 30 minutes after
 *   it began and is never extended.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('act_as_links')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('act_as_links_customer').on('act_as_links').column('customer_id').execute();
  await db.schema.createIndex('act_as_links_staff').on('act_as_links').column('staff_id').execute();
  // No foreign key: SQLite cannot drop a column that has one (down). The session checks on every
  // request that its staff member is still active and may act (customers/act-as).
  await db.schema.alterTable('sessions').addColumn('acting_staff_id', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  // A session opened for staff is not the buyer's: it does not outlive its column.
  await sql`delete from sessions where acting_staff_id is not null`.execute(db);
  await sql`alter table sessions drop column acting_staff_id`.execute(db);
  await db.schema.dropTable('act_as_links').execute();
}

import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports nothing of the app.

/**
 * The customers desk (DESIGN.md §5 "Customers, trade terms, money"):
 *
 * - `customers.status`: 'pending' (waits for approval, SIGNUP_APPROVAL=on), 'active' or
 *   'suspended'; every existing account is active. Only an active customer sees prices and may
 *   order.
 * - `customers.version`: moves by one with every change the back office makes to the account,
 *   so two staff changing one customer at once get a 409 rather than overwrite each other.
 * - `customer_notes`: the staff's notes on a customer, append-only, with their author.
 * - Indexes for the list: newest first within a status or a state, and one narrow index holding
 *   every column the search reads, so a search walks it instead of the wide table rows.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .alterTable('customers')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active').check(sql`status in ('pending', 'active', 'suspended')`))
    .execute();
  await db.schema.alterTable('customers').addColumn('version', 'integer', (c) => c.notNull().defaultTo(1)).execute();
  await db.schema.createIndex('customers_status').on('customers').columns(['status', 'id']).execute();
  await db.schema.createIndex('customers_state').on('customers').columns(['state', 'id']).execute();
  await db.schema.createIndex('customers_search').on('customers').columns(['id', 'org_name', 'first_name', 'last_name', 'email_key', 'zip', 'state', 'status']).execute();

  await db.schema
    .createTable('customer_notes')
    .addColumn('id', 'integer', (c) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('staff_id', 'integer', (c) => c.references('staff.id').onDelete('set null'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('customer_notes_customer').on('customer_notes').columns(['customer_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('customer_notes').execute();
  await db.schema.dropIndex('customers_search').execute();
  await db.schema.dropIndex('customers_state').execute();
  await db.schema.dropIndex('customers_status').execute();
  await db.schema.alterTable('customers').dropColumn('version').execute();
  await db.schema.alterTable('customers').dropColumn('status').execute();
}

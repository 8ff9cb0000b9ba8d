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
 * - `customers.search_key`: what the list's search matches, in one lower-case text (company |
 *   contact name | email | ZIP), kept by the database itself (a generated column on PostgreSQL,
 *   triggers on SQLite, which cannot add a stored generated column), never written by the app.
 *   Its narrow index, by id, is what a search walks: newest first for a page (a common word stops
 *   after a page of matches), whole for the count; one LIKE per entry instead of four on the wide
 *   rows (at 100,000 customers on SQLite: about 12 ms a walk rather than 40).
 * - Indexes for the list without a search: newest first within a status or a state.
 */
const SEARCH_KEY = "lower(org_name || ' | ' || first_name || ' ' || last_name || ' | ' || email_key || ' | ' || zip)";

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .alterTable('customers')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active').check(sql`status in ('pending', 'active', 'suspended')`))
    .execute();
  await db.schema.alterTable('customers').addColumn('version', 'integer', (c) => c.notNull().defaultTo(1)).execute();
  await db.schema.createIndex('customers_status').on('customers').columns(['status', 'id']).execute();
  await db.schema.createIndex('customers_state').on('customers').columns(['state', 'id']).execute();
  if (pg) {
    await sql.raw(`alter table customers add column search_key text generated always as (${SEARCH_KEY}) stored`).execute(db);
  } else {
    await db.schema.alterTable('customers').addColumn('search_key', 'text', (c) => c.notNull().defaultTo('')).execute();
    await sql.raw(`update customers set search_key = ${SEARCH_KEY}`).execute(db);
    await sql.raw(`create trigger customers_search_key_insert after insert on customers begin update customers set search_key = ${SEARCH_KEY} where id = new.id; end`).execute(db);
    await sql
      .raw(`create trigger customers_search_key_update after update of org_name, first_name, last_name, email_key, zip on customers begin update customers set search_key = ${SEARCH_KEY} where id = new.id; end`)
      .execute(db);
  }
  await db.schema.createIndex('customers_search').on('customers').columns(['id', 'search_key', 'state', 'status']).execute();

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
  await sql`drop trigger if exists customers_search_key_insert`.execute(db);
  await sql`drop trigger if exists customers_search_key_update`.execute(db);
  await db.schema.alterTable('customers').dropColumn('search_key').execute();
  await db.schema.dropIndex('customers_state').execute();
  await db.schema.dropIndex('customers_status').execute();
  await db.schema.alterTable('customers').dropColumn('version').execute();
  await db.schema.alterTable('customers').dropColumn('status').execute();
}

import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports nothing of the app.

/**
 * Trade terms, credit and payments (DESIGN.md §5 "Customers, trade terms, money"; decision 0022):
 *
 * - `customers.terms_kind` ('prepaid' | 'net'), `terms_days` (net N, 1..365) and
 *   `credit_limit_cents`: every existing account starts on net 30 with $10,000 (the demo's
 *   DEFAULT_CREDIT_LIMIT; new sign-ups take the configured one).
 * - `invoices.paid_cents`: what payments applied to it, kept with them in one transaction;
 *   0 ≤ paid ≤ total is a CHECK, so no race can overpay an invoice.
 * - `payments`: money received (cheque, transfer, card) or credit on account applied ('credit',
 *   which brings no money in). `returned_at` marks a returned cheque.
 * - `payment_applications`: how much of a payment went to which invoice.
 * - `account_charges`: charges on the account that are not invoices (the returned-cheque fee).
 * Money is integer cents, 64-bit on PostgreSQL.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const money = pg ? 'bigint' : 'integer';
  const id = (c: any) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement());

  await db.schema
    .alterTable('customers')
    .addColumn('terms_kind', 'text', (c) => c.notNull().defaultTo('net').check(sql`terms_kind in ('prepaid', 'net')`))
    .execute();
  await db.schema.alterTable('customers').addColumn('terms_days', 'integer', (c) => c.notNull().defaultTo(30).check(sql`terms_days between 1 and 365`)).execute();
  await db.schema.alterTable('customers').addColumn('credit_limit_cents', money, (c) => c.notNull().defaultTo(1_000_000).check(sql`credit_limit_cents >= 0`)).execute();
  await db.schema.alterTable('invoices').addColumn('paid_cents', money, (c) => c.notNull().defaultTo(0).check(sql`paid_cents >= 0 and paid_cents <= total_cents`)).execute();

  await db.schema
    .createTable('payments')
    .addColumn('id', 'integer', id)
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('amount_cents', money, (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn('method', 'text', (c) => c.notNull().check(sql`method in ('cheque', 'transfer', 'card', 'credit')`))
    .addColumn('reference', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('received_on', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('returned_at', 'text')
    .execute();
  await db.schema.createIndex('payments_customer').on('payments').columns(['customer_id', 'id']).execute();
  await db.schema.createIndex('payments_received').on('payments').columns(['received_on', 'id']).execute();

  await db.schema
    .createTable('payment_applications')
    .addColumn('payment_id', 'integer', (c) => c.notNull().references('payments.id').onDelete('cascade'))
    .addColumn('invoice_id', 'integer', (c) => c.notNull().references('invoices.id').onDelete('cascade'))
    .addColumn('amount_cents', money, (c) => c.notNull().check(sql`amount_cents > 0`))
    .addPrimaryKeyConstraint('payment_applications_pk', ['payment_id', 'invoice_id'])
    .execute();
  await db.schema.createIndex('payment_applications_invoice').on('payment_applications').column('invoice_id').execute();

  await db.schema
    .createTable('account_charges')
    .addColumn('id', 'integer', id)
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('returned_cheque')`))
    .addColumn('payment_id', 'integer', (c) => c.references('payments.id').onDelete('set null'))
    .addColumn('amount_cents', money, (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('charged_on', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('account_charges_customer').on('account_charges').columns(['customer_id', 'id']).execute();
  // The balance sums a customer's open invoices.
  await db.schema.createIndex('invoices_customer_status').on('invoices').columns(['customer_id', 'status']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('invoices_customer_status').execute();
  await db.schema.dropTable('account_charges').execute();
  await db.schema.dropTable('payment_applications').execute();
  await db.schema.dropTable('payments').execute();
  await db.schema.alterTable('invoices').dropColumn('paid_cents').execute();
  for (const column of ['credit_limit_cents', 'terms_days', 'terms_kind']) await db.schema.alterTable('customers').dropColumn(column).execute();
}

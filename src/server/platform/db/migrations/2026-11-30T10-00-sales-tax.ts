import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports nothing of the app.

/**
 * Sales tax on orders and invoices, and resale certificates (DESIGN.md §7 "Sales tax and resale
 * certificates"; decision 0042).
 *
 * - `orders` (orders/): `tax_cents` is the tax of what remains to be delivered, as `total_cents`
 *   is what remains (total = subtotal − discount + shipping + tax); `original_tax_cents` is the
 *   tax as placed. The order keeps the rate it was taxed at: `tax_rate_ppm` (null: no tax is
 *   collected, see `tax_basis`), `tax_shipping` (1: shipping is taxed), `tax_state` (the
 *   ship-to's state), `tax_version` (the rate table's version, '' when none applied) and
 *   `tax_basis`: `taxable`, `exempt` (an accepted certificate, `tax_certificate_id`) or
 *   `no_nexus` (a state where the shop collects no tax). Orders placed before this migration are
 *   `no_nexus` with no tax, which is what they were charged.
 * - `invoices` (money/): the tax each invoice bills.
 * - `tax_certificates` (money/): a buyer's resale or exemption certificate, its file kept beside it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const money = pg ? 'bigint' : 'integer';
  const id = (c: any) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement());

  await db.schema.alterTable('orders').addColumn('tax_cents', money, (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('orders').addColumn('original_tax_cents', money, (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('orders').addColumn('tax_rate_ppm', 'integer').execute();
  await db.schema.alterTable('orders').addColumn('tax_shipping', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('orders').addColumn('tax_state', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('orders').addColumn('tax_version', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('orders').addColumn('tax_basis', 'text', (c) => c.notNull().defaultTo('no_nexus')).execute();
  await db.schema.alterTable('orders').addColumn('tax_certificate_id', 'integer').execute();
  // The ship-to's state of the orders placed before: the tax report groups by it.
  await sql`update orders set tax_state = coalesce(upper(${pg ? sql`ship_to_json::json->>'state'` : sql`json_extract(ship_to_json, '$.state')`}), '')`.execute(db);

  await db.schema.alterTable('invoices').addColumn('tax_cents', money, (c) => c.notNull().defaultTo(0)).execute();

  await db.schema
    .createTable('tax_certificates')
    .addColumn('id', 'integer', id)
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('number', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().check(sql`length(state) = 2`))
    /** YYYY-MM-DD: the last day it is valid. */
    .addColumn('expires_on', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'accepted', 'rejected')`))
    .addColumn('reject_reason', 'text')
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('file_size', 'integer', (c) => c.notNull())
    /** Where the file is kept under DATA_DIR. */
    .addColumn('file_path', 'text', (c) => c.notNull())
    .addColumn('uploaded_at', 'text', (c) => c.notNull())
    .addColumn('decided_at', 'text')
    .addColumn('decided_by', 'text')
    /** When the 30-day reminder and the expiry notice were queued (each once). */
    .addColumn('reminded_at', 'text')
    .addColumn('expiry_notified_at', 'text')
    .execute();
  await db.schema.createIndex('tax_certificates_customer').on('tax_certificates').columns(['customer_id', 'status']).execute();
  await db.schema.createIndex('tax_certificates_status').on('tax_certificates').columns(['status', 'uploaded_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('tax_certificates').execute();
  await db.schema.alterTable('invoices').dropColumn('tax_cents').execute();
  for (const c of ['tax_certificate_id', 'tax_basis', 'tax_version', 'tax_state', 'tax_shipping', 'tax_rate_ppm', 'original_tax_cents', 'tax_cents']) {
    await db.schema.alterTable('orders').dropColumn(c).execute();
  }
}

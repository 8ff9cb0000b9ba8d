import { type Kysely, sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports nothing of the app.

/**
 * Sales tax rates per ZIP code (DESIGN.md §7 "Sales tax and resale certificates"; decision 0042),
 * owned by money/: imported in the back office from a CSV `zip,rate,shippingTaxable`; a ZIP's rate
 * replaces its state's base rate for addresses in that state. The rate is in parts per million
 * (8.35 % = 83,500), so it is exact; at most 20 %.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('tax_zip_rates')
    .addColumn('zip', 'text', (c) => c.primaryKey().check(sql`length(zip) = 5`))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('rate_ppm', 'integer', (c) => c.notNull().check(sql`rate_ppm >= 0 and rate_ppm <= 200000`))
    .addColumn('shipping_taxable', 'integer', (c) => c.notNull().check(sql`shipping_taxable in (0, 1)`))
    .addColumn('imported_at', 'text', (c) => c.notNull())
    .addColumn('imported_by', 'text', (c) => c.notNull())
    .execute();
  // The ZIP table's version, moved by every import: recorded on orders with the state table's.
  await db.insertInto('counters').values({ name: 'tax_rates_version', value: 0 }).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('counters').where('name', '=', 'tax_rates_version').execute();
  await db.schema.dropTable('tax_zip_rates').execute();
}

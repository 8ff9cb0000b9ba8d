import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports nothing of the app.

/**
 * Price levels, quantity breaks and order multiples (issue 19 point 2; docs/decisions/0021-pricing.md):
 *
 * - `price_levels`: a named level, a percent off list in basis points (0..10000: 12.5% is 1250),
 *   and a `version` that moves with every change of the level or its named prices, so every
 *   process's cached prices and response-cache keys (`p<id>.<version>`) follow on the next request.
 * - `price_level_prices`: the level's own price of an item (cents > 0), instead of the percent.
 * - `item_price_breaks`: per item, from `min_qty` units (≥ 2) on, this unit price (cents > 0).
 * - `customers.price_level_id`: the customer's level; null is list price.
 * - `items.order_multiple`: the item is sold only in multiples of this (a case pack); 1 is any quantity.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('price_levels')
    .addColumn('id', 'integer', (c) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()))
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('percent_off_bp', 'integer', (c) => c.notNull().check(sql`percent_off_bp between 0 and 10000`))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('price_level_prices')
    .addColumn('level_id', 'integer', (c) => c.notNull().references('price_levels.id').onDelete('cascade'))
    .addColumn('item_id', 'integer', (c) => c.notNull().references('items.id').onDelete('cascade'))
    .addColumn('price_cents', 'bigint', (c) => c.notNull().check(sql`price_cents > 0`))
    .addPrimaryKeyConstraint('price_level_prices_pk', ['level_id', 'item_id'])
    .execute();
  await db.schema
    .createTable('item_price_breaks')
    .addColumn('item_id', 'integer', (c) => c.notNull().references('items.id').onDelete('cascade'))
    .addColumn('min_qty', 'integer', (c) => c.notNull().check(sql`min_qty >= 2`))
    .addColumn('price_cents', 'bigint', (c) => c.notNull().check(sql`price_cents > 0`))
    .addPrimaryKeyConstraint('item_price_breaks_pk', ['item_id', 'min_qty'])
    .execute();
  await db.schema.alterTable('customers').addColumn('price_level_id', 'integer', (c) => c.references('price_levels.id')).execute();
  await db.schema.createIndex('customers_price_level').on('customers').column('price_level_id').execute();
  await db.schema
    .alterTable('items')
    .addColumn('order_multiple', 'integer', (c) => c.notNull().defaultTo(1).check(sql`order_multiple >= 1`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('items').dropColumn('order_multiple').execute();
  await db.schema.dropIndex('customers_price_level').execute();
  await db.schema.alterTable('customers').dropColumn('price_level_id').execute();
  await db.schema.dropTable('item_price_breaks').execute();
  await db.schema.dropTable('price_level_prices').execute();
  await db.schema.dropTable('price_levels').execute();
}

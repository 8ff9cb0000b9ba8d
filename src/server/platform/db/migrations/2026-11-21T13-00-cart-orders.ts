import { type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports nothing of the app.

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

function withId<T extends string>(db: Kysely<any>, table: T): CreateTableBuilder<T, 'id'> {
  const pg = isPostgres(db);
  return db.schema
    .createTable(table)
    .addColumn('id', 'integer', (c) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()));
}

const text = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo('');
const cents = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);
const customer = (c: ColumnDefinitionBuilder) => c.notNull().references('customers.id').onDelete('cascade');

async function createCarts(db: Kysely<any>): Promise<void> {
  // One cart per customer, kept in the database so it follows the customer across devices.
  await db.schema
    .createTable('carts')
    .addColumn('customer_id', 'integer', (c) => c.primaryKey().references('customers.id').onDelete('cascade'))
    .addColumn('comments', 'text', text)
    // '' = the billing address.
    .addColumn('ship_to_code', 'text', text)
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('cart_lines')
    .addColumn('customer_id', 'integer', customer)
    .addColumn('item_num', 'text', (c) => c.notNull())
    .addColumn('qty', 'integer', (c) => c.notNull().check(sql`qty between 1 and 9999`))
    .addColumn('added_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('cart_lines_pk', ['customer_id', 'item_num'])
    .execute();

  await withId(db, 'coupons')
    // Upper case; codes are matched case-insensitively.
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('percent', 'fixed', 'free_shipping')`))
    .addColumn('percent_off', 'integer', (c) => c.notNull().defaultTo(0).check(sql`percent_off between 0 and 100`))
    .addColumn('amount_off_cents', 'integer', (c) => c.notNull().defaultTo(0).check(sql`amount_off_cents >= 0`))
    .addColumn('minimum_cents', 'integer', (c) => c.notNull().defaultTo(0).check(sql`minimum_cents >= 0`))
    .addColumn('valid_from', 'text')
    .addColumn('valid_until', 'text')
    // Null: unlimited.
    .addColumn('max_uses', 'integer')
    .addColumn('max_uses_per_customer', 'integer')
    .addColumn('uses', 'integer', (c) => c.notNull().defaultTo(0).check(sql`uses >= 0`))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('cart_coupons')
    .addColumn('customer_id', 'integer', customer)
    .addColumn('coupon_id', 'integer', (c) => c.notNull().references('coupons.id').onDelete('cascade'))
    .addColumn('added_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('cart_coupons_pk', ['customer_id', 'coupon_id'])
    .execute();
}

async function createOrders(db: Kysely<any>): Promise<void> {
  // Named counters (order numbers), advanced with one atomic UPDATE … RETURNING.
  await db.schema
    .createTable('counters')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'integer', (c) => c.notNull())
    .execute();
  await db.insertInto('counters').values({ name: 'order_num', value: 100000 }).execute();

  await withId(db, 'orders')
    .addColumn('order_num', 'integer', (c) => c.notNull().unique())
    .addColumn('customer_id', 'integer', customer)
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('subtotal_cents', 'integer', cents)
    .addColumn('discount_cents', 'integer', cents)
    .addColumn('shipping_cents', 'integer', cents)
    .addColumn('total_cents', 'integer', cents)
    .addColumn('ship_to_code', 'text', text)
    // Snapshot of the destination address as JSON: later edits of the ship-to do not change the order.
    .addColumn('ship_to_json', 'text', (c) => c.notNull())
    .addColumn('shipping_code', 'text', (c) => c.notNull())
    .addColumn('shipping_name', 'text', (c) => c.notNull())
    .addColumn('po_number', 'text', text)
    .addColumn('comments', 'text', text)
    .addColumn('line_count', 'integer', cents)
    .addColumn('total_qty', 'integer', cents)
    .execute();
  await db.schema.createIndex('orders_customer').on('orders').columns(['customer_id', 'order_num']).execute();

  await db.schema
    .createTable('order_lines')
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('line_no', 'integer', (c) => c.notNull())
    .addColumn('item_num', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('qty', 'integer', (c) => c.notNull().check(sql`qty >= 1`))
    .addColumn('price_cents', 'integer', (c) => c.notNull())
    .addColumn('extended_cents', 'integer', (c) => c.notNull())
    .addColumn('qty_west', 'integer', (c) => c.notNull().check(sql`qty_west >= 0`))
    .addColumn('qty_east', 'integer', (c) => c.notNull().check(sql`qty_east >= 0`))
    .addColumn('qty_backordered', 'integer', (c) => c.notNull().check(sql`qty_backordered >= 0`))
    .addPrimaryKeyConstraint('order_lines_pk', ['order_id', 'line_no'])
    .addCheckConstraint('order_lines_allocation', sql`qty_west + qty_east + qty_backordered = qty`)
    .execute();

  await withId(db, 'coupon_redemptions')
    .addColumn('coupon_id', 'integer', (c) => c.notNull().references('coupons.id'))
    .addColumn('customer_id', 'integer', customer)
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('discount_cents', 'integer', cents)
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('coupon_redemptions_customer').on('coupon_redemptions').columns(['customer_id', 'coupon_id']).execute();
  await db.schema.createIndex('coupon_redemptions_order').on('coupon_redemptions').column('order_id').execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('customer_id', 'integer', customer)
    .addColumn('key', 'text', (c) => c.notNull())
    // SHA-256 of the request body: the same key with another body is refused.
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('order_id', 'integer', (c) => c.references('orders.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['customer_id', 'key'])
    .execute();
}

export async function up(db: Kysely<any>): Promise<void> {
  await createCarts(db);
  await createOrders(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const tables = ['idempotency_keys', 'coupon_redemptions', 'order_lines', 'orders', 'counters', 'cart_coupons', 'coupons', 'cart_lines', 'carts'];
  for (const t of tables) await db.schema.dropTable(t).execute();
}

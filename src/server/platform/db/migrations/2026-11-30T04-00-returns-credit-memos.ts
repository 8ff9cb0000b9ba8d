import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports nothing of the app.

/**
 * Returns and credit memos (DESIGN.md §7; decision 0037):
 *
 * - `returns` (owned by orders/): one return (RMA) of units of one order, numbered from its own
 *   series; `status` requested → approved → received, or rejected.
 * - `return_lines` (orders/): the units of an order line asked back, and once received how many
 *   went back to stock and how many were scrapped.
 * - `credit_memos`, `credit_memo_lines` (money/): what a received return credits, numbered from
 *   their own series, at most one per return (a UNIQUE: a second receipt cannot raise another).
 * - `credit_memo_applications` (money/): how much of a credit memo went to which open invoice;
 *   the rest is credit on account.
 * Money is integer cents, 64-bit on PostgreSQL. Tax columns hold 0 until sales tax exists.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const money = pg ? 'bigint' : 'integer';
  const id = (c: any) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement());
  const text = (c: any) => c.notNull().defaultTo('');

  await db.insertInto('counters').values([
    { name: 'rma_num', value: 700000 },
    { name: 'credit_memo_num', value: 800000 },
  ]).execute();

  await db.schema
    .createTable('returns')
    .addColumn('id', 'integer', id)
    .addColumn('rma_num', 'integer', (c) => c.notNull().unique())
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('requested', 'approved', 'received', 'rejected')`))
    .addColumn('note', 'text', text)
    .addColumn('reject_reason', 'text')
    .addColumn('warehouse', 'text', (c) => c.check(sql`warehouse in ('west', 'east')`))
    .addColumn('credit_shipping', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('approved_at', 'text')
    .addColumn('rejected_at', 'text')
    .addColumn('received_at', 'text')
    .execute();
  await db.schema.createIndex('returns_customer').on('returns').columns(['customer_id', 'id']).execute();
  await db.schema.createIndex('returns_order').on('returns').columns(['order_id', 'id']).execute();
  await db.schema.createIndex('returns_status').on('returns').columns(['status', 'id']).execute();

  await db.schema
    .createTable('return_lines')
    .addColumn('return_id', 'integer', (c) => c.notNull().references('returns.id').onDelete('cascade'))
    .addColumn('line_no', 'integer', (c) => c.notNull())
    .addColumn('qty', 'integer', (c) => c.notNull().check(sql`qty > 0`))
    .addColumn('reason', 'text', (c) => c.notNull().check(sql`reason in ('damaged', 'wrong_item', 'not_needed', 'other')`))
    .addColumn('restocked', 'integer', (c) => c.notNull().defaultTo(0).check(sql`restocked >= 0`))
    .addColumn('scrapped', 'integer', (c) => c.notNull().defaultTo(0).check(sql`scrapped >= 0`))
    .addPrimaryKeyConstraint('return_lines_pk', ['return_id', 'line_no'])
    .addCheckConstraint('return_lines_received', sql`restocked + scrapped <= qty`)
    .execute();

  await db.schema
    .createTable('credit_memos')
    .addColumn('id', 'integer', id)
    .addColumn('credit_memo_num', 'integer', (c) => c.notNull().unique())
    .addColumn('return_id', 'integer', (c) => c.notNull().unique().references('returns.id').onDelete('cascade'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('memo_date', 'text', (c) => c.notNull())
    .addColumn('subtotal_cents', money, (c) => c.notNull().check(sql`subtotal_cents >= 0`))
    .addColumn('discount_cents', money, (c) => c.notNull().defaultTo(0).check(sql`discount_cents >= 0`))
    .addColumn('tax_cents', money, (c) => c.notNull().defaultTo(0).check(sql`tax_cents >= 0`))
    .addColumn('shipping_cents', money, (c) => c.notNull().defaultTo(0).check(sql`shipping_cents >= 0`))
    .addColumn('total_cents', money, (c) => c.notNull().check(sql`total_cents >= 0`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addCheckConstraint('credit_memos_total', sql`total_cents = subtotal_cents - discount_cents + tax_cents + shipping_cents`)
    .execute();
  await db.schema.createIndex('credit_memos_customer').on('credit_memos').columns(['customer_id', 'id']).execute();
  await db.schema.createIndex('credit_memos_date').on('credit_memos').columns(['memo_date', 'id']).execute();

  await db.schema
    .createTable('credit_memo_lines')
    .addColumn('credit_memo_id', 'integer', (c) => c.notNull().references('credit_memos.id').onDelete('cascade'))
    .addColumn('line_no', 'integer', (c) => c.notNull())
    .addColumn('item_num', 'text', (c) => c.notNull())
    .addColumn('title', 'text', text)
    .addColumn('qty', 'integer', (c) => c.notNull().check(sql`qty > 0`))
    .addColumn('price_cents', money, (c) => c.notNull())
    .addColumn('extended_cents', money, (c) => c.notNull())
    .addColumn('tax_cents', money, (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('credit_memo_lines_pk', ['credit_memo_id', 'line_no'])
    .execute();

  await db.schema
    .createTable('credit_memo_applications')
    .addColumn('credit_memo_id', 'integer', (c) => c.notNull().references('credit_memos.id').onDelete('cascade'))
    .addColumn('invoice_id', 'integer', (c) => c.notNull().references('invoices.id').onDelete('cascade'))
    .addColumn('amount_cents', money, (c) => c.notNull().check(sql`amount_cents > 0`))
    .addPrimaryKeyConstraint('credit_memo_applications_pk', ['credit_memo_id', 'invoice_id'])
    .execute();
  await db.schema.createIndex('credit_memo_applications_invoice').on('credit_memo_applications').column('invoice_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['credit_memo_applications', 'credit_memo_lines', 'credit_memos', 'return_lines', 'returns']) await db.schema.dropTable(t).execute();
  await db.deleteFrom('counters').where('name', 'in', ['rma_num', 'credit_memo_num']).execute();
}

import { type Kysely, sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports nothing of the app.

/**
 * Two as-of-now reports read from an index alone (decision 0023):
 * - backorders: `order_lines_backordered` (lines that wait, by item then order) also holds
 *   `qty_backordered`, so the report sums units by item without reading the lines (which orders
 *   are live comes from the orders with backordered units, partial index `orders_backordered`);
 * - aging: `invoices_open_aging`, the open invoices by customer with due date, total and paid.
 * And `counters.sales_month_seq`, which moves with every change to a day of the current month
 * before today (a cancel of an earlier order), as `sales_history_seq` does for past months.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('order_lines_backordered').execute();
  await db.schema
    .createIndex('order_lines_backordered')
    .on('order_lines')
    .columns(['item_num', 'order_id', 'qty_backordered'])
    .where(sql.ref('qty_backordered'), '>', 0)
    .execute();
  await db.schema
    .createIndex('invoices_open_aging')
    .on('invoices')
    .columns(['customer_id', 'due_date', 'total_cents', 'paid_cents'])
    .where(sql.ref('status'), '=', 'open')
    .execute();
  await db.insertInto('counters').values({ name: 'sales_month_seq', value: 0 }).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('counters').where('name', '=', 'sales_month_seq').execute();
  await db.schema.dropIndex('invoices_open_aging').execute();
  await db.schema.dropIndex('order_lines_backordered').execute();
  await db.schema.createIndex('order_lines_backordered').on('order_lines').columns(['item_num', 'order_id']).where(sql.ref('qty_backordered'), '>', 0).execute();
}

import { type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports nothing of the app.

/**
 * The back office (DESIGN.md §5): staff and their sessions, the append-only audit log, the order
 * lifecycle (status code with a CHECK, version, the five line quantities, events), shipments,
 * invoices, the stock movements history and the order counts the dashboard and the orders list
 * read instead of counting the orders table.
 */

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
const zero = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);

const STATUSES = sql`('received', 'accepted', 'on_hold', 'partially_shipped', 'shipped', 'closed', 'cancelled')`;

async function createStaff(db: Kysely<any>): Promise<void> {
  await withId(db, 'staff')
    // Lower case: one address is one staff member whatever its case.
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    // JSON array of role names.
    .addColumn('roles', 'text', (c) => c.notNull())
    .addColumn('warehouse', 'text', (c) => c.check(sql`warehouse in ('west', 'east')`))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('totp_secret', 'text')
    .addColumn('totp_enabled', 'integer', zero)
    // The last TOTP time step used: a code is accepted once.
    .addColumn('totp_last_step', 'integer', zero)
    .addColumn('last_sign_in_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('staff_sessions')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id').onDelete('cascade'))
    .addColumn('csrf_token', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    // Absolute end of the session, whatever its activity.
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', text)
    .addColumn('user_agent', 'text', text)
    .execute();
  await db.schema.createIndex('staff_sessions_staff').on('staff_sessions').column('staff_id').execute();
}

async function createAudit(db: Kysely<any>): Promise<void> {
  await withId(db, 'audit_log')
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('ip', 'text', text)
    .execute();
  await db.schema.createIndex('audit_log_target').on('audit_log').columns(['target', 'id']).execute();
  await db.schema.createIndex('audit_log_actor').on('audit_log').columns(['actor', 'id']).execute();
  await db.schema.createIndex('audit_log_action').on('audit_log').columns(['action', 'id']).execute();
  await db.schema.createIndex('audit_log_at').on('audit_log').column('at').execute();

  // Append-only: no code path updates or deletes an audit row, and the database refuses it too.
  if (isPostgres(db)) {
    await sql`create function audit_log_append_only() returns trigger language plpgsql as $$
      begin raise exception 'audit_log is append-only'; end $$`.execute(db);
    await sql`create trigger audit_log_no_update before update or delete on audit_log
      for each row execute function audit_log_append_only()`.execute(db);
    await sql`create trigger audit_log_no_truncate before truncate on audit_log
      for each statement execute function audit_log_append_only()`.execute(db);
  } else {
    await sql`create trigger audit_log_no_update before update on audit_log
      begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
    await sql`create trigger audit_log_no_delete before delete on audit_log
      begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
  }
}

async function extendOrders(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  await db.schema
    .alterTable('orders')
    .addColumn('status_code', 'text', (c) => c.notNull().defaultTo('received').check(sql`status_code in ${STATUSES}`))
    .execute();
  for (const [name, build] of [
    ['version', zero],
    ['open_west', zero],
    ['open_east', zero],
    ['backordered', zero],
    ['shipped_qty', zero],
  ] as const) {
    await db.schema.alterTable('orders').addColumn(name, 'integer', build).execute();
  }
  await db.schema.alterTable('orders').addColumn('hold_reason', 'text').execute();
  await db.schema.alterTable('orders').addColumn('updated_at', 'text', text).execute();
  await sql`update orders set updated_at = created_at`.execute(db);

  // The five quantities of a line: open at West, open at East, backordered, shipped, cancelled.
  // SQLite cannot change a CHECK, so the table is made again with the new one.
  if (pg) {
    await sql`alter table order_lines add column qty_shipped integer not null default 0 check (qty_shipped >= 0)`.execute(db);
    await sql`alter table order_lines add column qty_cancelled integer not null default 0 check (qty_cancelled >= 0)`.execute(db);
    await sql`alter table order_lines drop constraint order_lines_allocation`.execute(db);
    await sql`alter table order_lines add constraint order_lines_quantities
      check (qty_west + qty_east + qty_backordered + qty_shipped + qty_cancelled = qty)`.execute(db);
  } else {
    await db.schema
      .createTable('order_lines_new')
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
      .addColumn('qty_shipped', 'integer', (c) => c.notNull().defaultTo(0).check(sql`qty_shipped >= 0`))
      .addColumn('qty_cancelled', 'integer', (c) => c.notNull().defaultTo(0).check(sql`qty_cancelled >= 0`))
      .addPrimaryKeyConstraint('order_lines_pk', ['order_id', 'line_no'])
      .addCheckConstraint('order_lines_quantities', sql`qty_west + qty_east + qty_backordered + qty_shipped + qty_cancelled = qty`)
      .execute();
    await sql`insert into order_lines_new (order_id, line_no, item_num, title, qty, price_cents, extended_cents, qty_west, qty_east, qty_backordered)
      select order_id, line_no, item_num, title, qty, price_cents, extended_cents, qty_west, qty_east, qty_backordered from order_lines`.execute(db);
    await db.schema.dropTable('order_lines').execute();
    await sql`alter table order_lines_new rename to order_lines`.execute(db);
  }
  await sql`update orders set
      open_west = (select coalesce(sum(qty_west), 0) from order_lines l where l.order_id = orders.id),
      open_east = (select coalesce(sum(qty_east), 0) from order_lines l where l.order_id = orders.id),
      backordered = (select coalesce(sum(qty_backordered), 0) from order_lines l where l.order_id = orders.id)`.execute(db);

  // The orders list: by status, newest first; by date; by PO number.
  await db.schema.createIndex('orders_status').on('orders').columns(['status_code', 'order_num']).execute();
  await db.schema.createIndex('orders_created').on('orders').column('created_at').execute();
  await db.schema.createIndex('orders_po').on('orders').column('po_number').execute();
  // Backorders are filled oldest order first: only lines that wait are in this index.
  await db.schema.createIndex('order_lines_backordered').on('order_lines').columns(['item_num', 'order_id']).where(sql.ref('qty_backordered'), '>', 0).execute();
  // Open units of an item (on hand = available + allocated, not yet shipped).
  await db.schema
    .createIndex('order_lines_open')
    .on('order_lines')
    .columns(['item_num', 'order_id'])
    .where(sql`qty_west + qty_east`, '>', 0)
    .execute();

  await withId(db, 'order_events')
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('detail', 'text', text)
    .addColumn('public', 'integer', zero)
    .execute();
  await db.schema.createIndex('order_events_order').on('order_events').columns(['order_id', 'id']).execute();

  // Counts the dashboard and the orders list read, kept as orders change: `status:<code>`,
  // `ship:west`, `ship:east` (orders that can ship with open units there), `backordered`.
  await db.schema
    .createTable('order_counts')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('n', 'integer', (c) => c.notNull().defaultTo(0).check(sql`n >= 0`))
    .execute();
  const keys = ['received', 'accepted', 'on_hold', 'partially_shipped', 'shipped', 'closed', 'cancelled'].map((s) => `status:${s}`).concat(['ship:west', 'ship:east', 'backordered']);
  await db.insertInto('order_counts').values(keys.map((key) => ({ key, n: 0 }))).execute();
  await sql`update order_counts set n = (select count(*) from orders) where key = 'status:received'`.execute(db);
  await sql`update order_counts set n = (select count(*) from orders where backordered > 0) where key = 'backordered'`.execute(db);
}

async function createShipmentsAndInvoices(db: Kysely<any>): Promise<void> {
  const money = isPostgres(db) ? 'bigint' : 'integer';
  await db.insertInto('counters').values([
    { name: 'shipment_num', value: 0 },
    { name: 'invoice_num', value: 500000 },
  ]).execute();

  await withId(db, 'shipments')
    .addColumn('shipment_num', 'integer', (c) => c.notNull().unique())
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('warehouse', 'text', (c) => c.notNull().check(sql`warehouse in ('west', 'east')`))
    .addColumn('carrier', 'text', (c) => c.notNull())
    .addColumn('tracking_number', 'text', text)
    .addColumn('shipped_at', 'text', (c) => c.notNull())
    .addColumn('actor', 'text', text)
    .execute();
  await db.schema.createIndex('shipments_order').on('shipments').columns(['order_id', 'id']).execute();

  await db.schema
    .createTable('shipment_lines')
    .addColumn('shipment_id', 'integer', (c) => c.notNull().references('shipments.id').onDelete('cascade'))
    .addColumn('line_no', 'integer', (c) => c.notNull())
    .addColumn('qty', 'integer', (c) => c.notNull().check(sql`qty >= 1`))
    .addPrimaryKeyConstraint('shipment_lines_pk', ['shipment_id', 'line_no'])
    .execute();

  await withId(db, 'invoices')
    .addColumn('invoice_num', 'integer', (c) => c.notNull().unique())
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('shipment_id', 'integer', (c) => c.notNull().unique().references('shipments.id').onDelete('cascade'))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    // ISO dates (YYYY-MM-DD).
    .addColumn('invoice_date', 'text', (c) => c.notNull())
    .addColumn('due_date', 'text', (c) => c.notNull())
    .addColumn('subtotal_cents', money, zero)
    .addColumn('discount_cents', money, zero)
    .addColumn('shipping_cents', money, zero)
    .addColumn('total_cents', money, zero)
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open').check(sql`status in ('open', 'paid', 'void')`))
    .addColumn('terms', 'text', text)
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('invoices_order').on('invoices').column('order_id').execute();
  await db.schema.createIndex('invoices_customer').on('invoices').columns(['customer_id', 'invoice_num']).execute();

  await db.schema
    .createTable('invoice_lines')
    .addColumn('invoice_id', 'integer', (c) => c.notNull().references('invoices.id').onDelete('cascade'))
    .addColumn('line_no', 'integer', (c) => c.notNull())
    .addColumn('item_num', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('qty', 'integer', (c) => c.notNull())
    .addColumn('price_cents', money, (c) => c.notNull())
    .addColumn('extended_cents', money, (c) => c.notNull())
    .addPrimaryKeyConstraint('invoice_lines_pk', ['invoice_id', 'line_no'])
    .execute();
}

async function createStockMovements(db: Kysely<any>): Promise<void> {
  await withId(db, 'stock_movements')
    .addColumn('item_num', 'text', (c) => c.notNull())
    .addColumn('warehouse', 'text', (c) => c.notNull().check(sql`warehouse in ('west', 'east')`))
    .addColumn('delta', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('ref', 'text', text)
    .addColumn('actor', 'text', text)
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('stock_movements_item').on('stock_movements').columns(['item_num', 'id']).execute();
}

export async function up(db: Kysely<any>): Promise<void> {
  await createStaff(db);
  await createAudit(db);
  await extendOrders(db);
  await createShipmentsAndInvoices(db);
  await createStockMovements(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['stock_movements', 'invoice_lines', 'invoices', 'shipment_lines', 'shipments', 'order_counts', 'order_events', 'audit_log', 'staff_sessions', 'staff']) {
    await db.schema.dropTable(t).execute();
  }
}

import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports nothing of the app.

/**
 * The reports' summary tables (decision 0023): sales as the order desk sees them, orders placed,
 * net of cancellations, by the UTC day the order was placed. Kept in the transaction of every
 * checkout and cancel (reports/sales-summaries.ts), so no report scans order_lines.
 *
 * - `sales_daily`: one row a day: orders (with any unit not cancelled), lines (with any unit not
 *   cancelled), units and merchandise (qty − cancelled, at the line's price), discount (the
 *   order's coupon discount while the order is not wholly cancelled).
 * - `sales_by_day` / `sales_by_month`: the same by `dim` and `key`: 'item' (key: item number;
 *   orders = orders with that item), 'customer' (key: customer id), 'state' (key: the ship-to
 *   state). A range reads its whole months from the monthly table and its edge days from the daily.
 *
 * `counters.sales_history_seq` moves with every change to a month before the current one.
 *
 * Backfilled here from the orders already there, on both databases. Rows that drop to zero stay
 * (a cancel leaves them); reports skip them.
 */

function summaryTable(db: Kysely<any>, table: string, period: 'day' | 'month', money: 'bigint' | 'integer') {
  return db.schema
    .createTable(table)
    .addColumn('dim', 'text', (c) => c.notNull())
    .addColumn(period, 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('orders', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('units', money, (c) => c.notNull().defaultTo(0))
    .addColumn('merch_cents', money, (c) => c.notNull().defaultTo(0))
    .addColumn('discount_cents', money, (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint(`${table}_pk`, ['dim', period, 'key']);
}

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const money = pg ? 'bigint' : 'integer';
  const daily = db.schema
    .createTable('sales_daily')
    .addColumn('day', 'text', (c) => c.primaryKey())
    .addColumn('orders', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lines', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('units', money, (c) => c.notNull().defaultTo(0))
    .addColumn('merch_cents', money, (c) => c.notNull().defaultTo(0))
    .addColumn('discount_cents', money, (c) => c.notNull().defaultTo(0));
  const byDay = summaryTable(db, 'sales_by_day', 'day', money);
  const byMonth = summaryTable(db, 'sales_by_month', 'month', money);
  // SQLite: the primary key is the table (WITHOUT ROWID), so a range read is one b-tree walk.
  for (const table of [daily, byDay, byMonth]) await (pg ? table : table.modifyEnd(sql`without rowid`)).execute();
  // Moves when a change touches a month before the current one (a cancel of an older order, a
  // rebuild): each process keeps the sums of whole past months until it moves.
  await db.insertInto('counters').values({ name: 'sales_history_seq', value: 0 }).execute();

  const state = pg ? sql.raw(`coalesce(o.ship_to_json::json ->> 'state', '')`) : sql.raw(`coalesce(json_extract(o.ship_to_json, '$.state'), '')`);
  // Per order: its lines, units and merchandise not cancelled.
  const perOrder = sql`
    select o.id, substr(o.created_at, 1, 10) as day, cast(o.customer_id as text) as customer, ${state} as state, o.discount_cents,
      sum(case when l.qty > l.qty_cancelled then 1 else 0 end) as lines,
      sum(l.qty - l.qty_cancelled) as units,
      sum((l.qty - l.qty_cancelled) * l.price_cents) as merch
    from orders o join order_lines l on l.order_id = o.id
    group by o.id, o.created_at, o.customer_id, o.ship_to_json, o.discount_cents`;
  await sql`
    insert into sales_daily (day, orders, lines, units, merch_cents, discount_cents)
    select day, count(*), sum(lines), sum(units), sum(merch), sum(discount_cents)
    from (${perOrder}) t where units > 0 group by day`.execute(db);
  for (const [dim, key] of [['customer', 'customer'], ['state', 'state']] as const) {
    await sql`
      insert into sales_by_day (dim, day, key, orders, units, merch_cents, discount_cents)
      select ${dim}, day, ${sql.ref(key)}, count(*), sum(units), sum(merch), sum(discount_cents)
      from (${perOrder}) t where units > 0 group by day, ${sql.ref(key)}`.execute(db);
  }
  await sql`
    insert into sales_by_day (dim, day, key, orders, units, merch_cents, discount_cents)
    select 'item', substr(o.created_at, 1, 10), l.item_num, count(*), sum(l.qty - l.qty_cancelled), sum((l.qty - l.qty_cancelled) * l.price_cents), 0
    from order_lines l join orders o on o.id = l.order_id
    where l.qty > l.qty_cancelled
    group by substr(o.created_at, 1, 10), l.item_num`.execute(db);
  await sql`
    insert into sales_by_month (dim, month, key, orders, units, merch_cents, discount_cents)
    select dim, substr(day, 1, 7), key, sum(orders), sum(units), sum(merch_cents), sum(discount_cents)
    from sales_by_day group by dim, substr(day, 1, 7), key`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('counters').where('name', '=', 'sales_history_seq').execute();
  await db.schema.dropTable('sales_by_month').execute();
  await db.schema.dropTable('sales_by_day').execute();
  await db.schema.dropTable('sales_daily').execute();
}

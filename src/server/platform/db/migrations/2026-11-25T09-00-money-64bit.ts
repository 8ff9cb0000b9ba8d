import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports nothing of the app.

/**
 * Money columns to 64 bits on PostgreSQL: `integer` there stops at 2,147,483,647 cents
 * ($21,474,836.47), which one wholesale order can pass. Values stay integer cents; the pg driver
 * already parses int8 as a JS number (db/database.ts), exact up to 2^53 cents. SQLite's INTEGER
 * is 64-bit already, so nothing changes there. Check constraints and indexes carry over.
 */
const MONEY_COLUMNS: Record<string, string[]> = {
  items: ['price_cents', 'srp_cents'],
  coupons: ['amount_off_cents', 'minimum_cents'],
  orders: ['subtotal_cents', 'discount_cents', 'shipping_cents', 'total_cents'],
  order_lines: ['price_cents', 'extended_cents'],
  coupon_redemptions: ['discount_cents'],
};

async function setType(db: Kysely<any>, type: 'bigint' | 'integer'): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const [table, columns] of Object.entries(MONEY_COLUMNS)) {
    // One ALTER TABLE per table: PostgreSQL rewrites the table once for all its columns.
    const changes = columns.map((column) => sql`alter column ${sql.ref(column)} type ${sql.raw(type)}`);
    await sql`alter table ${sql.table(table)} ${sql.join(changes)}`.execute(db);
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await setType(db, 'bigint');
}

export async function down(db: Kysely<any>): Promise<void> {
  await setType(db, 'integer');
}

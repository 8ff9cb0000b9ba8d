import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports nothing of the app.

/**
 * The order desk in plain words (issue 29):
 *
 * - `orders.ship_to_key`: the ship-to's company and contact name in lower case, kept by the
 *   database from `ship_to_json` (a stored generated column on PostgreSQL; triggers on SQLite,
 *   which cannot add a stored one, and does not read a virtual one from an index), never written
 *   by the app. The orders search matches it through a narrow partial index of the orders sent
 *   to a ship-to address of their own (`ship_to_code <> ''`): an order sent to the billing
 *   address has the customer's own company and contact, which the customers' `search_key`
 *   matches already, so a search walks only the few orders with another address.
 * - `lower(po_number)` indexed, so a PO number's start finds its orders in any case (a range on
 *   SQLite, a left-anchored LIKE on PostgreSQL, hence `text_pattern_ops` there).
 * - `order_events.actor_name` and `audit_log.actor_name`: the person who acted, by name, as it
 *   was at the time (null on rows written before: those show what they have).
 */
const SHIP_TO_KEY_PG = "lower(coalesce(ship_to_json::json ->> 'orgName', '') || ' | ' || coalesce(ship_to_json::json ->> 'contact', ''))";
const SHIP_TO_KEY_SQLITE = "lower(coalesce(json_extract(ship_to_json, '$.orgName'), '') || ' | ' || coalesce(json_extract(ship_to_json, '$.contact'), ''))";

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  if (pg) {
    await sql.raw(`alter table orders add column ship_to_key text generated always as (${SHIP_TO_KEY_PG}) stored`).execute(db);
    await sql`create index orders_po_lower on orders (lower(po_number) text_pattern_ops)`.execute(db);
  } else {
    await db.schema.alterTable('orders').addColumn('ship_to_key', 'text', (c) => c.notNull().defaultTo('')).execute();
    await sql.raw(`update orders set ship_to_key = ${SHIP_TO_KEY_SQLITE} where ship_to_code <> ''`).execute(db);
    await sql.raw(`create trigger orders_ship_to_key_insert after insert on orders when new.ship_to_code <> '' begin update orders set ship_to_key = ${SHIP_TO_KEY_SQLITE} where id = new.id; end`).execute(db);
    await sql
      .raw(`create trigger orders_ship_to_key_update after update of ship_to_json, ship_to_code on orders begin update orders set ship_to_key = ${SHIP_TO_KEY_SQLITE} where id = new.id; end`)
      .execute(db);
    await sql`create index orders_po_lower on orders (lower(po_number))`.execute(db);
  }
  await db.schema.createIndex('orders_ship_to_key').on('orders').columns(['ship_to_key', 'order_num']).where(sql.ref('ship_to_code'), '<>', sql.lit('')).execute();
  await db.schema.alterTable('order_events').addColumn('actor_name', 'text').execute();
  await db.schema.alterTable('audit_log').addColumn('actor_name', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('audit_log').dropColumn('actor_name').execute();
  await db.schema.alterTable('order_events').dropColumn('actor_name').execute();
  await db.schema.dropIndex('orders_ship_to_key').execute();
  await db.schema.dropIndex('orders_po_lower').execute();
  await sql`drop trigger if exists orders_ship_to_key_insert`.execute(db);
  await sql`drop trigger if exists orders_ship_to_key_update`.execute(db);
  await db.schema.alterTable('orders').dropColumn('ship_to_key').execute();
}

import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports nothing of the app.

/**
 * Each item's attributes and suggested item numbers also as JSON text on its row, in order, so
 * the item detail page reads one row instead of three index lookups. item_attributes and
 * item_suggestions stay as they are; the catalogue writes fill both.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('items').addColumn('attributes_json', 'text').execute();
  await db.schema.alterTable('items').addColumn('suggested_json', 'text').execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`update items set
      attributes_json = (select coalesce(json_agg(json_build_object('name', a.name, 'value', a.value) order by a.position), '[]')::text
        from item_attributes a where a.item_id = items.id),
      suggested_json = (select coalesce(json_agg(s.suggested_num order by s.position), '[]')::text
        from item_suggestions s where s.item_id = items.id)`.execute(db);
  } else {
    await sql`update items set
      attributes_json = (select json_group_array(json_object('name', a.name, 'value', a.value) order by a.position)
        from item_attributes a where a.item_id = items.id),
      suggested_json = (select json_group_array(s.suggested_num order by s.position)
        from item_suggestions s where s.item_id = items.id)`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('items').dropColumn('suggested_json').execute();
  await db.schema.alterTable('items').dropColumn('attributes_json').execute();
}

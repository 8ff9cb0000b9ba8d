import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports nothing of the app.

/** Speed Lists: a customer's saved order lists, and their lines (item number and quantity). */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('speed_lists')
    .addColumn('id', 'integer', (c) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    // Lower-cased name: one list per name per customer, whatever the case.
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('speed_lists_customer_name', ['customer_id', 'name_key'])
    .execute();

  await db.schema
    .createTable('speed_list_lines')
    .addColumn('list_id', 'integer', (c) => c.notNull().references('speed_lists.id').onDelete('cascade'))
    .addColumn('item_num', 'text', (c) => c.notNull())
    .addColumn('qty', 'integer', (c) => c.notNull().check(sql`qty between 1 and 9999`))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('speed_list_lines_pk', ['list_id', 'item_num'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('speed_list_lines').execute();
  await db.schema.dropTable('speed_lists').execute();
}

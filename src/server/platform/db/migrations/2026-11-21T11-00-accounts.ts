import { type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, PostgresAdapter } from 'kysely';

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
const flag = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);

async function createCustomers(db: Kysely<any>): Promise<void> {
  await withId(db, 'customers')
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull())
    // Lower-cased email, so one address is registered once whatever its case.
    .addColumn('email_key', 'text', (c) => c.notNull().unique())
    .addColumn('email_verified', 'integer', flag)
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('org_name', 'text', text)
    .addColumn('first_name', 'text', text)
    .addColumn('last_name', 'text', text)
    .addColumn('address_line1', 'text', text)
    .addColumn('city', 'text', text)
    .addColumn('state', 'text', text)
    .addColumn('zip', 'text', text)
    .addColumn('country', 'text', text)
    .addColumn('day_phone', 'text', text)
    .addColumn('web', 'text', text)
    // No foreign key: ship_tos references customers, and a ship-to that is the default cannot be deleted.
    .addColumn('default_ship_to_id', 'integer')
    .addColumn('permissions', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('security_question', 'text', text)
    .addColumn('security_answer_hash', 'text', text)
    .addColumn('find_a_pro', 'integer', flag)
    .addColumn('prod_info_email', 'integer', flag)
    .addColumn('prod_info_fax', 'integer', flag)
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db, 'ship_tos')
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('org_name', 'text', text)
    .addColumn('first_name', 'text', text)
    .addColumn('last_name', 'text', text)
    .addColumn('contact', 'text', text)
    .addColumn('address_line1', 'text', text)
    .addColumn('city', 'text', text)
    .addColumn('state', 'text', text)
    .addColumn('zip', 'text', text)
    .addColumn('country', 'text', text)
    .addColumn('day_phone', 'text', text)
    .addColumn('email', 'text', text)
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ship_tos_customer').on('ship_tos').column('customer_id').execute();
}

async function createTokenTables(db: Kysely<any>): Promise<void> {
  await withId(db, 'sessions')
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_customer').on('sessions').column('customer_id').execute();
  await db.schema.createIndex('sessions_expires').on('sessions').column('expires_at').execute();

  for (const table of ['password_reset_tokens', 'email_verification_tokens']) {
    await withId(db, table)
      .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('email', 'text', text)
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .execute();
    await db.schema.createIndex(`${table}_customer`).on(table).columns(['customer_id', 'created_at']).execute();
  }

  await withId(db, 'login_failures')
    .addColumn('account_key', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_failures_account').on('login_failures').columns(['account_key', 'created_at']).execute();
  await db.schema.createIndex('login_failures_address').on('login_failures').columns(['address', 'created_at']).execute();
  await db.schema.createIndex('login_failures_created').on('login_failures').column('created_at').execute();
}

export async function up(db: Kysely<any>): Promise<void> {
  await createCustomers(db);
  await createTokenTables(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const tables = ['login_failures', 'email_verification_tokens', 'password_reset_tokens', 'sessions', 'ship_tos', 'customers'];
  for (const t of tables) await db.schema.dropTable(t).execute();
}

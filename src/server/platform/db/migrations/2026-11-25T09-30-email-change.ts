import { type Kysely, PostgresAdapter } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports nothing of the app.

/**
 * Email change made safe (DESIGN.md §3 "Email change", docs/decisions/0012-email-change.md):
 * - `customers.pending_email`: the address asked for, '' when none. The sign-in address stays
 *   `email` until the link mailed to the pending one is opened;
 * - `customers.pending_email_session`: hash of the session that asked, the one session the
 *   completed change keeps signed in;
 * - `sessions.password_at`: when this session last entered the password (sign-in or
 *   ConfirmPassword); null for sessions opened before this migration, which must confirm;
 * - `email_revert_tokens`: the "this was not me" links mailed to the old address (7 days), with
 *   the old address in `email`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.alterTable('customers').addColumn('pending_email', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('customers').addColumn('pending_email_session', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('sessions').addColumn('password_at', 'text').execute();
  await db.schema
    .createTable('email_revert_tokens')
    .addColumn('id', 'integer', (c) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('email_revert_tokens_customer').on('email_revert_tokens').columns(['customer_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('email_revert_tokens').execute();
  await db.schema.alterTable('sessions').dropColumn('password_at').execute();
  await db.schema.alterTable('customers').dropColumn('pending_email_session').execute();
  await db.schema.alterTable('customers').dropColumn('pending_email').execute();
}

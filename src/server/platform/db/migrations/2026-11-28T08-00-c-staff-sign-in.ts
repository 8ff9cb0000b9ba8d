import { type Kysely, PostgresAdapter } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports nothing of the app.

/**
 * Staff sign-in (issue 27, decision 0027):
 *
 * - `staff.totp_pending_secret`: a new authenticator's secret between "set up" and its first
 *   code; the secret in force (`totp_secret`) keeps working until then.
 * - `staff_code_failures`: wrong TOTP codes, per member, whatever the address. Only a full
 *   sign-in (password and right code) deletes them; the limit is in staff/code-limit.ts.
 * - `staff_sign_in_links`: one-time links to set a password (an owner's "reset sign-in"); only
 *   the SHA-256 of the token is kept.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.alterTable('staff').addColumn('totp_pending_secret', 'text').execute();

  await db.schema
    .createTable('staff_code_failures')
    .addColumn('id', 'integer', (c) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()))
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id').onDelete('cascade'))
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('staff_code_failures_staff').on('staff_code_failures').columns(['staff_id', 'created_at']).execute();

  await db.schema
    .createTable('staff_sign_in_links')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('staff_sign_in_links_staff').on('staff_sign_in_links').column('staff_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('staff_sign_in_links').execute();
  await db.schema.dropTable('staff_code_failures').execute();
  await db.schema.alterTable('staff').dropColumn('totp_pending_secret').execute();
}

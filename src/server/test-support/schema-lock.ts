import pg from 'pg';

/** Any fixed number: the advisory lock every test's schema set-up and drop take on the test server. */
const SCHEMA_LOCK = 29_1128;

/**
 * Runs `fn` while holding a PostgreSQL advisory lock shared by every test file's schema set-up
 * (create and migrate) and drop. Test files run side by side, each in its own schema, but Kysely's
 * migrator looks at the tables of EVERY schema of the database before it takes its own lock; a
 * schema dropped, or a table altered, by another file in that moment failed the look with "schema
 * t_… does not exist" or "column … does not exist". Under this lock no schema is dropped or
 * migrated while another file's migrator looks.
 */
export async function withSchemaLock<T>(url: string, fn: () => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query('select pg_advisory_lock($1)', [SCHEMA_LOCK]);
    return await fn();
  } finally {
    await c.query('select pg_advisory_unlock($1)', [SCHEMA_LOCK]).catch(() => undefined);
    await c.end();
  }
}

/** `fn` under the schema lock when the tests run on PostgreSQL (TEST_DB=postgres); as it is on SQLite. */
export function underSchemaLock<T>(fn: () => Promise<T>): Promise<T> {
  const url = process.env.TEST_DATABASE_URL;
  return process.env.TEST_DB === 'postgres' && url ? withSchemaLock(url, fn) : fn();
}

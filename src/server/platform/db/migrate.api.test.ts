import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDialect } from '../../test-support/test-app';
import { openDatabase } from './database';
import { withSchemaLock } from '../../test-support/schema-lock';
import { migrateToLatest } from './migrate';

/**
 * What `npm run db:migrate` and the server's start do with a `DATABASE_URL` whose search_path
 * names its own schema, on a PostgreSQL server where other schemas already hold a migrated shop
 * (this file's own test schema is one).
 */
describe.runIf(testDialect === 'postgres')('migrations on a PostgreSQL URL with its own search_path', () => {
  const url = process.env.TEST_DATABASE_URL!;
  const fresh = `m_${randomBytes(6).toString('hex')}`;
  let other: TestDatabase;
  const admin = async <T>(work: (c: pg.Client) => Promise<T>): Promise<T> => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      return await work(c);
    } finally {
      await c.end();
    }
  };
  const withSearchPath = (schema: string) => {
    const u = new URL(url);
    u.searchParams.set('options', `-c search_path=${schema}`);
    return u.toString();
  };

  beforeAll(async () => {
    other = await createTestDatabase();
    await admin((c) => c.query(`create schema ${fresh}`));
  });
  afterAll(async () => {
    await withSchemaLock(url, () => admin((c) => c.query(`drop schema if exists ${fresh} cascade`)));
    await other?.drop();
  });

  it('creates every table in the schema of the URL, and a second run applies nothing', async () => {
    const database = openDatabase(withSearchPath(fresh));
    try {
      const applied = await withSchemaLock(url, () => migrateToLatest(database.db));
      expect(applied.length).toBeGreaterThan(5);
      const tables = await admin((c) => c.query<{ table_name: string }>('select table_name from information_schema.tables where table_schema = $1', [fresh]));
      const names = tables.rows.map((r) => r.table_name);
      expect(names).toEqual(expect.arrayContaining(['kysely_migration', 'items', 'item_facets', 'customers', 'cart_lines']));
      expect(await withSchemaLock(url, () => migrateToLatest(database.db))).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it('says which setting is wrong when the search_path names no existing schema', async () => {
    const database = openDatabase(withSearchPath(`${fresh}_missing`));
    try {
      await expect(migrateToLatest(database.db)).rejects.toThrow(/search_path/);
    } finally {
      await database.close();
    }
  });
});

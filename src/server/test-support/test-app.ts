import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { type AppOptions, buildApp } from '../app';
import { type Config, readConfig } from '../platform/config';
import { createContext, type ShopContext } from '../context';
import { type Database, openDatabase } from '../platform/db/database';
import { migrateToLatest, migrateUpTo } from '../platform/db/migrate';
import { withSchemaLock } from './schema-lock';
import { type ServerProcess, startServerProcess } from './server-process';

/** Which database the API tests run on: vitest's projects set TEST_DB (see vitest.config.ts). */
export const testDialect: 'sqlite' | 'postgres' = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';

export interface TestDatabase {
  database: Database;
  dataDir: string;
  /** Another connection to the same database, as a second server process would open. */
  connectAgain(): Database;
  /** DATABASE_URL for another process on this database (a PostgreSQL URL names the schema). */
  url: string;
  drop(): Promise<void>;
}

/**
 * A fresh, migrated database: a new SQLite file, or a new schema in the PostgreSQL server at
 * TEST_DATABASE_URL, so test files never see each other's rows and may run in parallel. `upTo`:
 * migrated only up to and including that migration (a test of the next one over data written before it).
 */
export async function createTestDatabase(options: { upTo?: string } = {}): Promise<TestDatabase> {
  const migrate = (db: Database['db'], schema?: string) => (options.upTo ? migrateUpTo(db, options.upTo, schema) : migrateToLatest(db, schema));
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-test-'));
  if (testDialect === 'sqlite') {
    const database = openDatabase(`sqlite:${join(dataDir, 'shop.db')}`);
    await migrate(database.db);
    return {
      database,
      dataDir,
      connectAgain: () => openDatabase(`sqlite:${join(dataDir, 'shop.db')}`),
      url: `sqlite:${join(dataDir, 'shop.db')}`,
      drop: async () => {
        await database.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const database = await withSchemaLock(url, async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    const opened = openDatabase(url, { schema, poolSize: 20 });
    await migrate(opened.db, schema);
    return opened;
  });
  return {
    database,
    dataDir,
    connectAgain: () => openDatabase(url, { schema, poolSize: 5 }),
    url: withSchema(url, schema),
    drop: async () => {
      await database.close();
      await withSchemaLock(url, async () => {
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        await c.query(`drop schema ${schema} cascade`);
        await c.end();
      });
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function withSchema(url: string, schema: string): string {
  const u = new URL(url);
  u.searchParams.set('options', `-c search_path=${schema}`);
  return u.toString();
}

export interface TestApp {
  app: FastifyInstance;
  ctx: ShopContext;
  dataDir: string;
  /** A second server process on the same database: its own connection, catalogue index and app (`config` overrides the first's). */
  startPeer(config?: Partial<Config>): Promise<TestApp>;
  /** A real second server process (`src/server/main.ts`) on the same database, reached over HTTP. */
  startPeerProcess(env?: Record<string, string>): Promise<ServerProcess>;
  close(): Promise<void>;
}

/**
 * The real app on a fresh database. `prepare` fills the database before the app starts (its
 * catalogue index is built from what is there at start). `env` adds configuration as the
 * environment would (CORS_ORIGINS, say).
 */
export async function createTestApp(prepare?: (ctx: ShopContext) => Promise<void>, options: AppOptions = {}, env: NodeJS.ProcessEnv = {}): Promise<TestApp> {
  const tdb = await createTestDatabase();
  const ctx = createContext(testConfig(tdb.dataDir, env), tdb.database);
  if (prepare) await prepare(ctx);
  return startApp(tdb, ctx, options, tdb.drop);
}

/**
 * The test buyers live in California and Alabama, the shop's default nexus states: an API test
 * collects no sales tax unless it asks for it (`TAX_NEXUS_STATES: 'CA,AL'`), so the tests of
 * totals, invoices and statements keep their sums, and the tax tests say what they charge.
 */
function testConfig(dataDir: string, env: NodeJS.ProcessEnv) {
  return readConfig({ TAX_NEXUS_STATES: 'none', ...env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', PUBLIC_URL: 'http://shop.test' });
}

async function startApp(tdb: TestDatabase, ctx: ShopContext, options: AppOptions, release: () => Promise<void>): Promise<TestApp> {
  await ctx.catalogue.refresh();
  const app = await buildApp(ctx, { webDir: join(tdb.dataDir, 'no-web'), ...options });
  await app.ready();
  return {
    app,
    ctx,
    dataDir: tdb.dataDir,
    startPeer: (config = {}) => {
      const again = tdb.connectAgain();
      return startApp(tdb, createContext({ ...ctx.config, ...config }, again), options, () => again.close());
    },
    startPeerProcess: (env = {}) => startServerProcess({ DATABASE_URL: tdb.url, DATA_DIR: mkdtempSync(join(tdb.dataDir, 'peer-')), OUTBOX_DISPATCHER: 'off', ...env }),
    close: async () => {
      await app.close();
      ctx.catalogue.stop();
      await release();
    },
  };
}

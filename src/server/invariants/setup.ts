import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { signUpSchema } from '../../contract/accounts';
import { readConfig } from '../platform/config';
import { createContext } from '../context';
import { openDatabase } from '../platform/db/database';
import { migrateToLatest } from '../platform/db/migrate';
import { seedDemoData } from '../demo-data';
import { DEMO_STAFF } from '../staff';
import { withSchemaLock } from '../test-support/schema-lock';
import { type ServerProcess, startServerProcess } from '../test-support/server-process';
import { type Buyer, signInBuyer, signInStaff, type Staff } from './http';

/**
 * The shop the invariant driver runs against: a fresh database (a SQLite file, or a throwaway
 * schema of a local PostgreSQL) with the demo data and buyers in the West and the East, and the
 * real server (`src/server/main.ts`) on a free port of 127.0.0.1.
 */

export interface RunDatabase {
  dialect: 'sqlite' | 'postgres';
  /** DATABASE_URL for the server and the checker (a PostgreSQL URL names the schema). */
  url: string;
  dataDir: string;
  drop(): Promise<void>;
}

export async function createRunDatabase(dialect: 'sqlite' | 'postgres', postgresUrl?: string): Promise<RunDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-invariants-'));
  if (dialect === 'sqlite') {
    const url = `sqlite:${join(dataDir, 'shop.db')}`;
    const database = openDatabase(url);
    await migrateToLatest(database.db);
    await seedDemoData(database.db);
    await database.close();
    return { dialect, url, dataDir, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  if (!postgresUrl) throw new Error('PostgreSQL needs a database URL');
  const host = new URL(postgresUrl).hostname;
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host)) throw new Error(`the invariant run uses a PostgreSQL on this machine only, not ${host}`);
  const schema = `inv_${randomBytes(5).toString('hex')}`;
  const database = await withSchemaLock(postgresUrl, async () => {
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    const opened = openDatabase(postgresUrl, { schema });
    await migrateToLatest(opened.db, schema);
    return opened;
  });
  await seedDemoData(database.db);
  await database.close();
  const u = new URL(postgresUrl);
  u.searchParams.set('options', `-c search_path=${schema}`);
  return {
    dialect,
    url: u.toString(),
    dataDir,
    drop: async () => {
      await withSchemaLock(postgresUrl, async () => {
        const c = new pg.Client({ connectionString: postgresUrl });
        await c.connect();
        await c.query(`drop schema ${schema} cascade`);
        await c.end();
      });
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const BUYER_PASSWORD = 'invariant-buyer-1';
const PLACES = [
  { state: 'CA', city: 'Fresno', zip: '93706' },
  { state: 'AL', city: 'Fairhope', zip: '36532' },
  { state: 'WA', city: 'Seattle', zip: '98101' },
  { state: 'NY', city: 'New York', zip: '10001' },
];

export interface InvariantShop {
  server: ServerProcess;
  buyers: Buyer[];
  /** The demo owner (everything) and the demo warehouse member (West only). */
  owner: Staff;
  westWarehouse: Staff;
  /** Active items the run buys and edits. */
  items: string[];
}

/** Adds `buyers` customers (half of them ship from West, half from East), starts the server and signs everyone in. */
export async function startShop(run: RunDatabase, options: { buyers: number; items: number; pick: <T>(xs: readonly T[], n: number) => T[] }): Promise<InvariantShop> {
  const database = openDatabase(run.url);
  const ctx = createContext(readConfig({ DATA_DIR: run.dataDir, LOG_LEVEL: 'silent' }), database);
  const emails: string[] = [];
  for (let i = 0; i < options.buyers; i++) {
    const email = `invariant${i}@shop.test`;
    const place = PLACES[i % PLACES.length]!;
    await ctx.accounts.signUp(
      signUpSchema.parse({
        orgName: `Invariant Party ${i}`, firstName: 'Iva', lastName: 'Check', country: 'US', addressLine1: '1 Main St', ...place,
        dayPhone: '559-555-0100', web: '', email, password: BUYER_PASSWORD, reenterPassword: BUYER_PASSWORD,
        securityQuestion: 'Pet?', securityQuestionAnswer: 'Rex', findAPro: false, prodInfoEmail: false, prodInfoFax: false,
      }),
    );
    emails.push(email);
  }
  await ctx.outbox.drain();
  const ids = new Map((await database.db.selectFrom('customers').select(['id', 'email']).where('email', 'in', emails).execute()).map((r) => [r.email, r.id]));
  const candidates = await database.db
    .selectFrom('items')
    .select('num')
    .where('active', '=', 1)
    .where('price_cents', '>', 0)
    .where('order_multiple', '=', 1)
    .whereRef('srp_cents', '>=', 'price_cents')
    .orderBy('num')
    .execute();
  await database.close();

  const server = await startServerProcess({ DATABASE_URL: run.url, DATA_DIR: run.dataDir, LOG_LEVEL: 'error' });
  try {
    const buyers = [];
    for (const email of emails) buyers.push(await signInBuyer(server.url, email, BUYER_PASSWORD, ids.get(email)!));
    const [owner, west] = DEMO_STAFF;
    return {
      server,
      buyers,
      owner: await signInStaff(server.url, owner!.email, owner!.password),
      westWarehouse: await signInStaff(server.url, west!.email, west!.password),
      items: options.pick(candidates.map((c) => c.num), options.items),
    };
  } catch (err) {
    await server.stop();
    throw err;
  }
}

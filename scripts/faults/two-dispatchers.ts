/**
 * `npm run test:dispatch`: several outbox dispatchers on one database deliver every message once.
 *
 *   node --import tsx scripts/faults/two-dispatchers.ts [--db sqlite,postgres] [--orders 1000] [--buyers 100] [--postgres URL]
 *
 * PostgreSQL: two server processes (each its own dispatcher) on one database, in a throwaway
 * schema of `--postgres URL` (default TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test).
 * SQLite: one server with WORKERS=2 (two processes, two dispatchers, one file). Buyers place
 * `--orders` orders spread over both processes; a receiver in this process, subscribed to
 * order.placed, verifies each webhook's signature. Once the outbox holds nothing pending, every
 * order must have its confirmation mail (.eml, by Message-ID) and its webhook (by webhook-id), and
 * none may have been delivered twice: a row claimed by two dispatchers at once would show as a
 * second copy. Claims are sampled meanwhile to show that both dispatchers did deliver.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { readConfig } from '../../src/server/platform/config';
import { createContext } from '../../src/server/context';
import { type Database, openDatabase } from '../../src/server/platform/db/database';
import { migrateToLatest } from '../../src/server/platform/db/migrate';
import { seedDemoData } from '../../src/server/demo-data';
import { readOutbox } from '../../src/server/platform/mail/mail-folder';
import type { TestReceiver } from '../../src/server/staff/webhooks/test-receiver';
import { signIn, signUpBuyers } from './buyers';
import { waitForOutbox } from './mail-check';
import { exited, freePort, waitUntilUp } from '../../src/server/test-support/server-process';
import { distinctMessages, subscribeReceiver } from './webhook-check';
import { seedStock } from '../../src/server/stock/counts';
import { itemsWithStock } from '../../src/server/stock/testing';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'sqlite,postgres' },
    orders: { type: 'string', default: '1000' },
    buyers: { type: 'string', default: '100' },
    postgres: { type: 'string', default: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test' },
  },
});
const ORDERS = Number(args.orders);
const BUYERS = Number(args.buyers);
const PASSWORD = 'dispatch-test-pw-1';

interface Run {
  dialect: 'sqlite' | 'postgres';
  dir: string;
  /** What this script connects with, and what the servers get (PostgreSQL: the schema in search_path). */
  database: Database;
  serverUrl: string;
  drop: () => Promise<void>;
}

async function openRun(dialect: 'sqlite' | 'postgres'): Promise<Run> {
  const dir = mkdtempSync(join(tmpdir(), 'shop-dispatch-'));
  if (dialect === 'sqlite') {
    const url = `sqlite:${join(dir, 'shop.db')}`;
    const database = openDatabase(url);
    await migrateToLatest(database.db);
    return { dialect, dir, database, serverUrl: url, drop: async () => void (await database.close()) };
  }
  const schema = `dispatch_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: args.postgres });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const database = openDatabase(args.postgres!, { schema });
  await migrateToLatest(database.db, schema);
  const u = new URL(args.postgres!);
  u.searchParams.set('options', `-c search_path=${schema}`);
  return {
    dialect,
    dir,
    database,
    serverUrl: u.toString(),
    drop: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: args.postgres });
      await c.connect();
      await c.query(`drop schema ${schema} cascade`);
      await c.end();
    },
  };
}

function startServer(run: Run, port: number, workers: number): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, DATABASE_URL: run.serverUrl, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: run.dir, LOG_LEVEL: 'silent', WORKERS: String(workers), WEBHOOK_ALLOW_PRIVATE: '1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** The distinct claimers seen holding rows, sampled until `stop.now`: each dispatcher has its own. */
async function sampleClaimers(database: Database, stop: { now: boolean }, seen: Map<string, number>): Promise<void> {
  while (!stop.now) {
    const rows = await database.db.selectFrom('outbox').select(['locked_by', sql<number>`count(*)`.as('n')]).where('status', '=', 'pending').where('locked_by', 'is not', null).groupBy('locked_by').execute();
    for (const r of rows) seen.set(r.locked_by!, (seen.get(r.locked_by!) ?? 0) + Number(r.n));
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function placeOrders(bases: string[], buyers: { email: string }[], items: string[]): Promise<{ placed: number[]; errors: string[] }> {
  // One after another: the sign-in's rate limit refuses a hundred at once from one address.
  const tokens: string[] = [];
  for (const [i, b] of buyers.entries()) tokens.push(await signIn(bases[i % bases.length]!, b.email, PASSWORD));
  const placed: number[] = [];
  const errors: string[] = [];
  let next = 0;
  // One client per buyer, its orders one after another; buyer i uses process i mod 2.
  await Promise.all(
    buyers.map(async (b, i) => {
      const base = bases[i % bases.length]!;
      const headers = { 'user-token': tokens[i]!, 'content-type': 'application/json' };
      while (next < ORDERS) {
        next += 1;
        const item = items[Math.floor(Math.random() * items.length)]!;
        const add = await fetch(`${base}/Shop/AddItem?InvNum=${item}&qty=1`, { method: 'POST', headers: { 'user-token': tokens[i]! } });
        await add.arrayBuffer();
        const res = await fetch(`${base}/Shop/Checkout`, { method: 'POST', headers: { ...headers, 'idempotency-key': randomBytes(8).toString('hex') }, body: JSON.stringify({ shipToCode: '', shippingOption: 'ground' }) });
        const body = (await res.json()) as { orderNum?: number };
        if (res.status === 201 && body.orderNum) placed.push(body.orderNum);
        else errors.push(`${b.email}: checkout ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
      }
    }),
  );
  return { placed, errors };
}

/** Per kind of message: how many orders, how many delivered, lost, and extra copies. */
function tally(orderNums: number[], copiesByOrder: Map<number, string[]>): { delivered: number; lost: number; duplicates: number; problems: string[] } {
  let delivered = 0;
  let duplicates = 0;
  const problems: string[] = [];
  for (const num of orderNums) {
    const ids = copiesByOrder.get(num) ?? [];
    const distinct = new Set(ids).size;
    if (distinct > 0) delivered += 1;
    duplicates += ids.length - distinct;
    if (distinct > 1) problems.push(`order ${num}: ${distinct} different messages`);
  }
  return { delivered, lost: orderNums.length - delivered, duplicates, problems };
}

async function runOn(dialect: 'sqlite' | 'postgres'): Promise<string[]> {
  const run = await openRun(dialect);
  let receiver: TestReceiver | null = null;
  const children: ChildProcess[] = [];
  try {
    await seedDemoData(run.database.db);
    const ctx = createContext(readConfig({ DATA_DIR: run.dir, LOG_LEVEL: 'silent', WEBHOOK_ALLOW_PRIVATE: '1' }), run.database);
    const buyers = await signUpBuyers(ctx, BUYERS, 'dispatch', PASSWORD);
    await ctx.outbox.drain();
    receiver = await subscribeReceiver(ctx, ['order.placed']);
    const rows = await itemsWithStock(run.database.db).where(sql`sw.qty`, '>', 0).orderBy('i.num').limit(40).execute();
    const items = rows.map((r) => r.num);
    await seedStock(run.database.db, items.map((num) => ({ num, qtyFr: 1_000_000, qtyFh: 1_000_000 })), { announce: false });

    const ports = dialect === 'postgres' ? [await freePort(), await freePort()] : [await freePort()];
    for (const port of ports) children.push(startServer(run, port, dialect === 'postgres' ? 1 : 2));
    const bases = ports.map((p) => `http://127.0.0.1:${p}/beapi`);
    await Promise.all(children.map((c, i) => waitUntilUp(c, bases[i]!)));
    // SQLite: one port, two worker processes behind it; two bases so buyers alternate as on PostgreSQL.
    const spread = dialect === 'sqlite' ? [bases[0]!, bases[0]!] : bases;

    const stop = { now: false };
    const claimers = new Map<string, number>();
    const sampling = sampleClaimers(run.database, stop, claimers);
    const started = performance.now();
    const { placed, errors } = await placeOrders(spread, buyers, items);
    const placing = performance.now() - started;
    const pending = await waitForOutbox(run.database, 300_000);
    const draining = performance.now() - started;
    stop.now = true;
    await sampling;
    for (const c of children) c.kill('SIGTERM');
    await Promise.all(children.map(exited));

    const orderNums = (await run.database.db.selectFrom('orders').select('order_num').execute()).map((o) => o.order_num);
    const mailIds = new Map<number, string[]>();
    for (const mail of readOutbox(run.dir)) {
      const m = /^Order (\d+) confirmation$/.exec(mail.subject);
      if (m) mailIds.set(Number(m[1]), [...(mailIds.get(Number(m[1])) ?? []), mail.messageId]);
    }
    const hookIds = new Map<number, string[]>();
    for (const r of receiver.received) {
      const body = JSON.parse(r.body) as { data: { orderNum: number } };
      hookIds.set(body.data.orderNum, [...(hookIds.get(body.data.orderNum) ?? []), String(r.headers['webhook-id'])]);
    }
    const mails = tally(orderNums, mailIds);
    const hooks = tally(orderNums, hookIds);
    const failed = await run.database.db.selectFrom('outbox').select(sql<number>`count(*)`.as('n')).where('status', '=', 'failed').executeTakeFirstOrThrow();
    const where = dialect === 'postgres' ? 'PostgreSQL, two server processes on one database' : 'SQLite, one server with WORKERS=2';
    console.log(`${where}: ${placed.length} orders placed in ${(placing / 1000).toFixed(1)} s (${orderNums.length} in the database, ${errors.length} refused); outbox empty after ${(draining / 1000).toFixed(1)} s`);
    console.log(`  mails: ${mails.delivered}/${orderNums.length} confirmations delivered, ${mails.lost} lost, ${mails.duplicates} delivered twice (same Message-ID)`);
    console.log(
      `  webhooks: ${hooks.delivered}/${orderNums.length} order.placed delivered (${receiver.received.length} received, ${distinctMessages(receiver).messages.size} distinct webhook-ids, signatures verified), ${hooks.lost} lost, ${hooks.duplicates} delivered twice`,
    );
    console.log(`  dispatchers seen claiming: ${claimers.size} (${[...claimers.values()].map((n) => `${n} row-samples`).join(', ')})`);
    const problems = [...errors.slice(0, 10), ...mails.problems, ...hooks.problems];
    if (mails.lost || hooks.lost) problems.push(`${mails.lost} mails and ${hooks.lost} webhooks lost`);
    if (mails.duplicates || hooks.duplicates) problems.push(`${mails.duplicates} mails and ${hooks.duplicates} webhooks delivered twice`);
    if (pending) problems.push(`${pending} outbox rows still pending after 300 s`);
    if (Number(failed.n)) problems.push(`${failed.n} outbox rows failed`);
    if (receiver.refused.length) problems.push(`${receiver.refused.length} webhooks failed signature verification`);
    if (claimers.size < 2) problems.push(`only ${claimers.size} dispatcher seen claiming rows`);
    return problems.map((p) => `${dialect}: ${p}`);
  } finally {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
    await receiver?.close();
    await run.drop();
    rmSync(run.dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const problems: string[] = [];
  for (const dialect of (args.db ?? '').split(',')) {
    if (dialect !== 'sqlite' && dialect !== 'postgres') throw new Error('--db is sqlite, postgres or both, comma-separated');
    problems.push(...(await runOn(dialect)));
  }
  console.log(problems.length ? `\n${problems.length} problems:\n${problems.map((p) => `  - ${p}`).join('\n')}` : '\nevery mail and webhook delivered exactly once');
  process.exit(problems.length ? 1 : 0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

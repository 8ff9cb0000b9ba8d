/**
 * `npm run bench:webhooks`: the webhook figures of issue 20, on SQLite and PostgreSQL.
 *
 * 1. Dispatcher throughput: N messages (default 5,000) queued for one endpoint, then the outbox
 *    dispatcher of this process delivers them to a local receiver (another process); webhooks/s
 *    = N ÷ the time to deliver them all (every attempt logged, as in production).
 * 2. Checkout while a receiver fails: the real server (its own process, dispatcher on) under
 *    checkout load, (a) with no endpoint, (b) with an endpoint for order.placed whose receiver
 *    answers, (c) the same endpoint pointed at a receiver that hangs (or answers 500, --fail 500)
 *    with 1,000 failing messages queued before the run and every checkout adding one more;
 *    (a') no endpoint again, to show the run-to-run noise.
 *
 * Options: --db sqlite,postgres  --messages 5000  --duration 10  --connections 10  --fail hang|500
 * PostgreSQL: BENCH_DATABASE_URL or TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { seedDemoCatalogue } from '../../src/server/catalogue/demo/seed';
import { readConfig } from '../../src/server/platform/config';
import { createContext, type ShopContext } from '../../src/server/context';
import { openDatabase, writeTransaction } from '../../src/server/platform/db/database';
import { migrateToLatest } from '../../src/server/platform/db/migrate';
import { benchCustomers, signIn } from './cart-bench';
import { type BenchResult, timedLoops } from './load';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'sqlite,postgres' },
    messages: { type: 'string', default: '5000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    fail: { type: 'string', default: 'hang' },
  },
});
const DBS = values.db.split(',').map((d) => (d === 'pg' ? 'postgres' : d)) as ('sqlite' | 'postgres')[];
const MESSAGES = Number(values.messages);
const DURATION = Number(values.duration);
const CONNECTIONS = Number(values.connections);
const FAIL_PATH = values.fail === '500' ? '/fail' : '/hang';
const FAILING_QUEUED = 1000;
const PG_URL = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const ROOT = join(import.meta.dirname, '..', '..');
const ACTOR = { label: 'bench', display: 'Bench', ip: '' };
const children: ChildProcess[] = [];

/** The receiver: /ok answers 204, /fail 500, /hang never; GET /count tells how many POSTs came. */
const RECEIVER = `
const http = require('node:http'); let n = 0;
http.createServer((req, res) => {
  if (req.method === 'GET') return res.end(String(n));
  req.on('data', () => {}); req.on('end', () => { n++;
    if (req.url === '/ok') res.writeHead(204).end(); else if (req.url === '/fail') res.writeHead(500).end('broken'); });
}).listen(Number(process.env.PORT), '127.0.0.1', () => process.send('up'));`;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

async function startReceiver(): Promise<string> {
  const port = await freePort();
  const child = spawn(process.execPath, ['-e', RECEIVER], { env: { PORT: String(port) }, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  children.push(child);
  await new Promise((r) => child.once('message', r));
  return `http://127.0.0.1:${port}`;
}

async function startShop(databaseUrl: string, dataDir: string): Promise<string> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: databaseUrl, DATA_DIR: dataDir, LOG_LEVEL: 'warn', WORKERS: '1',
      WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_TIMEOUT_MS: '2000', WEBHOOK_RETRY_BASE_MS: '200', OUTBOX_POLL_MS: '200' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the shop exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/beapi/health`)).ok) return url;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function queue(ctx: ShopContext, type: 'stock.changed' | 'order.placed', count: number): Promise<void> {
  for (let i = 0; i < count; i += 500) {
    await writeTransaction(ctx.database.db, async (trx) => {
      for (let k = i; k < Math.min(count, i + 500); k++) await ctx.webhooks.events.publish(trx, type, `bench ${k}`, () => ({ invNum: `B${k}`, west: k, east: k }));
    });
  }
}

async function throughput(ctx: ShopContext, receiver: string): Promise<number> {
  const endpoint = await ctx.webhooks.create(ACTOR, { url: `${receiver}/ok`, events: ['stock.changed'] });
  await queue(ctx, 'stock.changed', MESSAGES);
  const before = Number(await (await fetch(`${receiver}/count`)).text());
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  await ctx.outbox.drain();
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  // On a shared machine the rate depends on what else runs; the dispatcher's CPU per message does not.
  console.log(`  dispatcher CPU: ${((cpu.user + cpu.system) / 1000 / MESSAGES).toFixed(2)} ms per webhook in this process (ceiling ≈ ${(MESSAGES / ((cpu.user + cpu.system) / 1e6)).toFixed(0)} webhooks/s per core)`);
  const received = Number(await (await fetch(`${receiver}/count`)).text()) - before;
  if (received < MESSAGES) throw new Error(`only ${received} of ${MESSAGES} webhooks arrived`);
  await ctx.webhooks.remove(ACTOR, endpoint.id);
  return MESSAGES / seconds;
}

async function checkouts(shopUrl: string, tokens: string[], itemNums: string[], label: string): Promise<BenchResult> {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(Math.random() * xs.length)]!;
  const result = await timedLoops('checkout', label, tokens.length, DURATION, (w) => ({
    prepare: async () => {
      for (let k = 0; k < 2; k++) await (await fetch(`${shopUrl}/beapi/Shop/AddItem?InvNum=${encodeURIComponent(pick(itemNums))}&qty=1`, { method: 'POST', headers: { 'user-token': tokens[w]! } })).arrayBuffer();
    },
    timed: () => fetch(`${shopUrl}/beapi/Shop/Checkout`, { method: 'POST', headers: { 'user-token': tokens[w]!, 'content-type': 'application/json' }, body: JSON.stringify({ shipToCode: '', shippingOption: 'ground' }) }),
  }));
  console.log(`    ${label.padEnd(58)} ${result.rps.toFixed(0).padStart(5)} checkouts/s  p50 ${result.p50.toFixed(1)} ms  p99 ${result.p99.toFixed(1)} ms  non-2xx ${result.non2xx}  errors ${result.errors}`);
  return result;
}

async function run(dialect: 'sqlite' | 'postgres'): Promise<void> {
  console.log(`\n${dialect}`);
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-webhook-bench-'));
  const schema = dialect === 'postgres' ? `whbench_${randomBytes(4).toString('hex')}` : undefined;
  const admin = async (q: string) => {
    const c = new pg.Client({ connectionString: PG_URL });
    await c.connect();
    await c.query(q);
    await c.end();
  };
  if (schema) await admin(`create schema ${schema}`);
  let serverUrl = `sqlite:${join(dataDir, 'bench.db')}`;
  if (schema) {
    const u = new URL(PG_URL);
    u.searchParams.set('options', `-c search_path=${schema}`);
    serverUrl = u.toString();
  }
  const database = schema ? openDatabase(PG_URL, { schema, poolSize: 10 }) : openDatabase(serverUrl);
  try {
    await migrateToLatest(database.db, schema);
    await seedDemoCatalogue(database.db);
    const emails = await benchCustomers(database.db, dataDir, CONNECTIONS);
    const ctx = createContext(readConfig({ DATABASE_URL: serverUrl, DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEBHOOK_ALLOW_PRIVATE: '1', OUTBOX_CONCURRENCY: '64' }), database);
    const receiver = await startReceiver();

    const rate = await throughput(ctx, receiver);
    console.log(`  dispatcher: ${MESSAGES} webhooks delivered to a local receiver at ${rate.toFixed(0)} webhooks/s`);

    const shopUrl = await startShop(serverUrl, dataDir);
    const tokens = await signIn(shopUrl, emails);
    const itemNums = (await database.db.selectFrom('items').select('num').where('active', '=', 1).execute()).map((r) => r.num);
    // A first round warms the server up (JIT, caches); (a) runs again at the end to show the noise.
    await checkouts(shopUrl, tokens, itemNums, 'warm-up (not a figure)');
    await checkouts(shopUrl, tokens, itemNums, '(a) no webhook endpoint');
    const endpoint = await ctx.webhooks.create(ACTOR, { url: `${receiver}/ok`, events: ['order.placed'] });
    // The server sees another process's endpoint change within a second.
    await new Promise((r) => setTimeout(r, 1500));
    await checkouts(shopUrl, tokens, itemNums, '(b) order.placed to a receiver that answers');
    await ctx.webhooks.update(ACTOR, endpoint.id, { url: `${receiver}${FAIL_PATH}` });
    await queue(ctx, 'order.placed', FAILING_QUEUED);
    await new Promise((r) => setTimeout(r, 1500));
    const failedBefore = await failedAttempts(ctx);
    await checkouts(shopUrl, tokens, itemNums, `(c) the same, receiver ${FAIL_PATH === '/hang' ? 'hangs (2 s timeout)' : 'answers 500'}, ${FAILING_QUEUED} failing queued`);
    console.log(`    failed attempts logged during (c): ${(await failedAttempts(ctx)) - failedBefore}`);
    await ctx.webhooks.remove(ACTOR, endpoint.id);
    await new Promise((r) => setTimeout(r, 1500));
    await checkouts(shopUrl, tokens, itemNums, "(a') no webhook endpoint again");
  } finally {
    // The shop's connections end before its schema is dropped.
    await Promise.all(children.splice(0).map((c) => new Promise((r) => (c.exitCode !== null ? r(null) : (c.once('exit', r), c.kill('SIGTERM'))))));
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (schema) await admin(`drop schema if exists ${schema} cascade`);
  }
}

async function failedAttempts(ctx: ShopContext): Promise<number> {
  const row = await ctx.database.db.selectFrom('webhook_deliveries').select((eb) => eb.fn.countAll<number>().as('n')).where('error', 'is not', null).executeTakeFirstOrThrow();
  return Number(row.n);
}

for (const dialect of DBS) await run(dialect);
process.exit(0);

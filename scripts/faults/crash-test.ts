/**
 * `npm run test:faults`: crash and shutdown faults against the real server process.
 *
 *   node --import tsx scripts/faults/crash-test.ts [--db sqlite|postgres|both] [--cycles 20] [--clients 200] [--postgres URL]
 *
 * `--db both` (the default) runs SQLite, then PostgreSQL. PostgreSQL runs in a private throwaway
 * cluster (initdb into a temporary directory, its own port and socket directory, torn down at the
 * end), so the database side can crash too; `--postgres URL` uses an existing server instead (in a
 * throwaway schema, and only the shop is killed).
 *
 * Each cycle starts the shop, runs concurrent cart writes and checkouts from many customers and
 * then, at a random moment once the cycle has placed 5 orders and shipped one, `kill -9`s the server, or on every third PostgreSQL cycle crashes the
 * database (`pg_ctl stop -m immediate`) and restarts it. With the server down it checks: every
 * acknowledged order is there with its total, every customer's cart is what was last acknowledged
 * (or that plus the one write in flight), PRAGMA integrity_check is ok (SQLite), stock +
 * allocated units = the starting stock, and every order's total is its lines' sum − discount +
 * shipping. After a database crash the shop must serve again without a restart. Then a
 * graceful-shutdown check: SIGTERM finishes requests in flight, refuses new connections and
 * closes the database.
 *
 * Staff accept and ship the buyers' orders during the same burst (scripts/faults/shipper.ts).
 *
 * Mails (the outbox): each cycle's server also delivers the confirmation mails the earlier ones
 * committed but did not send (a killed server's claims are taken again once their short lease
 * ends). After the cycles a last server delivers what is left; then every committed order must
 * have its confirmation mail in the mail folder and every shipment its shipped mail (0 lost), and duplicates, recognised by their
 * Message-ID, are counted and reported.
 *
 * Webhooks (scripts/faults/webhook-check.ts): a receiver in this process, which the kills do not
 * touch, is subscribed to order.placed and order.shipped (WEBHOOK_ALLOW_PRIVATE=1) and verifies
 * every signature; at the end every committed order has its order.placed message and every
 * committed shipment its order.shipped message (0 lost), duplicates counted by webhook-id.
 */
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { readConfig } from '../../src/server/platform/config';
import { createContext } from '../../src/server/context';
import { type Database, openDatabase } from '../../src/server/platform/db/database';
import { migrateToLatest } from '../../src/server/platform/db/migrate';
import { seedDemoData } from '../../src/server/demo-data';
import { checkConfirmationMails, waitForOutbox } from './mail-check';
import { signIn, signUpBuyers } from './buyers';
import { exited, freePort, waitUntilUp } from '../../src/server/test-support/server-process';
import { checkShippedMails, shipper, type StaffSession, staffSignIn } from './shipper';
import { checkOrderWebhooks, subscribeReceiver } from './webhook-check';
import type { TestReceiver } from '../../src/server/staff/webhooks/test-receiver';
import { seedStock } from '../../src/server/stock/counts';
import { itemsWithStock } from '../../src/server/stock/testing';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'both' },
    cycles: { type: 'string', default: '20' },
    clients: { type: 'string', default: '200' },
    postgres: { type: 'string' },
  },
});
const CYCLES = Number(args.cycles);
/** One client per customer: a customer's writes go one after another, so what was acknowledged is known. */
const CLIENTS = Number(args.clients);
const CUSTOMERS = CLIENTS;
const PASSWORD = 'crash-test-pw-1';
/** With --postgres URL the run is on that server only. */
const DB = args.postgres ? 'postgres' : args.db;
if (!['sqlite', 'postgres', 'both'].includes(DB)) throw new Error('--db is sqlite, postgres or both');
const dialect = DB === 'postgres' ? 'postgres' : 'sqlite';

const dir = mkdtempSync(join(tmpdir(), 'shop-faults-'));
let schema = '';
let databaseUrl = `sqlite:${join(dir, 'shop.db')}`;
let serverEnvUrl = databaseUrl;

// ---- a private PostgreSQL cluster ------------------------------------------------------------

/** The private cluster: its data directory, socket directory and port; null with SQLite or --postgres. */
let cluster: { bin: string; data: string; sockets: string; port: number } | null = null;

function pgBin(): string {
  const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a));
  if (!versions[0]) throw new Error('no PostgreSQL server binaries in /usr/lib/postgresql');
  return `/usr/lib/postgresql/${versions[0]}/bin`;
}

/** Runs a PostgreSQL tool as the postgres user (the server refuses to run as root). */
function asPostgres(tool: string, toolArgs: string[]): void {
  const r = spawnSync('runuser', ['-u', 'postgres', '--', `${cluster!.bin}/${tool}`, ...toolArgs], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${tool} ${toolArgs.join(' ')} failed: ${r.stderr || r.stdout}`);
}

function pgStart(): void {
  const c = cluster!;
  asPostgres('pg_ctl', ['-D', c.data, '-l', join(c.sockets, 'server.log'), '-w', '-t', '60', '-o', `-p ${c.port} -k ${c.sockets} -c listen_addresses=127.0.0.1`, 'start']);
}

function pgStop(mode: 'immediate' | 'fast'): void {
  asPostgres('pg_ctl', ['-D', cluster!.data, '-w', '-m', mode, 'stop']);
}

async function createCluster(): Promise<void> {
  const root = join(dir, 'pg');
  mkdirSync(root);
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  chmodSync(dir, 0o755);
  chownSync(root, uid, gid);
  cluster = { bin: pgBin(), data: join(root, 'data'), sockets: root, port: await freePort() };
  // fsync stays on: what a crash may lose is what this test is about.
  asPostgres('initdb', ['-D', cluster.data, '-U', 'postgres', '-A', 'trust', '--no-instructions']);
  pgStart();
}

function removeCluster(): void {
  if (!cluster) return;
  try {
    pgStop('fast');
  } catch {
    /* already down */
  }
  cluster = null;
}

const openDb = (): Database => openDatabase(databaseUrl, schema ? { schema } : {});

let port = 0;
const base = () => `http://127.0.0.1:${port}/beapi`;

let current: ChildProcess | null = null;
/** The webhook receiver: lives in this process, so it outlives every server kill. */
let receiver: TestReceiver | null = null;

function startServer(): ChildProcess {
  const child = (current = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    // A short outbox lease: a killed server's claimed mails are taken again by the next one soon.
    env: { ...process.env, DATABASE_URL: serverEnvUrl, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dir, LOG_LEVEL: 'silent', WORKERS: '1', OUTBOX_LEASE_MS: '3000', WEBHOOK_ALLOW_PRIVATE: '1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  }));
  return child;
}

// ---- setup -----------------------------------------------------------------------------------

interface Buyer {
  id: number;
  email: string;
  token: string;
  /** Cart as last acknowledged: item → quantity. */
  acked: Map<string, number>;
  /** The write sent but not answered when the server died. */
  pending: { kind: 'add'; item: string; qty: number } | { kind: 'checkout' } | null;
  orders: Map<number, number>;
}

async function prepare(): Promise<{ buyers: Buyer[]; items: string[]; startingStock: number }> {
  if (schema) {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
  }
  const database = openDb();
  await migrateToLatest(database.db, schema || undefined);
  await seedDemoData(database.db);
  const ctx = createContext(readConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', WEBHOOK_ALLOW_PRIVATE: '1' }), database);
  receiver = await subscribeReceiver(ctx);
  const buyers: Buyer[] = (await signUpBuyers(ctx, CUSTOMERS, 'crash', PASSWORD)).map((b) => ({ ...b, token: '', acked: new Map(), pending: null, orders: new Map() }));
  await ctx.outbox.drain();
  // Items in stock, some with very little, so checkouts compete for the last units.
  const rows = await itemsWithStock(database.db).where(sql`sw.qty`, '>', 0).orderBy('i.num').limit(40).execute();
  await seedStock(database.db, rows.slice(0, 10).map((r) => ({ num: r.num, qtyFr: 3, qtyFh: 2 })), { announce: false });
  // The others with plenty: 200 buyers would otherwise empty them in a few cycles, and from then
  // on every order is backordered and the shippers (and the shipped mails and webhooks) have nothing to do.
  await seedStock(database.db, rows.slice(10).map((r) => ({ num: r.num, qtyFr: 5_000, qtyFh: 5_000 })), { announce: false });
  const startingStock = await stockTotal(database);
  await database.close();
  return { buyers, items: rows.map((r) => r.num), startingStock };
}

async function stockTotal(database: Database): Promise<number> {
  const r = await database.db.selectFrom('item_stock').select(sql<number>`coalesce(sum(qty), 0)`.as('n')).executeTakeFirstOrThrow();
  return Number(r.n);
}

// ---- the workload ------------------------------------------------------------------------------

async function send(b: Buyer, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${base()}${path}`, {
    method,
    headers: { 'user-token': b.token, ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as any };
}

const cartMap = (cart: { items: { invNum: string; ordQty: number }[] }) => new Map(cart.items.map((i) => [i.invNum, i.ordQty]));

/** One client: a buyer's writes one after another (writes of different buyers overlap). */
async function client(b: Buyer, items: string[], stop: { now: boolean }, tally: { acked: number; errors: string[] }): Promise<void> {
  while (!stop.now) {
    if (b.pending) return; // an earlier write of this buyer was cut off: its outcome is unknown
    const checkout = b.acked.size > 0 && Math.random() < 0.15;
    try {
      if (checkout) {
        b.pending = { kind: 'checkout' };
        const res = await send(b, 'POST', '/Shop/Checkout', { shipToCode: '', shippingOption: 'ground' }, { 'idempotency-key': randomBytes(8).toString('hex') });
        if (res.status === 201) {
          b.orders.set(res.body.orderNum, Math.round(res.body.total * 100));
          b.acked = new Map();
        } else throw new Error(`checkout ${res.status} ${JSON.stringify(res.body)}`);
      } else {
        const item = items[Math.floor(Math.random() * items.length)]!;
        const qty = 1 + Math.floor(Math.random() * 3);
        b.pending = { kind: 'add', item, qty };
        const res = await send(b, 'POST', `/Shop/AddItem?InvNum=${item}&qty=${qty}`);
        if (res.status !== 200) throw new Error(`AddItem ${res.status} ${JSON.stringify(res.body)}`);
        b.acked = cartMap(res.body);
      }
      b.pending = null;
      tally.acked += 1;
    } catch (err) {
      // Cut off by the kill: the outcome of `pending` is unknown. Anything else is a failure.
      const cutOff = stop.now || /fetch failed|ECONNRESET|ECONNREFUSED|socket|terminated/i.test(`${String(err)} ${String((err as Error).cause)}`);
      if (!cutOff) {
        tally.errors.push(`${b.email}: ${String(err)}`);
        b.pending = null;
      }
      return;
    }
  }
}

// ---- the checks --------------------------------------------------------------------------------

async function check(buyers: Buyer[], startingStock: number): Promise<string[]> {
  const problems: string[] = [];
  if (dialect === 'sqlite') {
    const raw = new SQLite(databaseUrl.slice('sqlite:'.length));
    const result = raw.pragma('integrity_check', { simple: true });
    if (result !== 'ok') problems.push(`integrity_check: ${String(result)}`);
    raw.close();
  }
  const database = openDb();
  const db = database.db;
  // Units allocated to orders: still open at a warehouse, or shipped since (staff ship during the burst).
  const allocated = await db.selectFrom('order_lines').select(sql<number>`coalesce(sum(qty_west + qty_east + qty_shipped), 0)`.as('n')).executeTakeFirstOrThrow();
  const stock = await stockTotal(database);
  if (stock + Number(allocated.n) !== startingStock) problems.push(`stock ${stock} + allocated ${allocated.n} ≠ starting ${startingStock}`);
  const negative = await itemsWithStock(db).where(sql<boolean>`sw.qty < 0 or se.qty < 0`).execute();
  if (negative.length) problems.push(`negative stock: ${negative.map((r) => r.num).join(', ')}`);
  // Every order, acknowledged or not: its total is its lines' sum − discount + shipping.
  const lineSums = db.selectFrom('order_lines').select(['order_id', sql<number>`sum(extended_cents)`.as('s'), sql<number>`sum(qty)`.as('q')]).groupBy('order_id').as('l');
  const inconsistent = await db
    .selectFrom('orders')
    .leftJoin(lineSums, 'l.order_id', 'orders.id')
    .select(['orders.order_num', 'orders.subtotal_cents', 'orders.discount_cents', 'orders.shipping_cents', 'orders.total_cents', 'orders.total_qty', 'l.s', 'l.q'])
    .execute();
  for (const o of inconsistent) {
    const sum = Number(o.s ?? 0);
    if (sum !== o.subtotal_cents || o.total_cents !== sum - o.discount_cents + o.shipping_cents || Number(o.q ?? 0) !== o.total_qty) {
      problems.push(`order ${o.order_num}: total ${o.total_cents} ≠ lines ${sum} − discount ${o.discount_cents} + shipping ${o.shipping_cents} (or quantity ${o.q} ≠ ${o.total_qty})`);
    }
  }
  for (const b of buyers) {
    for (const [orderNum, totalCents] of b.orders) {
      const o = await db.selectFrom('orders').select(['total_cents', 'subtotal_cents', 'customer_id']).where('order_num', '=', orderNum).executeTakeFirst();
      if (!o || o.customer_id !== b.id || o.total_cents !== totalCents) problems.push(`acknowledged order ${orderNum} of ${b.email}: ${o ? JSON.stringify(o) : 'missing'}`);
      const lines = await db.selectFrom('order_lines').innerJoin('orders', 'orders.id', 'order_lines.order_id').select(sql<number>`sum(extended_cents)`.as('s')).where('orders.order_num', '=', orderNum).executeTakeFirst();
      if (o && Number(lines?.s) !== o.subtotal_cents) problems.push(`order ${orderNum}: lines ${lines?.s} ≠ subtotal ${o.subtotal_cents}`);
    }
    const rows = await db.selectFrom('cart_lines').select(['item_num', 'qty']).where('customer_id', '=', b.id).execute();
    const actual = new Map(rows.map((r) => [r.item_num, r.qty]));
    const same = (x: Map<string, number>) => x.size === actual.size && [...x].every(([k, v]) => actual.get(k) === v);
    let ok = same(b.acked);
    if (!ok && b.pending?.kind === 'add') {
      const after = new Map(b.acked);
      after.set(b.pending.item, (after.get(b.pending.item) ?? 0) + b.pending.qty);
      ok = same(after);
      if (ok) b.acked = after;
    }
    if (!ok && b.pending?.kind === 'checkout' && actual.size === 0) {
      ok = true;
      b.acked = new Map();
      // The order placed without an answer is now in the history; adopt it for later cycles.
      const latest = await db.selectFrom('orders').select(['order_num', 'total_cents']).where('customer_id', '=', b.id).orderBy('order_num', 'desc').executeTakeFirst();
      if (latest && !b.orders.has(latest.order_num)) b.orders.set(latest.order_num, latest.total_cents);
    }
    if (!ok) problems.push(`cart of ${b.email}: ${JSON.stringify([...actual])} ≠ acknowledged ${JSON.stringify([...b.acked])} (in flight: ${JSON.stringify(b.pending)})`);
    b.pending = null;
  }
  await database.close();
  return problems;
}

// ---- graceful shutdown ------------------------------------------------------------------------

async function gracefulShutdown(buyers: Buyer[], items: string[]): Promise<string[]> {
  const problems: string[] = [];
  const child = startServer();
  await waitUntilUp(child, base());
  // Requests in flight when SIGTERM arrives: connected, headers sent, body still uploading.
  const inFlight = buyers.slice(0, 20).map((b, i) => {
    const body = JSON.stringify([{ invNum: items[i % items.length], qty: 1 }]);
    let finish = () => {};
    const answer = new Promise<string>((resolve) => {
      let text = '';
      const s = connect(port, '127.0.0.1', () =>
        s.write(`POST /beapi/Shop/AddItems HTTP/1.1\r\nHost: shop\r\nuser-token: ${b.token}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body.slice(0, 5)}`),
      );
      finish = () => s.write(body.slice(5));
      s.on('data', (d) => (text += String(d)));
      s.on('close', () => resolve(text.split('\r\n')[0] ?? ''));
      s.on('error', () => resolve(text.split('\r\n')[0] ?? ''));
    });
    return { answer, finish: () => finish() };
  });
  await new Promise((r) => setTimeout(r, 300));
  child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 300));
  const refused = await fetch(`${base()}/health`).then(() => false, () => true);
  for (const r of inFlight) r.finish();
  const statuses = await Promise.all(inFlight.map((r) => r.answer));
  const code = await exited(child);
  const answered = statuses.filter((s) => /^HTTP\/1\.1 200/.test(s)).length;
  if (answered !== statuses.length) problems.push(`requests in flight at SIGTERM: ${JSON.stringify(statuses)}`);
  if (!refused) problems.push('a new connection was accepted after SIGTERM');
  if (code !== 0) problems.push(`exit code ${code}`);
  if (dialect === 'sqlite' && existsSync(`${databaseUrl.slice('sqlite:'.length)}-wal`)) problems.push('the SQLite WAL file is still there: the database was not closed');
  console.log(`graceful shutdown: ${answered}/${statuses.length} requests in flight (body still uploading at SIGTERM) answered 200; new connection refused: ${refused}; exit code ${code}`);
  return problems;
}

// ---- main --------------------------------------------------------------------------------------

/** A last server delivers what the killed ones left; then every committed order has its confirmation mail. */
async function deliverAndCheckMails(): Promise<string[]> {
  const child = startServer();
  await waitUntilUp(child, base());
  const database = openDb();
  try {
    const pending = await waitForOutbox(database, 120_000);
    child.kill('SIGTERM');
    await exited(child);
    const report = await checkConfirmationMails(database, dir);
    const shipped = await checkShippedMails(database, dir);
    const hooks = await checkOrderWebhooks(database, receiver!);
    console.log(
      `mails: ${report.orders} committed orders, ${report.delivered} with their confirmation delivered, ${report.lost} lost, ` +
        `${report.duplicates} duplicate deliveries (same Message-ID); ${shipped.shipments} committed shipments, ${shipped.lost} shipped mails lost, ` +
        `${shipped.duplicates} duplicates${pending ? `; ${pending} still pending after 120 s` : ''}`,
    );
    console.log(
      `webhooks: ${hooks.received} received, every one's signature verified; ${hooks.orders} committed orders and ${hooks.shipments} committed shipments, ` +
        `${hooks.lost} lost, ${hooks.duplicates} duplicate deliveries (same webhook-id)`,
    );
    return [...report.problems, ...shipped.problems, ...hooks.problems, ...(pending ? [`${pending} outbox rows still pending`] : [])];
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
    await database.close();
  }
}

/** `--db both`: this script once per database, one after the other. */
function runBoth(): void {
  let failed = false;
  for (const db of ['sqlite', 'postgres']) {
    const r = spawnSync(process.execPath, ['--import', 'tsx', process.argv[1]!, '--db', db, '--cycles', String(CYCLES), '--clients', String(CLIENTS)], { stdio: 'inherit' });
    if (r.status !== 0) failed = true;
    console.log('');
  }
  rmSync(dir, { recursive: true, force: true });
  process.exit(failed ? 1 : 0);
}

/** After the database came back, the running shop serves again (its pool reconnects). */
async function servesAgain(b: Buyer): Promise<boolean> {
  for (let i = 0; i < 100; i++) {
    const ok = await fetch(`${base()}/Shop/GetShoppingCart`, { headers: { 'user-token': b.token } }).then((r) => r.status === 200, () => false);
    if (ok) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

async function main(): Promise<void> {
  if (DB === 'both') return runBoth();
  port = await freePort();
  if (args.postgres) {
    schema = `faults_${randomBytes(4).toString('hex')}`;
    databaseUrl = args.postgres;
    // The server process reaches the test schema through the connection's search_path.
    const u = new URL(args.postgres);
    u.searchParams.set('options', `-c search_path=${schema}`);
    serverEnvUrl = u.toString();
  } else if (dialect === 'postgres') {
    await createCluster();
    databaseUrl = serverEnvUrl = `postgres://postgres@127.0.0.1:${cluster!.port}/postgres`;
  }
  const where = cluster ? `a private cluster (port ${cluster.port})` : dialect;
  console.log(`crash test on ${where}: ${CYCLES} cycles, ${CLIENTS} concurrent clients, ${CUSTOMERS} customers`);
  const { buyers, items, startingStock } = await prepare();
  const problems: string[] = [];
  let totalAcked = 0;
  let totalOrders = 0;
  let databaseCrashes = 0;
  let staff: StaffSession | null = null;
  const taken = new Set<number>();
  let totalShipped = 0;
  for (let cycle = 1; cycle <= CYCLES; cycle++) {
    const child = startServer();
    await waitUntilUp(child, base());
    // Sessions live in the database: one sign-in each serves every cycle.
    for (const b of buyers.filter((x) => !x.token)) b.token = await signIn(base(), b.email, PASSWORD);
    const stop = { now: false };
    const tally = { acked: 0, errors: [] as string[] };
    staff ??= await staffSignIn(base(), 'owner@example.com', 'balloons-owner');
    const shipTally = { shipped: 0, errors: tally.errors, refused: new Map<string, number>() };
    const placed = () => buyers.flatMap((b) => [...b.orders.keys()]);
    const running = [...buyers.map((b) => client(b, items, stop, tally)), ...[1, 2, 3, 4].map(() => shipper(base(), staff!, placed, taken, stop, shipTally))];
    const orderCount = () => buyers.reduce((n, b) => n + b.orders.size, 0);
    const ordersBefore = orderCount();
    // The kill comes at a random moment once this cycle has placed a few orders and shipped one
    // (at most 30 s on): on a busy machine a fixed 1–4 s can end before any checkout commits.
    const burstStart = Date.now();
    while ((orderCount() - ordersBefore < 5 || shipTally.shipped === 0) && Date.now() - burstStart < 30_000) await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, Math.random() * 3000));
    const crashDatabase = cluster !== null && cycle % 3 === 0;
    if (crashDatabase) {
      // Answers from now on may be errors of the dying database: their writes' outcome is unknown.
      stop.now = true;
      pgStop('immediate');
      databaseCrashes += 1;
      await Promise.allSettled(running);
      pgStart();
    } else {
      child.kill('SIGKILL');
      await exited(child);
      stop.now = true;
      await Promise.allSettled(running);
    }
    const found = [...tally.errors, ...(await check(buyers, startingStock))];
    if (crashDatabase) {
      if (!(await servesAgain(buyers[0]!))) found.push('the shop did not serve again after the database came back');
      child.kill('SIGKILL');
      await exited(child);
    }
    totalAcked += tally.acked;
    totalShipped += shipTally.shipped;
    totalOrders += orderCount() - ordersBefore;
    const what = crashDatabase ? 'database crashed (pg_ctl stop -m immediate) and restarted' : 'server killed (kill -9)';
    console.log(`cycle ${cycle}: ${tally.acked} acknowledged writes, ${orderCount() - ordersBefore} orders, ${shipTally.shipped} shipments, ${what}; ${found.length ? found.join('; ') : `all acknowledged writes present${dialect === 'sqlite' ? ', integrity_check ok' : ''}, stock + allocated = starting stock, every total = its lines${crashDatabase ? ', the shop serves again' : ''}`}`);
    problems.push(...found.map((p) => `cycle ${cycle}: ${p}`));
    if (process.env.FAULTS_VERBOSE) console.log(`  staff requests refused: ${JSON.stringify([...shipTally.refused])}`);
  }
  problems.push(...(await deliverAndCheckMails()));
  problems.push(...(await gracefulShutdown(buyers, items)));
  const crashes = databaseCrashes ? `${CYCLES - databaseCrashes} kill -9 of the server + ${databaseCrashes} database crashes` : `${CYCLES} kill -9`;
  console.log(`\n${CYCLES} cycles on ${dialect} (${crashes}): ${totalAcked} acknowledged writes (${totalOrders} orders, ${totalShipped} shipments), ${problems.length} problems${problems.length ? '' : ', 0 lost'}`);
  for (const p of problems) console.log(`  - ${p}`);
  if (schema) {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`drop schema ${schema} cascade`);
    await admin.end();
  }
  await receiver?.close();
  removeCluster();
  rmSync(dir, { recursive: true, force: true });
  process.exit(problems.length ? 1 : 0);
}

main().catch((err) => {
  console.error(err);
  current?.kill('SIGKILL');
  removeCluster();
  rmSync(dir, { recursive: true, force: true });
  process.exit(1);
});

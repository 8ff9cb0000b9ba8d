/**
 * `npm run bench`: measures, in one run on this machine, a bare node:http JSON server (H, the
 * ceiling) and every hot path of the shop, on SQLite and on PostgreSQL, with 50,000 and 500,000
 * synthetic items. Each (database, size) is seeded once into a temporary SQLite file or a fresh
 * PostgreSQL schema (dropped at the end), then the real server runs in its own process and
 * autocannon loads each path with randomised inputs. Prints req/s, p50, p99 and × H per path,
 * PG/SQLite ratios, the server's peak memory, listing p99 under 20 sign-ins/s, and the scaling
 * from 1 to 2 worker processes; writes the same as JSON to bench-results/<time>.json.
 *
 * Options: --db sqlite,postgres  --items 50000,500000  --connections 20  --duration 10
 *          --orders 100000 (synthetic orders for the admin paths; seeded only when one of them runs)
 *          --workers 1,2  --paths listing,detail (run only paths whose key contains one of these;
 *                      `under-edits`: listing and search beside one item edit a second)
 *          --edits price,title,status (the kinds of edit `under-edits` runs, one phase each)
 *          --quick (5,000 items, 3 s per path: a smoke run)
 *          --keep DIR (keep the seeded databases and reuse them on later runs: SQLite files in DIR;
 *                      PostgreSQL schemas bench_keep_<items>_orders_<n>, with their markers in DIR)
 * PostgreSQL: BENCH_DATABASE_URL or TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test.
 */
import { type ChildProcess, fork, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { seedDemoCatalogue, seedSyntheticItems } from '../../src/server/catalogue/demo/seed';
import { openDatabase } from '../../src/server/platform/db/database';
import { migrateToLatest } from '../../src/server/platform/db/migrate';
import type { DB } from '../../src/server/platform/db/schema';
import { seedDemoCoupons } from '../../src/server/orders/cart/demo-coupons';
import { seedSyntheticOrders } from '../../src/server/flows/demo/synthetic-orders';
import { seedDemoStaff } from '../../src/server/staff/demo-staff';
import { ADMIN_KEYS, adminLoads, type AdminSamples, adminSamples, adminVerdict, staffSignIn } from './admin-bench';
import { benchCustomers, cartLoads, loginLoad, loginsAtRate, signIn } from './cart-bench';
import { describeEdits, type EditKind, type EditRun, editsAtRate } from './edit-bench';
import { type BenchResult, cannon, type LoadOptions, MemoryWatch, problems, type Request } from './load';

type Dialect = 'sqlite' | 'postgres';
type Memory = ReturnType<MemoryWatch['stop']>;

const { values } = parseArgs({
  options: {
    db: { type: 'string' },
    items: { type: 'string' },
    orders: { type: 'string' },
    connections: { type: 'string' },
    duration: { type: 'string' },
    workers: { type: 'string' },
    paths: { type: 'string' },
    quick: { type: 'boolean', default: false },
    keep: { type: 'string' },
    edits: { type: 'string' },
  },
});
const list = (v: string | undefined, fallback: string) => (v ?? fallback).split(',').map((s) => s.trim()).filter(Boolean);
const DBS = list(values.db, 'sqlite,postgres').map((d) => (d === 'pg' ? 'postgres' : d)) as Dialect[];
for (const d of DBS) if (d !== 'sqlite' && d !== 'postgres') throw new Error(`--db: unknown database ${d}`);
const SIZES = list(values.items, values.quick ? '5000' : '50000,500000').map(Number);
const CONNECTIONS = Number(values.connections ?? 20);
const DURATION = Number(values.duration ?? (values.quick ? 3 : 10));
const WORKERS = list(values.workers, '1,2').map(Number);
const PATH_FILTER = values.paths ? list(values.paths, '') : null;
/** Keep each seeded database and reuse it on the next run (500,000 items or 1,000,000 orders take many minutes to seed). */
const KEEP = values.keep;
const EDIT_KINDS = list(values.edits, 'price,title,status') as EditKind[];
for (const k of EDIT_KINDS) if (!['price', 'title', 'status'].includes(k)) throw new Error(`--edits: unknown kind ${k}`);
const only = (key: string) => !PATH_FILTER || PATH_FILTER.some((f) => key.includes(f));
/** Synthetic orders for the admin paths (none when no admin path runs: they take minutes to seed). */
const ORDERS = ADMIN_KEYS.some(only) ? Number(values.orders ?? (values.quick ? 5000 : 100_000)) : 0;
if (!Number.isInteger(ORDERS) || ORDERS < 0) throw new Error(`--orders: a whole number, got ${values.orders}`);
const PG_URL = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const ROOT = join(import.meta.dirname, '..', '..');
/** Sign-ins per second beside the listing (the issue's "while 20 logins/s run"). */
const LOGIN_RATE = 20;
const opts: LoadOptions = { connections: CONNECTIONS, duration: DURATION };

const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;
const randInt = (lo: number, hi: number) => lo + Math.floor(Math.random() * (hi - lo + 1));
const SORTS = ['date', 'num', 'title'];
/** The order grid whole (twice as often) or narrowed to a colour family of the demo palette. */
const GRID_GROUPS = ['', '', '&group=Red', '&group=Blue', '&group=Green', '&group=Pink'];

// ---- processes ----------------------------------------------------------------------------

const cleanups: (() => Promise<void>)[] = [];
process.on('SIGINT', () => {
  console.error('\nInterrupted: stopping servers and dropping bench data…');
  void (async () => {
    for (const c of cleanups.splice(0).reverse()) await c().catch(() => {});
    process.exit(130);
  })();
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Waits until `url` answers 200. A shop builds its catalogue index before it listens, and with
 * several workers at 500,000 items on a busy machine that can take minutes, so it is given as
 * long as its process tree keeps working (CPU time moving); it fails once the tree has been idle
 * for `idleSeconds` without answering, or has exited. (A fixed 300 s limit once dropped the
 * database under workers that were still building, which then failed with "relation … does
 * not exist".)
 */
async function waitFor(url: string, child: ChildProcess, idleSeconds = 60): Promise<void> {
  let lastCpu = -1;
  let idleSince = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${url}: process exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not yet */
    }
    const cpu = treeCpuTicks(child.pid!);
    if (cpu !== lastCpu) {
      lastCpu = cpu;
      idleSince = Date.now();
    } else if (Date.now() - idleSince > idleSeconds * 1000) {
      throw new Error(`${url} did not start: its processes used no CPU for ${idleSeconds} s`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** CPU ticks of a process and its children (the cluster workers). */
function treeCpuTicks(pid: number): number {
  return [pid, ...descendants(pid)].reduce((sum, p) => sum + cpuTicks(p), 0);
}

function cpuTicks(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(f[11]) + Number(f[12]);
  } catch {
    return 0;
  }
}

function descendants(pid: number): number[] {
  const out: number[] = [];
  try {
    for (const t of readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean)) out.push(Number(t));
  } catch {
    /* no children file */
  }
  return out;
}

/**
 * A cluster worker that is still loading its catalogue index is busy; one that listens is idle.
 * Waits until every worker exists and has used under 0.1 s of CPU over the last second.
 */
async function waitWorkersIdle(pid: number, workers: number): Promise<void> {
  let last = new Map<number, number>();
  let calm = 0;
  // A worker that keeps building for half an hour is a fault, not a slow start.
  for (const until = Date.now() + 30 * 60_000; calm < 2; ) {
    if (Date.now() > until) throw new Error('cluster workers still busy after 30 min of start-up');
    await new Promise((r) => setTimeout(r, 500));
    const kids = descendants(pid);
    const now = new Map(kids.map((k) => [k, cpuTicks(k)]));
    const busy = kids.length < workers || kids.some((k) => !last.has(k) || now.get(k)! - last.get(k)! > 5);
    calm = busy ? 0 : calm + 1;
    last = now;
  }
}

interface Server {
  url: string;
  pid: number;
  memory: MemoryWatch;
  stop(): Promise<Memory>;
}

async function startShop(databaseUrl: string, dataDir: string, workers: number): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, [...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean), '--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: databaseUrl, DATA_DIR: dataDir, LOG_LEVEL: 'warn', WORKERS: String(workers) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const memory = new MemoryWatch(child.pid!);
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const stop = async () => {
    const mem = memory.stop();
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    return mem;
  };
  cleanups.push(async () => void (await stop()));
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  await waitFor(`${url}/beapi/health`, child);
  if (workers > 1) await waitWorkersIdle(child.pid!, workers);
  console.log(`    server up (WORKERS=${workers}) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return { url, pid: child.pid!, memory, stop };
}

// ---- databases ----------------------------------------------------------------------------

interface Prepared {
  serverUrl: string;
  dataDir: string;
  seedSeconds: number;
  /** CPU seconds the seeding took in this process and (when local) in its PostgreSQL backend. */
  seedCpu: { node: number; postgres: number | null };
  /** Seconds `seedSyntheticOrders` took (null: no orders seeded in this run). */
  ordersSeconds: number | null;
  emails: string[];
  admin: AdminSamples;
  itemNums: string[];
  leaves: number[];
  treeCategories: number[];
  titles: string[];
  drop(): Promise<void>;
}

async function pgAdmin<T>(work: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  try {
    return await work(c);
  } finally {
    await c.end();
  }
}

/** The PostgreSQL URL whose connections use `schema` (search_path), for the server process. */
function withSearchPath(url: string, schema: string): string {
  const u = new URL(url);
  u.searchParams.set('options', `-c search_path=${schema}`);
  return u.toString();
}

/** Loads the demo catalogue, N synthetic items and the bench customers (timed). */
async function seed(dialect: Dialect, db: Kysely<DB>, items: number, dataDir: string): Promise<Pick<Prepared, 'seedSeconds' | 'seedCpu' | 'emails' | 'ordersSeconds'>> {
  await seedDemoCatalogue(db);
  // One pooled connection: the backend that does the seeding's work, whose CPU time we read.
  const backend = dialect === 'postgres' ? (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db)).rows[0]!.pid : 0;
  const cpu0 = process.cpuUsage();
  const backend0 = backend ? cpuTicks(backend) : 0;
  const t0 = performance.now();
  let lastPrint = t0;
  await seedSyntheticItems(db, items, {
    onProgress: (done) => {
      if (performance.now() - lastPrint > 15_000) {
        lastPrint = performance.now();
        console.log(`    ${done.toLocaleString('en')} items in ${((lastPrint - t0) / 1000).toFixed(0)} s`);
      }
    },
  });
  const seedSeconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const backendTicks = backend ? cpuTicks(backend) - backend0 : 0;
  const seedCpu = { node: (cpu.user + cpu.system) / 1e6, postgres: backend && backendTicks > 0 ? backendTicks / 100 : null };
  console.log(
    `  seeded ${items.toLocaleString('en')} synthetic items in ${seedSeconds.toFixed(1)} s ` +
      `(CPU: ${seedCpu.node.toFixed(1)} s here${seedCpu.postgres === null ? '' : ` + ${seedCpu.postgres.toFixed(1)} s in PostgreSQL`})`,
  );
  const emails = await benchCustomers(db, dataDir, Math.max(CONNECTIONS, 2 * LOGIN_RATE));
  return { seedSeconds, seedCpu, emails, ordersSeconds: await seedOrders(db) };
}

/** The demo staff, and ORDERS synthetic orders from the items just seeded (timed). */
async function seedOrders(db: Kysely<DB>): Promise<number | null> {
  await seedDemoStaff(db);
  if (ORDERS === 0) return null;
  await seedDemoCoupons(db);
  const t0 = performance.now();
  let lastPrint = t0;
  const result = await seedSyntheticOrders(db, ORDERS, {
    onProgress: (done) => {
      if (performance.now() - lastPrint > 15_000) {
        lastPrint = performance.now();
        console.log(`    ${done.toLocaleString('en')} orders in ${((lastPrint - t0) / 1000).toFixed(0)} s`);
      }
    },
  });
  const seconds = (performance.now() - t0) / 1000;
  console.log(`  seeded ${result.orders.toLocaleString('en')} synthetic orders (${result.lines.toLocaleString('en')} lines, ${result.customers.toLocaleString('en')} customers) in ${seconds.toFixed(1)} s`);
  return seconds;
}

async function prepare(dialect: Dialect, items: number): Promise<Prepared> {
  const keptName = `${dialect}-${items}${ORDERS ? `-orders-${ORDERS}` : ''}`;
  const kept = KEEP ? join(KEEP, keptName) : null;
  // PostgreSQL keeps its data in a schema of that name, next to the folder's marker.
  const keptSchema = kept && dialect === 'postgres' ? `bench_keep_${keptName.replace(/-/g, '_').slice('postgres_'.length)}` : null;
  // A kept folder without its marker holds an interrupted seeding: start it again.
  if (kept && !existsSync(join(kept, 'seeded.json'))) {
    rmSync(kept, { recursive: true, force: true });
    if (keptSchema) await pgAdmin((c) => c.query(`drop schema if exists ${keptSchema} cascade`));
  }
  if (kept) mkdirSync(kept, { recursive: true });
  const dataDir = kept ?? mkdtempSync(join(tmpdir(), 'shop-bench-'));
  const ready = join(dataDir, 'seeded.json');
  let schema: string | undefined;
  let serverUrl: string;
  let database;
  if (dialect === 'sqlite') {
    serverUrl = `sqlite:${join(dataDir, 'bench.db')}`;
    database = openDatabase(serverUrl);
  } else {
    schema = keptSchema ?? `bench_${randomBytes(5).toString('hex')}`;
    await pgAdmin((c) => c.query(`create schema if not exists ${schema}`));
    serverUrl = withSearchPath(PG_URL, schema);
    database = openDatabase(PG_URL, { schema, poolSize: 1 });
  }
  const drop = async () => {
    if (kept) return;
    rmSync(dataDir, { recursive: true, force: true });
    if (schema) await pgAdmin((c) => c.query(`drop schema if exists ${schema} cascade`));
  };
  cleanups.push(drop);
  try {
    const db = database.db;
    await migrateToLatest(db, schema);
    const reused = kept && existsSync(ready) ? (JSON.parse(readFileSync(ready, 'utf8')) as Pick<Prepared, 'seedSeconds' | 'seedCpu' | 'emails' | 'ordersSeconds'>) : null;
    if (reused) console.log(`  reusing the database seeded earlier in ${dataDir}`);
    const seeded = reused ?? (await seed(dialect, db, items, dataDir));
    if (kept && !reused) writeFileSync(ready, JSON.stringify(seeded));
    const { seedSeconds, seedCpu, emails, ordersSeconds } = seeded;
    const admin = ORDERS ? await adminSamples(db) : { searches: [], bigOrders: [], openLines: [], returns: [], edits: [] };
    const itemNums = (await db.selectFrom('items').select('num').where('active', '=', 1).execute()).map((r) => r.num);
    const tree = await db.selectFrom('categories').select(['num', 'parent_num']).where('kind', '=', 'tree').execute();
    const parents = new Set(tree.map((c) => c.parent_num));
    const titles = (await sql<{ web_title: string }>`select web_title from items order by random() limit 3000`.execute(db)).rows.map((r) => r.web_title);
    return {
      serverUrl,
      dataDir,
      seedSeconds,
      seedCpu,
      ordersSeconds: ordersSeconds ?? null,
      emails,
      admin,
      itemNums,
      leaves: tree.filter((c) => !parents.has(c.num)).map((c) => c.num),
      treeCategories: tree.map((c) => c.num),
      titles,
      drop,
    };
  } finally {
    await database.close();
  }
}

// ---- inputs -------------------------------------------------------------------------------

interface ListingPage {
  distinctColors: { link: string }[];
  distinctSizes: string[];
  distinctEvents: { link: string }[];
  distinctMessages: { link: string }[];
  distinctThemes: { link: string }[];
  distinctShapes: { link: string }[];
  distinctPoscats: { poscatNum: string }[];
}

/** Each leaf category's filter values, as its listing reports them: [param, values][]. */
async function filterValues(shopUrl: string, leaves: number[]): Promise<Map<number, [string, string[]][]>> {
  const out = new Map<number, [string, string[]][]>();
  for (const num of leaves) {
    const page = (await (await fetch(`${shopUrl}/beapi/Inventory/GetPagedItemsForCategory?categoryNum=${num}&pageSize=1`)).json()) as ListingPage;
    const kinds: [string, string[]][] = [
      ['color', page.distinctColors.map((v) => v.link)],
      ['sizes', page.distinctSizes],
      ['events', page.distinctEvents.map((v) => v.link)],
      ['messages', page.distinctMessages.map((v) => v.link)],
      ['themes', page.distinctThemes.map((v) => v.link)],
      ['shapes', page.distinctShapes.map((v) => v.link)],
      ['poscat', page.distinctPoscats.map((v) => v.poscatNum)],
    ];
    const usable = kinds.filter(([, vs]) => vs.length > 0);
    if (usable.length >= 2) out.set(num, usable);
  }
  if (out.size === 0) throw new Error('no leaf category offers two kinds of filter');
  return out;
}

function shuffle<T>(xs: T[]): T[] {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [xs[i], xs[j]] = [xs[j]!, xs[i]!];
  }
  return xs;
}

function wordsOf(titles: string[]): { common: string[]; all: string[] } {
  const counts = new Map<string, number>();
  for (const t of titles) for (const w of t.toLowerCase().match(/[a-z]{3,}/g) ?? []) counts.set(w, (counts.get(w) ?? 0) + 1);
  const ranked = [...counts].sort((a, b) => b[1] - a[1]).map(([w]) => w);
  return { common: ranked.slice(0, 5), all: ranked };
}

const nonsense = () => `zq${Array.from({ length: 8 }, () => pick([...'bcdfghjkmnpqrtvwxz'])).join('')}`;

/** Makes a price level (15 % off, 200 named prices) and puts these bench buyers on it, through the admin API. */
async function giveBuyersALevel(shopUrl: string, emails: string[], itemNums: string[]): Promise<void> {
  const staff = await staffSignIn(shopUrl);
  const admin = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${shopUrl}/beapi/Admin${path}`, {
      method,
      headers: { cookie: staff.cookie, 'x-csrf-token': staff.csrf, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
    return res.json() as Promise<any>;
  };
  const level = await admin('POST', '/PriceLevels', { name: `Bench ${randomBytes(4).toString('hex')}`, percentOff: 15 });
  const named = [...new Set(Array.from({ length: 200 }, () => pick(itemNums)))].map((invNum) => ({ invNum, price: 0.99 }));
  await admin('PUT', `/PriceLevels/${level.id}/Prices`, named);
  for (const email of emails) {
    const found = await admin('GET', `/Customers?q=${encodeURIComponent(email)}`);
    await admin('PUT', `/Customers/${found.items[0].id}`, { priceLevelId: level.id });
  }
}

interface Inputs {
  listingFiltered: () => Request;
  listing: () => Request;
  detail: () => Request;
  grid: () => Request;
  search: { common: () => Request; prefix: () => Request; none: () => Request; words: () => Request };
}

async function makeInputs(shopUrl: string, p: Prepared): Promise<Inputs> {
  const filters = await filterValues(shopUrl, p.leaves);
  const filtered = [...filters.keys()];
  const words = wordsOf(p.titles);
  const search = (text: string) => ({ path: `/beapi/Inventory/GetPagedItemsForSearch?searchtext=${encodeURIComponent(text)}&page=${randInt(1, 3)}&sort=${pick(SORTS)}` });
  return {
    listingFiltered: () => {
      const num = pick(filtered);
      const kinds = shuffle([...filters.get(num)!]).slice(0, randInt(2, 3));
      const qs = kinds.map(([param, vs]) => `${param}=${encodeURIComponent(pick(vs))}`).join('&');
      return { path: `/beapi/Inventory/GetPagedItemsForCategory?categoryNum=${num}&${qs}&page=${randInt(1, 3)}&sort=${pick(SORTS)}` };
    },
    listing: () => ({ path: `/beapi/Inventory/GetPagedItemsForCategory?categoryNum=${pick(p.treeCategories)}&page=${randInt(1, 5)}&sort=${pick(SORTS)}` }),
    detail: () => ({ path: `/beapi/Inventory/GetItemDetail?itemNum=${encodeURIComponent(pick(p.itemNums))}` }),
    grid: () => ({ path: `/beapi/Inventory/GetGrid?categoryNum=1${pick(GRID_GROUPS)}` }),
    search: {
      common: () => search(pick(words.common)),
      prefix: () => search(pick([...'abcdefghijklmnopqrstuvwxyz0123456789'])),
      none: () => search(nonsense()),
      words: () => search(Array.from({ length: randInt(1, 2) }, () => pick(words.all)).join(' ')),
    },
  };
}

// ---- one (database, size) -----------------------------------------------------------------

interface Section {
  db: Dialect;
  items: number;
  seedSeconds: number;
  seedCpu: Prepared['seedCpu'];
  orders: number;
  ordersSeconds: number | null;
  bare: BenchResult | null;
  results: BenchResult[];
  memory: Memory | null;
  underLogins: { alone: BenchResult; loaded: BenchResult; logins: BenchResult } | null;
  /** Listing and search alone, then beside one item edit per second of each kind. */
  underEdits: { alone: BenchResult[]; runs: { loaded: BenchResult[]; edits: EditRun }[] } | null;
  workers: { workers: number; results: BenchResult[]; memory: Memory }[];
}

const fmt = (n: number, d = 1) => n.toFixed(d);
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;

function progress(r: BenchResult, bare: number | null): void {
  const ratio = bare ? `  ×H ${fmt(r.rps / bare, 3)}` : '';
  const bad = problems(r);
  console.log(`    ${r.name.padEnd(26)} ${fmt(r.rps, 0).padStart(7)} req/s  p50 ${fmt(r.p50).padStart(6)} ms  p99 ${fmt(r.p99).padStart(7)} ms${ratio}${bad ? `  !! ${bad}` : ''}`);
}

async function measure(results: BenchResult[], bare: number | null, run: () => Promise<BenchResult | BenchResult[]>): Promise<void> {
  const got = await run();
  for (const r of Array.isArray(got) ? got : [got]) {
    progress(r, bare);
    results.push(r);
  }
}

async function runSection(dialect: Dialect, items: number, bareUrl: string): Promise<Section> {
  console.log(`\n== ${dialect}, ${items.toLocaleString('en')} items ==`);
  const p = await prepare(dialect, items);
  const section: Section = { db: dialect, items, seedSeconds: p.seedSeconds, seedCpu: p.seedCpu, orders: ORDERS, ordersSeconds: p.ordersSeconds, bare: null, results: [], memory: null, underLogins: null, underEdits: null, workers: [] };
  try {
    const shop = await startShop(p.serverUrl, p.dataDir, 1);
    const inputs = await makeInputs(shop.url, p);
    const tokens = await signIn(shop.url, p.emails.slice(0, CONNECTIONS));

    section.bare = await cannon('bare', 'H: bare node:http JSON', bareUrl, opts, () => ({ path: '/' }));
    progress(section.bare, null);
    const H = section.bare.rps;
    const rs = section.results;
    const cannonPath = (key: string, name: string, next: () => Request) => (only(key) ? measure(rs, H, () => cannon(key, name, shop.url, opts, next)) : undefined);
    await cannonPath('listing-filters', 'listing, 2–3 filters', inputs.listingFiltered);
    await cannonPath('listing-plain', 'listing, no filters', inputs.listing);
    await cannonPath('search-common', 'search, common word', inputs.search.common);
    await cannonPath('search-prefix', 'search, 1-char prefix', inputs.search.prefix);
    await cannonPath('search-none', 'search, zero results', inputs.search.none);
    await cannonPath('search-words', 'search, random words', inputs.search.words);
    await cannonPath('detail', 'item detail', inputs.detail);
    // The same listing, search and detail for a signed-in buyer (priced answers, cached per price view).
    const asBuyer = (next: () => Request) => () => ({ ...next(), headers: { 'user-token': pick(tokens) } });
    await cannonPath('listing-buyer', 'listing, 2–3 filters, buyer', asBuyer(inputs.listingFiltered));
    await cannonPath('search-buyer', 'search, random words, buyer', asBuyer(inputs.search.words));
    await cannonPath('detail-buyer', 'item detail, buyer', asBuyer(inputs.detail));
    // The colour × size order grid of premium latex (issue 32: p99 ≤ 10 ms), whole or by colour family.
    await cannonPath('grid', 'order grid, premium latex', inputs.grid);
    await cannonPath('grid-buyer', 'order grid, premium latex, buyer', asBuyer(inputs.grid));
    await measure(rs, H, () => cartLoads({ shopUrl: shop.url, tokens, itemNums: p.itemNums, opts, only }));
    if (only('login')) await measure(rs, H, () => loginLoad(shop.url, p.emails, opts));
    await adminLoads({ shopUrl: shop.url, samples: p.admin, opts, only, measure: (run) => measure(rs, H, run) });
    if (only('listing-level') || only('search-level') || only('detail-level')) {
      // The same buyers on a price level (15 % off, 200 named prices): priced per level, cached per level version.
      await giveBuyersALevel(shop.url, p.emails.slice(0, CONNECTIONS), p.itemNums);
      await cannonPath('listing-level', 'listing, 2–3 filters, level', asBuyer(inputs.listingFiltered));
      await cannonPath('search-level', 'search, random words, level', asBuyer(inputs.search.words));
      await cannonPath('detail-level', 'item detail, level', asBuyer(inputs.detail));
    }

    if (only('listing-under-logins')) {
      // The listing alone, then the same listing while 20 sign-ins/s run beside it.
      const alone = await cannon('listing-filters', 'listing, 2–3 filters', shop.url, opts, inputs.listingFiltered);
      const [loaded, logins] = await Promise.all([
        cannon('listing-under-logins', `listing + ${LOGIN_RATE} logins/s`, shop.url, opts, inputs.listingFiltered),
        loginsAtRate(shop.url, p.emails, LOGIN_RATE, DURATION),
      ]);
      section.underLogins = { alone, loaded, logins };
      console.log(
        `    listing p99 alone ${fmt(alone.p99)} ms, with ${LOGIN_RATE} logins/s ${fmt(loaded.p99)} ms (×${fmt(loaded.p99 / alone.p99, 2)}, target ≤ 2); ` +
          `logins done ${fmt(logins.rps)}/s, statuses ${JSON.stringify(logins.statuses)}${problems(loaded) ? `  !! listing ${problems(loaded)}` : ''}`,
      );
    }
    if (only('under-edits')) {
      // Listing and search alone, then the same beside one item edit a second (a price, then a title).
      const loads = (suffix: string) =>
        Promise.all([
          cannon('listing-filters', `listing${suffix}`, shop.url, { ...opts, connections: Math.max(1, CONNECTIONS / 2) }, inputs.listingFiltered),
          cannon('search-words', `search${suffix}`, shop.url, { ...opts, connections: Math.max(1, CONNECTIONS / 2) }, inputs.search.words),
        ]);
      const alone = await loads(', alone');
      for (const r of alone) progress(r, H);
      section.underEdits = { alone, runs: [] };
      for (const kind of EDIT_KINDS) {
        const [loaded, edits] = await Promise.all([loads(` + 1 ${kind} edit/s`), editsAtRate(shop.url, p.itemNums, kind, DURATION)]);
        for (const r of loaded) progress(r, H);
        console.log(`    ${describeEdits(edits)}`);
        section.underEdits.runs.push({ loaded, edits });
      }
    }
    // The scaling section: listing and detail on 1 process, measured again right before the
    // multi-process runs so that both sides see the same machine.
    const scaling = WORKERS.length > 1 && (only('listing-filters') || only('detail'));
    const scalingLoads = async (url: string) => {
      const results: BenchResult[] = [];
      if (only('listing-filters')) await measure(results, H, () => cannon('listing-filters', 'listing, 2–3 filters', url, opts, inputs.listingFiltered));
      if (only('detail')) await measure(results, H, () => cannon('detail', 'item detail', url, opts, inputs.detail));
      return results;
    };
    let oneProcess: BenchResult[] | null = null;
    if (scaling && WORKERS.includes(1)) {
      console.log('  WORKERS=1 (again, for the scaling line)');
      oneProcess = await scalingLoads(shop.url);
    }
    section.memory = await shop.stop();
    console.log(`    server peak memory ${mib(section.memory.peakBytes)} (MiB per process: ${section.memory.perProcessMiB.join(', ')})`);
    if (oneProcess) section.workers.push({ workers: 1, results: oneProcess, memory: section.memory });

    for (const w of scaling ? WORKERS.filter((n) => n > 1) : []) {
      console.log(`  WORKERS=${w}`);
      const multi = await startShop(p.serverUrl, p.dataDir, w);
      const results = await scalingLoads(multi.url);
      const memory = await multi.stop();
      console.log(`    server peak memory ${mib(memory.peakBytes)} (MiB per process: ${memory.perProcessMiB.join(', ')})`);
      section.workers.push({ workers: w, results, memory });
    }
  } finally {
    await p.drop();
  }
  return section;
}

// ---- report -------------------------------------------------------------------------------

function printSection(s: Section): void {
  const H = s.bare?.rps ?? 0;
  console.log(`\n${s.db}, ${s.items.toLocaleString('en')} items (seeded in ${fmt(s.seedSeconds)} s, CPU ${fmt(s.seedCpu.node)} s${s.seedCpu.postgres === null ? '' : ` + ${fmt(s.seedCpu.postgres)} s PostgreSQL`})`);
  console.log(`  ${'path'.padEnd(26)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'×H'.padStart(7)}  errors`);
  for (const r of [...(s.bare ? [s.bare] : []), ...s.results]) {
    const bad = problems(r);
    console.log(
      `${bad ? '!!' : '  '}${r.name.padEnd(26)} ${fmt(r.rps, 0).padStart(8)} ${fmt(r.p50).padStart(8)} ${fmt(r.p99).padStart(8)} ${(H ? fmt(r.rps / H, 3) : '-').padStart(7)}  ${bad || '0'}`,
    );
  }
  for (const r of s.results) if (r.note) console.log(`  (${r.name}: ${r.note})`);
  if (s.orders) console.log(`  ${s.orders.toLocaleString('en')} synthetic orders${s.ordersSeconds === null ? ' (seeded earlier)' : `, seeded in ${fmt(s.ordersSeconds)} s`}`);
  for (const r of s.results) {
    const verdict = adminVerdict(r, s.db);
    if (verdict) console.log(`${verdict.includes('NOT') ? '!!' : '  '}${verdict}`);
  }
  if (s.memory) console.log(`  server peak memory (VmHWM): ${mib(s.memory.peakBytes)}${s.items >= 500_000 ? ` (target ≤ 1 GiB: ${s.memory.peakBytes <= 1024 ** 3 ? 'met' : 'NOT met'})` : ''}`);
  if (s.underLogins) {
    const { alone, loaded, logins } = s.underLogins;
    const ratio = loaded.p99 / alone.p99;
    // The verdict stands only if the background load really ran at (about) the rate asked for.
    const verdict = logins.rps < 0.9 * LOGIN_RATE ? `not shown: sign-ins reached only ${fmt(logins.rps)}/s` : ratio <= 2 ? 'met' : 'NOT met';
    console.log(
      `  listing p99 under ${LOGIN_RATE} logins/s: ${fmt(alone.p99)} → ${fmt(loaded.p99)} ms (×${fmt(ratio, 2)}, target ≤ 2: ${verdict}); ` +
        `logins ${fmt(logins.rps)}/s, statuses ${JSON.stringify(logins.statuses)}${logins.errors ? `, ${logins.errors} errors` : ''}`,
    );
  }
  if (s.underEdits) {
    for (const { loaded, edits } of s.underEdits.runs) {
      const parts = loaded.map((r, i) => {
        const alone = s.underEdits!.alone[i]!;
        const ratio = r.p99 / alone.p99;
        return `${alone.name.replace(', alone', '')} p99 ${fmt(alone.p99)} → ${fmt(r.p99)} ms (×${fmt(ratio, 2)}, target ≤ 2: ${ratio <= 2 ? 'met' : 'NOT met'})`;
      });
      console.log(`  under 1 ${edits.kind} edit/s: ${parts.join('; ')}; ${describeEdits(edits)}`);
    }
  }
  const single = s.workers.find((w) => w.workers === 1);
  for (const w of s.workers.filter((x) => x.workers > 1)) {
    const parts = w.results.map((r) => {
      const one = (single?.results ?? s.results).find((x) => x.key === r.key);
      return `${r.name} ${one ? fmt(one.rps, 0) : '?'} → ${fmt(r.rps, 0)} req/s (×${one ? fmt(r.rps / one.rps, 2) : '?'})`;
    });
    console.log(`  WORKERS 1 → ${w.workers}: ${parts.join('; ')}; peak memory ${mib(w.memory.peakBytes)} (${w.memory.processes} processes)`);
  }
}

interface Ratio {
  items: number;
  key: string;
  name: string;
  sqlite: number;
  postgres: number;
  ratio: number;
}

function pgRatios(sections: Section[]): Ratio[] {
  const out: Ratio[] = [];
  for (const size of SIZES) {
    const lite = sections.find((s) => s.db === 'sqlite' && s.items === size);
    const pgs = sections.find((s) => s.db === 'postgres' && s.items === size);
    if (!lite || !pgs) continue;
    for (const r of lite.results) {
      const q = pgs.results.find((x) => x.key === r.key);
      if (q) out.push({ items: size, key: r.key, name: r.name, sqlite: r.rps, postgres: q.rps, ratio: q.rps / r.rps });
    }
  }
  return out;
}

function printRatios(ratios: Ratio[]): void {
  if (ratios.length === 0) return;
  console.log('\nPostgreSQL / SQLite throughput (target ≥ 0.33 on every path)');
  for (const size of SIZES) {
    const rows = ratios.filter((r) => r.items === size);
    if (rows.length === 0) continue;
    console.log(`  ${size.toLocaleString('en')} items`);
    for (const r of rows) {
      console.log(`${r.ratio < 0.33 ? '!!' : '  '}  ${r.name.padEnd(26)} ${fmt(r.sqlite, 0).padStart(7)} ${fmt(r.postgres, 0).padStart(7)}  ${fmt(r.ratio, 2)}`);
    }
  }
}

async function main(): Promise<void> {
  const cpuList = cpus();
  const machine = {
    cpus: cpuList.length,
    cpuModel: cpuList[0]?.model ?? 'unknown',
    memoryGiB: Number((totalmem() / 1024 ** 3).toFixed(1)),
    node: process.version,
    loadAverage: loadavg().map((l) => Number(l.toFixed(2))),
    postgres: DBS.includes('postgres') ? await pgAdmin(async (c) => (await c.query<{ v: string }>("select current_setting('server_version') as v")).rows[0]?.v ?? '?') : null,
  };
  const started = new Date();
  console.log(`Shop benchmark ${started.toISOString()}`);
  console.log(`  machine: ${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGiB} GiB, node ${machine.node}, load average ${machine.loadAverage.join(' ')}`);
  if (machine.postgres) console.log(`  PostgreSQL ${machine.postgres} at ${new URL(PG_URL).host}`);
  console.log(`  databases ${DBS.join(', ')}; items ${SIZES.map((n) => n.toLocaleString('en')).join(', ')}; orders ${ORDERS.toLocaleString('en')}; ${CONNECTIONS} connections, ${DURATION} s per path; workers ${WORKERS.join(', ')}`);
  if (PATH_FILTER) console.log(`  paths matching: ${PATH_FILTER.join(', ')}`);

  const bareTmp = await freePort();
  const bare = fork(join(import.meta.dirname, 'bare-server.mjs'), { env: { PORT: String(bareTmp) }, stdio: 'ignore' });
  cleanups.push(async () => void bare.kill('SIGTERM'));
  const bareUrl = `http://127.0.0.1:${bareTmp}`;
  await waitFor(bareUrl, bare);

  const outDir = join(ROOT, 'bench-results');
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, '.gitignore'), '*\n');
  const outFile = join(outDir, `${started.toISOString().replace(/[:.]/g, '-')}.json`);
  const sections: Section[] = [];
  const save = () =>
    writeFileSync(
      outFile,
      `${JSON.stringify({ startedAt: started.toISOString(), finishedAt: new Date().toISOString(), machine, options: { dbs: DBS, sizes: SIZES, orders: ORDERS, connections: CONNECTIONS, duration: DURATION, workers: WORKERS, paths: PATH_FILTER }, sections, pgSqliteRatios: pgRatios(sections) }, null, 2)}\n`,
    );

  try {
    for (const size of SIZES) {
      for (const dialect of DBS) {
        sections.push(await runSection(dialect, size, bareUrl));
        save();
      }
    }
  } finally {
    bare.kill('SIGTERM');
  }

  console.log(`\n==== Results (${((Date.now() - started.getTime()) / 60_000).toFixed(1)} min) ====`);
  for (const s of sections) printSection(s);
  printRatios(pgRatios(sections));
  console.log(`\nJSON: ${outFile}`);
}

main().catch((err) => {
  console.error(err);
  void (async () => {
    for (const c of cleanups.splice(0).reverse()) await c().catch(() => {});
    process.exit(1);
  })();
});

/**
 * `npm run test:soak`: a steady mixed load against the real server process for a while, watching
 * its memory.
 *
 *   node --import tsx scripts/faults/soak.ts [--minutes 10] [--db sqlite|postgres] [--rate 40]
 *     [--postgres URL]   (with --db postgres; default postgres://postgres@127.0.0.1:5432/test, in a throwaway schema)
 *
 * The shop runs on a temporary database with the demo data and 20 customers. Eight clients send,
 * at about `--rate` requests a second in all: listings, searches, item details, cart adds and
 * quantity changes, checkouts and sign-ins. Every 10 s the server's RSS and heap are sampled. The
 * verdict: memory is steady when RSS and heap used grow less than 10 % over the second half of the
 * run, and nothing failed except the expected answers (4xx the client asked for, 429).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { signUpSchema } from '../../src/contract/accounts';
import { readConfig } from '../../src/server/platform/config';
import { createContext } from '../../src/server/context';
import { openDatabase } from '../../src/server/platform/db/database';
import { migrateToLatest } from '../../src/server/platform/db/migrate';
import { seedDemoData } from '../../src/server/demo-data';
import { freePort, waitUntilUp } from '../../src/server/test-support/server-process';

const { values: args } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    db: { type: 'string', default: 'sqlite' },
    rate: { type: 'string', default: '40' },
    postgres: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/test' },
  },
});
const MINUTES = Number(args.minutes);
const RATE = Number(args.rate);
const CLIENTS = 8;
const CUSTOMERS = 20;
const SAMPLE_MS = 10_000;
const PASSWORD = 'soak-test-pw-1';
if (args.db !== 'sqlite' && args.db !== 'postgres') throw new Error('--db is sqlite or postgres');

const dir = mkdtempSync(join(tmpdir(), 'shop-soak-'));
const schema = args.db === 'postgres' ? `soak_${randomBytes(4).toString('hex')}` : '';
const databaseUrl = schema ? args.postgres : `sqlite:${join(dir, 'shop.db')}`;
let serverUrl = databaseUrl;
if (schema) {
  const u = new URL(args.postgres);
  u.searchParams.set('options', `-c search_path=${schema}`);
  serverUrl = u.toString();
}


interface Customer {
  email: string;
  token: string;
}

async function prepare(): Promise<{ customers: Customer[]; items: string[] }> {
  if (schema) {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
  }
  const database = openDatabase(databaseUrl, schema ? { schema } : {});
  await migrateToLatest(database.db, schema || undefined);
  await seedDemoData(database.db);
  const ctx = createContext(readConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent' }), database);
  const customers: Customer[] = [];
  for (let i = 0; i < CUSTOMERS; i++) {
    const email = `soak${i}@shop.test`;
    await ctx.accounts.signUp(
      signUpSchema.parse({
        orgName: `Soak Party ${i}`, firstName: 'Sam', lastName: 'Soak', country: 'US', addressLine1: '1 Main St', city: 'Fresno',
        state: 'CA', zip: '93706', dayPhone: '559-555-0100', web: '', email, password: PASSWORD, reenterPassword: PASSWORD,
        securityQuestion: 'Pet?', securityQuestionAnswer: 'Rex', findAPro: false, prodInfoEmail: false, prodInfoFax: false,
      }),
    );
    customers.push({ email, token: '' });
  }
  await ctx.outbox.drain();
  const rows = await database.db.selectFrom('items').select('num').where('active', '=', 1).orderBy('num').execute();
  await database.close();
  return { customers, items: rows.map((r) => r.num) };
}

// ---- the load --------------------------------------------------------------------------------

const SEARCHES = ['red', 'heart', 'birthday', 'gold', 'latex 11', 'star', 'blue balloon', 'congratulations', 'number', 'zzz-nothing'];
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;

interface Tally {
  byKind: Map<string, { n: number; statuses: Map<number, number> }>;
  unexpected: string[];
}

function count(t: Tally, kind: string, status: number, expected: boolean, detail = ''): void {
  const k = t.byKind.get(kind) ?? { n: 0, statuses: new Map() };
  k.n += 1;
  k.statuses.set(status, (k.statuses.get(status) ?? 0) + 1);
  t.byKind.set(kind, k);
  if (!expected && t.unexpected.length < 20) t.unexpected.push(`${kind} ${status} ${detail}`);
}

async function run(base: string, customers: Customer[], items: string[], categories: number[], until: number, tally: Tally): Promise<void> {
  const gapMs = (1000 * CLIENTS) / RATE;
  const client = async (): Promise<void> => {
    while (Date.now() < until) {
      const started = Date.now();
      const c = pick(customers);
      const roll = Math.random();
      const call = async (kind: string, method: string, path: string, body?: unknown, token = c.token, expect: number[] = [200]) => {
        try {
          const res = await fetch(`${base}${path}`, {
            method,
            headers: { ...(token ? { 'user-token': token } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
            ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          });
          const text = await res.text();
          count(tally, kind, res.status, expect.includes(res.status) || res.status === 429, text.slice(0, 120));
          return { status: res.status, headers: res.headers, text };
        } catch (err) {
          count(tally, kind, 0, false, String(err));
          return { status: 0, headers: new Headers(), text: '' };
        }
      };
      if (roll < 0.25) {
        await call('listing', 'GET', `/Inventory/GetPagedItemsForCategory?categoryNum=${pick(categories)}&page=${1 + Math.floor(Math.random() * 3)}&pageSize=24`, undefined, '');
      } else if (roll < 0.45) {
        await call('search', 'GET', `/Inventory/GetPagedItemsForSearch?searchtext=${encodeURIComponent(pick(SEARCHES))}&pageSize=24`, undefined, Math.random() < 0.5 ? c.token : '');
      } else if (roll < 0.65) {
        await call('detail', 'GET', `/Inventory/GetItemDetail?itemNum=${encodeURIComponent(pick(items))}`, undefined, Math.random() < 0.5 ? c.token : '');
      } else if (roll < 0.8) {
        await call('cart add', 'POST', `/Shop/AddItem?InvNum=${encodeURIComponent(pick(items))}&qty=${1 + Math.floor(Math.random() * 5)}`);
      } else if (roll < 0.9) {
        const cart = await call('cart view', 'GET', '/Shop/GetShoppingCart');
        const lines = cart.status === 200 ? (JSON.parse(cart.text) as { items: { invNum: string }[] }).items : [];
        if (lines.length > 0) await call('cart update', 'PUT', `/Shop/UpdateItem?InvNum=${encodeURIComponent(pick(lines).invNum)}&qty=${1 + Math.floor(Math.random() * 20)}`, undefined, c.token, [200, 404]);
      } else if (roll < 0.96) {
        // An empty cart (another client just checked out for this customer) is a 400 the client caused.
        await call('checkout', 'POST', '/Shop/Checkout', { shipToCode: '', shippingOption: 'ground' }, c.token, [201, 400]);
      } else {
        const res = await call('login', 'POST', '/System/Login', { username: c.email, password: PASSWORD }, '');
        const token = res.headers.get('user-token');
        if (token) c.token = token;
      }
      const wait = gapMs - (Date.now() - started);
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, client));
}

// ---- memory ----------------------------------------------------------------------------------

interface Sample {
  seconds: number;
  rssMb: number;
  heapMb: number;
  requests: number;
}

function memoryOf(child: ChildProcess): Promise<NodeJS.MemoryUsage> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the server did not report its memory')), 5000);
    const onMessage = (m: unknown) => {
      const memory = (m as { memory?: NodeJS.MemoryUsage }).memory;
      if (!memory) return;
      clearTimeout(timer);
      child.off('message', onMessage);
      resolve(memory);
    };
    child.on('message', onMessage);
    child.send('memory');
  });
}

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
const growth = (from: number, to: number) => Math.round(((to - from) / from) * 1000) / 10;

async function main(): Promise<void> {
  console.log(`soak on ${args.db}: ${MINUTES} minutes, ~${RATE} requests/s from ${CLIENTS} clients, memory every ${SAMPLE_MS / 1000} s`);
  const { customers, items } = await prepare();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}/beapi`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--import', './scripts/faults/memory-probe.ts', 'src/server/main.ts'], {
    env: { ...process.env, DATABASE_URL: serverUrl, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dir, LOG_LEVEL: 'silent', WORKERS: '1' },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const stopChild = () => child.exitCode === null && child.kill('SIGKILL');
  process.on('exit', stopChild);
  await waitUntilUp(child, base);
  for (const c of customers) {
    const res = await fetch(`${base}/System/Login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: c.email, password: PASSWORD }) });
    c.token = res.headers.get('user-token') ?? '';
    if (!c.token) throw new Error(`sign-in of ${c.email} failed: ${res.status}`);
  }
  const mains = (await (await fetch(`${base}/Categories/GetMainCategories`)).json()) as Record<string, unknown>[];
  const categories = mains.map((m) => Number(m.num ?? m.categoryNum ?? m.catNum)).filter((n) => Number.isInteger(n));
  if (categories.length === 0) throw new Error('no categories');

  const tally: Tally = { byKind: new Map(), unexpected: [] };
  const t0 = Date.now();
  const until = t0 + MINUTES * 60_000;
  const samples: Sample[] = [];
  const total = () => [...tally.byKind.values()].reduce((n, k) => n + k.n, 0);
  const sample = async () => {
    const m = await memoryOf(child);
    const s = { seconds: Math.round((Date.now() - t0) / 1000), rssMb: mb(m.rss), heapMb: mb(m.heapUsed), requests: total() };
    samples.push(s);
    console.log(`${String(s.seconds).padStart(5)} s  RSS ${String(s.rssMb).padStart(6)} MB  heap used ${String(s.heapMb).padStart(6)} MB  ${s.requests} requests`);
  };
  await sample();
  const sampler = setInterval(() => void sample().catch((err: unknown) => tally.unexpected.push(String(err))), SAMPLE_MS);
  await run(base, customers, items, categories, until, tally);
  clearInterval(sampler);
  await sample();

  child.kill('SIGTERM');
  const code = await new Promise<number | null>((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', resolve)));

  console.log('\nrequests by kind (status: count):');
  for (const [kind, k] of [...tally.byKind].sort()) {
    console.log(`  ${kind.padEnd(12)} ${String(k.n).padStart(7)}   ${[...k.statuses].sort().map(([s, n]) => `${s}: ${n}`).join(', ')}`);
  }
  const seconds = (Date.now() - t0) / 1000;
  const half = samples.filter((s) => s.seconds >= samples.at(-1)!.seconds / 2);
  const first = half[0]!;
  const last = samples.at(-1)!;
  const rssGrowth = growth(first.rssMb, last.rssMb);
  const heapGrowth = growth(Math.max(...half.slice(0, 3).map((s) => s.heapMb)), Math.max(...half.slice(-3).map((s) => s.heapMb)));
  const steady = rssGrowth < 10 && heapGrowth < 10;
  console.log(`\n${total()} requests in ${Math.round(seconds)} s (${Math.round(total() / seconds)}/s); RSS ${samples[0]!.rssMb} → ${last.rssMb} MB (peak ${Math.max(...samples.map((s) => s.rssMb))} MB)`);
  console.log(`second half: RSS ${first.rssMb} → ${last.rssMb} MB (${rssGrowth} %), heap used (max of 3 samples) ${heapGrowth} %`);
  console.log(`unexpected answers: ${tally.unexpected.length}${tally.unexpected.length ? `\n  - ${tally.unexpected.join('\n  - ')}` : ''}`);
  console.log(`server exit on SIGTERM: ${code}`);
  const ok = steady && tally.unexpected.length === 0 && code === 0;
  console.log(`verdict: ${ok ? 'PASS' : 'FAIL'} — memory ${steady ? 'steady' : 'growing'}, ${tally.unexpected.length} unexpected answers`);

  if (schema) {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`drop schema ${schema} cascade`);
    await admin.end();
  }
  rmSync(dir, { recursive: true, force: true });
  process.exit(ok ? 0 : 1);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

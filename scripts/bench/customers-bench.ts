/**
 * A measure of the customers desk's list (issue 19, point 1; target p99 ≤ 50 ms): seeds N
 * customers into a fresh database, then asks GET /beapi/Admin/Customers as the owner with a search
 * (a company word, a contact name, part of an email, a ZIP prefix), sometimes with a status or
 * state filter, one request at a time through Fastify (inject, no socket), and reports the
 * latencies. Not a test: run it by hand.
 *
 *   node --import tsx scripts/bench/customers-bench.ts [--customers 100000] [--requests 500] [--sqlite-analyze]
 *
 * DATABASE_URL picks the database (default: a new SQLite file in a temp folder, removed after).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../../src/server/app';
import { readConfig } from '../../src/server/platform/config';
import { createContext } from '../../src/server/context';
import { bulkInsert, type BulkColumns, syncIdentity } from '../../src/server/platform/db/bulk-insert';
import { sql } from 'kysely';
import { openDatabase } from '../../src/server/platform/db/database';
import { migrateToLatest } from '../../src/server/platform/db/migrate';

const { values } = parseArgs({ options: { customers: { type: 'string', default: '100000' }, requests: { type: 'string', default: '500' }, 'sqlite-analyze': { type: 'boolean', default: false } } });
const CUSTOMERS = Number(values.customers);
const REQUESTS = Number(values.requests);

const WORDS = ['Party', 'Balloon', 'Festive', 'Golden', 'Sunny', 'Star', 'Bright', 'Happy', 'Royal', 'Rainbow', 'Magic', 'Event', 'Celebration', 'Pop', 'Float', 'Sky', 'Joy', 'Confetti', 'Gala', 'Fiesta'];
const KINDS = ['Events', 'Supplies', 'Decor', 'Works', 'Shop', 'Studio', 'Co', 'Designs'];
const FIRST = ['Ada', 'Bo', 'Cy', 'Dee', 'Eli', 'Fay', 'Gus', 'Hal', 'Ivy', 'Jo', 'Kai', 'Lou', 'Max', 'Ned', 'Oz', 'Pat', 'Quinn', 'Rae', 'Sol', 'Tess'];
const LAST = ['Smith', 'Jones', 'Garcia', 'Miller', 'Davis', 'Lopez', 'Wilson', 'Moore', 'Clark', 'Lewis', 'Young', 'Hall', 'Allen', 'King', 'Scott'];
const STATES = ['CA', 'NV', 'AZ', 'TX', 'NY', 'FL', 'AL', 'OR', 'WA', 'IL'];
const STATUSES = ['active', 'active', 'active', 'active', 'pending', 'suspended'];
const pick = <T>(xs: readonly T[], i: number): T => xs[i % xs.length]!;
const rand = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;

const COLUMNS: BulkColumns = [
  ['code', 'text'], ['email', 'text'], ['email_key', 'text'], ['email_verified', 'int'], ['password_hash', 'text'], ['org_name', 'text'], ['first_name', 'text'],
  ['last_name', 'text'], ['address_line1', 'text'], ['city', 'text'], ['state', 'text'], ['zip', 'text'], ['country', 'text'], ['day_phone', 'text'], ['web', 'text'],
  ['permissions', 'text'], ['security_question', 'text'], ['security_answer_hash', 'text'], ['find_a_pro', 'int'], ['prod_info_email', 'int'], ['prod_info_fax', 'int'],
  ['created_at', 'text'], ['updated_at', 'text'], ['status', 'text'],
];

function customerRow(i: number): unknown[] {
  const org = `${pick(WORDS, i * 7)} ${pick(WORDS, i * 13 + 3)} ${pick(KINDS, i)} ${i}`;
  const email = `${pick(FIRST, i).toLowerCase()}.${pick(LAST, i * 3).toLowerCase()}${i}@example${i % 50}.com`;
  const at = new Date(Date.UTC(2020, 0, 1) + i * 60_000).toISOString();
  return [`B${String(i).padStart(7, '0')}`, email, email, 1, 'x', org, pick(FIRST, i), pick(LAST, i * 3), `${i} Main St`, 'Town', pick(STATES, i * 11), String(10000 + ((i * 37) % 89999)), 'US', '555-0100', '', '[]', 'q', 'x', 0, 0, 0, at, at, pick(STATUSES, i)];
}

function searchQuery(): string {
  const n = Math.floor(Math.random() * CUSTOMERS);
  const q = rand([rand(WORDS), `${rand(WORDS)} ${rand(WORDS)}`, rand(FIRST), `${rand(FIRST)} ${rand(LAST)}`, `${rand(FIRST).toLowerCase()}.${rand(LAST).toLowerCase()}${n}`, String(10000 + ((n * 37) % 89999)).slice(0, 3), String(n)]);
  const extra = rand(['', '', `&status=${rand(['pending', 'active', 'suspended'])}`, `&state=${rand(STATES)}`]);
  return `/beapi/Admin/Customers?q=${encodeURIComponent(q)}${extra}`;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'customers-bench-'));
  const url = process.env.DATABASE_URL ?? `sqlite:${join(dir, 'shop.db')}`;
  const database = openDatabase(url);
  try {
    await migrateToLatest(database.db);
    let t0 = performance.now();
    for (let start = 0; start < CUSTOMERS; start += 10_000) {
      await bulkInsert(database.db, 'customers', COLUMNS, Array.from({ length: Math.min(10_000, CUSTOMERS - start) }, (_, k) => customerRow(start + k + 1)));
    }
    await syncIdentity(database.db, 'customers');
    // A bulk load has no planner statistics yet; a live PostgreSQL database has them (autovacuum).
    // SQLite has them only when someone runs ANALYZE: --sqlite-analyze shows the plans hold then too (decision 0024).
    if (database.dialect === 'postgres' || values['sqlite-analyze']) await sql`analyze customers`.execute(database.db);
    console.log(`seeded ${CUSTOMERS.toLocaleString('en-US')} customers in ${Math.round(performance.now() - t0)} ms (${url.split(':')[0]})`);

    const ctx = createContext(readConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', PUBLIC_URL: 'http://bench.test', OUTBOX_DISPATCHER: 'off' }), database);
    await ctx.staff.create({ label: 'bench', display: 'Bench', ip: '' }, { email: 'bench.owner@example.com', name: 'Bench', roles: ['owner'], warehouse: null, password: 'bench-owner-password' });
    const app = await buildApp(ctx, { webDir: join(dir, 'no-web') });
    await app.ready();
    const login = await app.inject({ method: 'POST', url: '/beapi/Admin/Login', payload: { email: 'bench.owner@example.com', password: 'bench-owner-password' } });
    const cookie = String(login.headers['set-cookie']).split(';')[0]!;
    // Warm-up: compiled statements, the page cache.
    for (let i = 0; i < 20; i++) await app.inject({ method: 'GET', url: searchQuery(), headers: { cookie } });
    const times: number[] = [];
    // This process's CPU time per request: on a busy machine wall time also counts waiting for a
    // core; CPU time does not (SQLite works in this process; PostgreSQL's own work is not in it).
    const cpu: number[] = [];
    let matched = 0;
    for (let i = 0; i < REQUESTS; i++) {
      const path = searchQuery();
      t0 = performance.now();
      const c0 = process.cpuUsage();
      const res = await app.inject({ method: 'GET', url: path, headers: { cookie } });
      const c = process.cpuUsage(c0);
      times.push(performance.now() - t0);
      cpu.push((c.user + c.system) / 1000);
      if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
      matched += (res.json() as { total: number }).total;
    }
    times.sort((a, b) => a - b);
    cpu.sort((a, b) => a - b);
    const ms = (v: number) => `${v.toFixed(1)} ms`;
    console.log(`list with search, ${REQUESTS} requests one at a time: p50 ${ms(percentile(times, 50))}, p95 ${ms(percentile(times, 95))}, p99 ${ms(percentile(times, 99))}, max ${ms(times[times.length - 1]!)}; mean matches ${Math.round(matched / REQUESTS)}`);
    console.log(`  this process's CPU per request: p50 ${ms(percentile(cpu, 50))}, p95 ${ms(percentile(cpu, 95))}, p99 ${ms(percentile(cpu, 99))}`);
    await app.close();
    ctx.catalogue.stop();
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

void main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});

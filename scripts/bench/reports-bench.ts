/**
 * A measure of the reports page (issue 19, point 5; target p99 ≤ 300 ms with 1,000,000 order
 * lines): seeds demo + N synthetic items and ~100,000 synthetic orders of ~10 lines (bulk inserts,
 * then one summary rebuild, as `npm run db:seed -- --orders` does), then asks every report as the
 * owner through Fastify (inject, one request at a time) for the last 30 days, the last year and
 * all time, and prints p50/p95/p99 of each. Not a test: run it by hand.
 *
 *   node --import tsx scripts/bench/reports-bench.ts [--db sqlite|postgres] [--orders 100000] [--items 50000] [--requests 40] [--keep DIR] [--schema NAME] [--only items,aging]
 *
 * Each report and range is asked once cold (`first`: nothing kept per process yet), twice more
 * to warm up, then `--requests` times for the percentiles.
 *
 * PostgreSQL: TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), in a schema
 * `bench_reports_<random>` dropped at the end; with --keep, `bench_reports_keep_<orders>` stays for
 * the next run. SQLite: a temporary file; with --keep, DIR/sqlite-reports-<orders>/shop.db stays.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { REPORT_NAMES } from '../../src/contract/admin/reports';
import { buildApp } from '../../src/server/app';
import { seedDemoCatalogue, seedSyntheticItems } from '../../src/server/catalogue/demo/seed';
import { readConfig } from '../../src/server/platform/config';
import { createContext } from '../../src/server/context';
import { openDatabase } from '../../src/server/platform/db/database';
import { migrateToLatest } from '../../src/server/platform/db/migrate';
import { seedSyntheticOrders } from '../../src/server/flows/demo/synthetic-orders';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'sqlite' },
    orders: { type: 'string', default: '100000' },
    items: { type: 'string', default: '50000' },
    requests: { type: 'string', default: '40' },
    keep: { type: 'string' },
    /** The kept PostgreSQL schema's name (before `_<orders>`). */
    schema: { type: 'string', default: 'bench_reports_keep' },
    /** Only these reports (comma-separated names). */
    only: { type: 'string' },
  },
});
const ORDERS = Number(values.orders);
const ITEMS = Number(values.items);
const REQUESTS = Number(values.requests);
const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const RANGES: [string, string][] = [
  ['30 days', `from=${day(-29)}&to=${day(0)}`],
  ['1 year', `from=${day(-364)}&to=${day(0)}`],
  ['all time', `from=${day(-5 * 365)}&to=${day(0)}`],
];
const EXTRA: Partial<Record<string, string[]>> = { sales: ['by=day', 'by=week', 'by=month'], items: ['sort=top', 'sort=bottom'] };

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function pgAdmin(sqlText: string): Promise<void> {
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  try {
    await c.query(sqlText);
  } finally {
    await c.end();
  }
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'reports-bench-'));
  const postgres = values.db === 'postgres';
  const keep = values.keep;
  let schema = '';
  let url: string;
  const kept = postgres ? `${values.schema}_${ORDERS}` : `sqlite-reports-${ORDERS}`;
  // A kept database whose seeding did not finish (no marker) is seeded afresh.
  const marker = keep ? join(keep, `${kept}.seeded`) : '';
  const reuse = marker !== '' && existsSync(marker);
  if (postgres) {
    schema = keep ? kept : `bench_reports_${randomBytes(4).toString('hex')}`;
    if (keep && !reuse) await pgAdmin(`drop schema if exists ${schema} cascade`);
    await pgAdmin(`create schema if not exists ${schema}`);
    url = PG_URL;
  } else {
    const folder = keep ? join(keep, kept) : dir;
    if (keep && !reuse) rmSync(folder, { recursive: true, force: true });
    mkdirSync(folder, { recursive: true });
    url = `sqlite:${join(folder, 'shop.db')}`;
  }
  const database = postgres ? openDatabase(url, { schema }) : openDatabase(url);
  try {
    await migrateToLatest(database.db, schema || undefined);
    if (!reuse) {
      let t0 = performance.now();
      await seedDemoCatalogue(database.db);
      await seedSyntheticItems(database.db, ITEMS);
      console.log(`seeded ${ITEMS.toLocaleString('en-US')} items in ${Math.round(performance.now() - t0)} ms`);
      t0 = performance.now();
      const got = await seedSyntheticOrders(database.db, ORDERS, { onProgress: (n) => n % 20_000 === 0 && console.log(`  ${n.toLocaleString('en-US')} orders`) });
      console.log(`seeded ${got.orders.toLocaleString('en-US')} orders, ${got.lines.toLocaleString('en-US')} lines, and rebuilt the summaries in ${Math.round((performance.now() - t0) / 1000)} s`);
      if (marker) {
        mkdirSync(keep!, { recursive: true });
        writeFileSync(marker, new Date().toISOString());
      }
    }
    const lines = await database.db.selectFrom('order_lines').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    console.log(`${values.db}: ${Number(lines.n).toLocaleString('en-US')} order lines`);

    const ctx = createContext(readConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', PUBLIC_URL: 'http://bench.test', OUTBOX_DISPATCHER: 'off' }), database);
    const email = `bench.reports.${randomBytes(3).toString('hex')}@example.com`;
    await ctx.staff.create({ label: 'bench', display: 'Bench', ip: '' }, { email, name: 'Bench', roles: ['owner'], warehouse: null, password: 'bench-owner-password' });
    // As the server does before it listens: low stock and categories read the catalogue's index.
    await ctx.catalogue.refresh();
    const app = await buildApp(ctx, { webDir: join(dir, 'no-web') });
    await app.ready();
    const login = await app.inject({ method: 'POST', url: '/beapi/Admin/Login', payload: { email, password: 'bench-owner-password' } });
    const cookie = String(login.headers['set-cookie']).split(';')[0]!;

    const results: { report: string; range: string; p50: number; p95: number; p99: number; max: number }[] = [];
    for (const name of REPORT_NAMES.filter((r) => !values.only || values.only.split(',').includes(r))) {
      for (const [label, range] of RANGES) {
        const variants = EXTRA[name] ?? [''];
        const path = (i: number) => `/beapi/Admin/Reports/${name}?${range}&${variants[i % variants.length]}&limit=50`;
        // The first request of a range is the cold one (nothing kept yet): shown apart, not in the percentiles.
        const c0 = performance.now();
        await app.inject({ method: 'GET', url: path(0), headers: { cookie } });
        const first = performance.now() - c0;
        for (let i = 1; i < 3; i++) await app.inject({ method: 'GET', url: path(i), headers: { cookie } });
        const times: number[] = [];
        for (let i = 0; i < REQUESTS; i++) {
          const t0 = performance.now();
          const res = await app.inject({ method: 'GET', url: path(i), headers: { cookie } });
          times.push(performance.now() - t0);
          if (res.statusCode !== 200) throw new Error(`${path(i)}: ${res.statusCode} ${res.body}`);
        }
        times.sort((a, b) => a - b);
        const r = { report: name, range: label, first, p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99), max: times[times.length - 1]! };
        results.push(r);
        console.log(`${r.p99 <= 300 ? '  ' : '!!'} ${name.padEnd(12)} ${label.padEnd(9)} p50 ${r.p50.toFixed(1).padStart(6)} ms  p95 ${r.p95.toFixed(1).padStart(6)} ms  p99 ${r.p99.toFixed(1).padStart(6)} ms  first ${r.first.toFixed(0).padStart(5)} ms`);
      }
    }
    const worst = results.reduce((a, b) => (b.p99 > a.p99 ? b : a));
    console.log(`worst p99: ${worst.report} (${worst.range}) ${worst.p99.toFixed(1)} ms; target ≤ 300 ms: ${results.every((r) => r.p99 <= 300) ? 'met' : 'NOT met'}`);
    await app.close();
    ctx.catalogue.stop();
  } finally {
    await database.close();
    if (schema && !keep) await pgAdmin(`drop schema if exists ${schema} cascade`);
    rmSync(dir, { recursive: true, force: true });
  }
}

void main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});

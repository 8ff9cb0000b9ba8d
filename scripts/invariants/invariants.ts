/**
 * `npm run test:invariants`: the long invariant run (issue 27 point 5, docs/decisions/0028).
 *
 *   node --import tsx scripts/invariants/invariants.ts [--minutes 10] [--db sqlite,postgres]
 *     [--clients 12] [--batch 120] [--seed N] [--postgres URL]
 *     (--postgres: default postgres://postgres@127.0.0.1:5432/test, in a throwaway schema)
 *
 * For each database in turn: a fresh shop with the demo data (a SQLite file, or a throwaway
 * schema), the real server on a free port of 127.0.0.1, and for `--minutes` minutes batches of
 * `--batch` random operations from `--clients` concurrent buyers and staff through the HTTP API;
 * after each batch the invariants are read from the database through a read-only connection.
 * Prints each batch (operations, operations per second, breaks) and a summary; exits 1 on any
 * invariant break or unexpected answer. Talks only to 127.0.0.1.
 */
import { randomInt } from 'node:crypto';
import { parseArgs } from 'node:util';
import { SeededRandom } from '../../src/server/catalogue/demo/random';
import { describeBreaks, describeTally, InvariantDriver } from '../../src/server/invariants/driver';
import { openReadOnly } from '../../src/server/invariants/read-only-db';
import { createRunDatabase, startShop } from '../../src/server/invariants/setup';

const { values: args } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    db: { type: 'string', default: 'sqlite,postgres' },
    clients: { type: 'string', default: '12' },
    batch: { type: 'string', default: '120' },
    seed: { type: 'string' },
    postgres: { type: 'string', default: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test' },
  },
});
const MINUTES = Number(args.minutes);
const CLIENTS = Number(args.clients);
const BATCH = Number(args.batch);
const SEED = Number(args.seed) || randomInt(1, 1_000_000);
const DATABASES = args.db.split(',').map((d) => d.trim());
for (const d of DATABASES) if (d !== 'sqlite' && d !== 'postgres') throw new Error(`--db takes sqlite and/or postgres, not ${d}`);
if (!(MINUTES > 0) || !(CLIENTS > 0) || !(BATCH > 0)) throw new Error('--minutes, --clients and --batch are positive numbers');

interface Outcome {
  db: string;
  batches: number;
  operations: number;
  seconds: number;
  /** Distinct things found broken (invariant and subject), and the last batch's breaks. */
  broken: number;
  lastBreaks: number;
  unexpected: number;
}

async function runOn(db: 'sqlite' | 'postgres'): Promise<Outcome> {
  console.log(`\n=== ${db}: ${MINUTES} minutes, ${CLIENTS} clients, ${BATCH} operations a batch, seed ${SEED} ===`);
  const run = await createRunDatabase(db, args.postgres);
  const rng = new SeededRandom(SEED);
  const shop = await startShop(run, { buyers: CLIENTS, items: 12, pick: (xs, n) => rng.sample(xs, n) });
  const checker = await openReadOnly(run.url);
  const outcome: Outcome = { db, batches: 0, operations: 0, seconds: 0, broken: 0, lastBreaks: 0, unexpected: 0 };
  try {
    const driver = new InvariantDriver(shop, checker, SEED);
    const refused = await driver.stockUp();
    if (refused.length > 0) throw new Error(`the opening stock was refused: ${refused.join('; ')}`);
    const seen = new Set<string>();
    const started = Date.now();
    const until = started + MINUTES * 60_000;
    while (Date.now() < until) {
      const r = await driver.batch(CLIENTS, BATCH);
      outcome.batches += 1;
      outcome.operations += r.operations;
      outcome.unexpected += r.unexpected.length;
      const fresh = r.check.breaks.filter((b) => !seen.has(`${b.invariant}|${b.subject}`));
      for (const b of fresh) seen.add(`${b.invariant}|${b.subject}`);
      outcome.lastBreaks = r.check.breaks.length;
      const c = r.check.counted;
      console.log(
        `batch ${String(r.batch).padStart(4)}: ${r.operations} operations in ${r.seconds.toFixed(1)} s (${Math.round(r.operations / r.seconds)}/s); ` +
          `${c.orders} orders, ${c.invoices} invoices, ${c.payments} payments, ${c.movements} movements, ${c.auditRows} staff audit rows; ` +
          `breaks ${r.check.breaks.length} (${fresh.length} new)${r.unexpected.length ? `, ${r.unexpected.length} unexpected answers` : ''}`,
      );
      if (fresh.length > 0) console.log(describeBreaks(fresh).replace(/^/gm, '    '));
      for (const u of r.unexpected.slice(0, 5)) console.log(`    unexpected: ${u}`);
    }
    outcome.seconds = (Date.now() - started) / 1000;
    outcome.broken = seen.size;
    console.log(`\nanswers by operation (status: count):\n${describeTally(driver.tally)}`);
  } finally {
    await checker.close();
    await shop.server.stop();
    await run.drop();
  }
  return outcome;
}

async function main(): Promise<void> {
  const outcomes: Outcome[] = [];
  for (const db of DATABASES as ('sqlite' | 'postgres')[]) outcomes.push(await runOn(db));
  console.log('\n=== summary ===');
  for (const o of outcomes) {
    console.log(
      `${o.db.padEnd(8)} ${o.batches} batches, ${o.operations} operations in ${Math.round(o.seconds)} s (${(o.operations / o.seconds).toFixed(1)} operations/s); ` +
        `invariant breaks: ${o.broken} distinct (${o.lastBreaks} at the end); unexpected answers: ${o.unexpected}`,
    );
  }
  const ok = outcomes.every((o) => o.broken === 0 && o.unexpected === 0);
  console.log(`verdict: ${ok ? 'PASS' : 'FAIL'} (seed ${SEED})`);
  process.exit(ok ? 0 : 1);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

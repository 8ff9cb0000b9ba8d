import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SeededRandom } from '../catalogue/demo/random';
import { testDialect } from '../test-support/test-app';
import { describeBreaks, describeTally, InvariantDriver } from './driver';
import { openReadOnly, type ReadOnlyDb } from './read-only-db';
import { createRunDatabase, type InvariantShop, type RunDatabase, startShop } from './setup';

/**
 * The short invariant run (issue 27 point 5, docs/decisions/0028): a real server process on this
 * file's database, buyers and staff sending random operations at once through the HTTP API, and
 * after every batch the shop's invariants read from the database through a separate read-only
 * connection. A failure prints the seed: `INVARIANT_SEED=<seed>` replays its choices.
 * The long run is `npm run test:invariants`.
 */

const SEED = Number(process.env.INVARIANT_SEED) || randomInt(1, 1_000_000);
const CLIENTS = 10;
const BATCHES = 10;
const OPERATIONS = 80;

let run: RunDatabase;
let shop: InvariantShop;
let checker: ReadOnlyDb;
let driver: InvariantDriver;

beforeAll(async () => {
  run = await createRunDatabase(testDialect, process.env.TEST_DATABASE_URL);
  const rng = new SeededRandom(SEED);
  shop = await startShop(run, { buyers: CLIENTS, items: 10, pick: (xs, n) => rng.sample(xs, n) });
  checker = await openReadOnly(run.url);
  driver = new InvariantDriver(shop, checker, SEED);
  const refused = await driver.stockUp();
  if (refused.length > 0) throw new Error(`the opening stock was refused: ${refused.join('; ')}`);
}, 180_000);

afterAll(async () => {
  await checker?.close();
  await shop?.server.stop();
  await run?.drop();
});

describe(`the shop's invariants under concurrent buyers and staff (seed ${SEED})`, () => {
  it('hold after every batch: stock, order lines and totals, invoices, payments, returns and credit memos, audit', async () => {
    for (let b = 0; b < BATCHES; b++) {
      const report = await driver.batch(CLIENTS, OPERATIONS);
      const replay = `replay with INVARIANT_SEED=${SEED} (batch ${report.batch})\n${describeTally(driver.tally)}`;
      expect(report.unexpected, `answers no operation expected; ${replay}`).toEqual([]);
      expect(describeBreaks(report.check.breaks), `invariant breaks; ${replay}`).toBe('');
    }
    // The run did what it is for: orders moved through their lifecycle and money was applied.
    const answered = (kind: string, status: number) => driver.tally.statuses.get(kind)?.get(status) ?? 0;
    expect(answered('checkout', 201)).toBeGreaterThan(10);
    expect(answered('ship part', 201) + answered('ship whole', 201)).toBeGreaterThan(0);
    expect(answered('return request', 201)).toBeGreaterThan(0);
  }, 240_000);
});

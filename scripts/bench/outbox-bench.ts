/**
 * `node --import tsx scripts/bench/outbox-bench.ts [--db sqlite|postgres] [--messages 5000] [--postgres URL]`
 *
 * The outbox dispatcher's delivery rate: N webhook-kind rows are enqueued (in transactions of 100),
 * then one dispatcher delivers them with a handler that POSTs each row to a local HTTP receiver;
 * the rate is rows marked done per second, from the first claim to the last row done.
 * Issue 20 asks ≥ 500 deliveries/s to a local receiver.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase, writeTransaction } from '../../src/server/platform/db/database';
import { migrateToLatest } from '../../src/server/platform/db/migrate';
import { enqueue, OutboxDispatcher } from '../../src/server/platform/outbox/outbox';

const { values: args } = parseArgs({ options: { db: { type: 'string', default: 'sqlite' }, messages: { type: 'string', default: '5000' }, postgres: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/test' } } });
const N = Number(args.messages);

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'outbox-bench-'));
  let schema = '';
  if (args.db === 'postgres') {
    schema = `bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: args.postgres });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
  }
  const database = args.db === 'postgres' ? openDatabase(args.postgres, { schema }) : openDatabase(`sqlite:${join(dir, 'shop.db')}`);
  let received = 0;
  const receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received += 1;
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', () => r()));
  const url = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hook`;
  try {
    await migrateToLatest(database.db, schema || undefined);
    for (let i = 0; i < N; i += 100) {
      await writeTransaction(database.db, async (trx) => {
        for (let k = i; k < Math.min(N, i + 100); k++) await enqueue(trx, { kind: 'webhook', topic: 'bench.event', payload: { n: k, data: 'x'.repeat(200) }, about: `bench ${k}` });
      });
    }
    const outbox = new OutboxDispatcher(database.db, { pollMs: 1000, concurrency: 64, leaseMs: 60_000 });
    outbox.handle('webhook', async (row) => {
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'webhook-id': `msg_${row.id}` }, body: JSON.stringify(row.payload) });
      if (!res.ok) throw new Error(`receiver answered ${res.status}`);
    });
    const t0 = performance.now();
    await outbox.drain();
    const seconds = (performance.now() - t0) / 1000;
    const done = await database.db.selectFrom('outbox').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'done').executeTakeFirstOrThrow();
    console.log(`outbox on ${args.db}: ${N} webhook deliveries to a local receiver in ${seconds.toFixed(2)} s = ${Math.round(N / seconds)}/s (received ${received}, done ${Number(done.n)})`);
  } finally {
    receiver.close();
    await database.close();
    if (schema) {
      const admin = new pg.Client({ connectionString: args.postgres });
      await admin.connect();
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

void main();

/**
 * `npm run test:deploy`: the production layout of docs/deploy/ on this machine, and what it must
 * hold (issue 33, decision 0040). Run by hand (as root, or with nginx installed); not part of CI.
 *
 *   node --import tsx scripts/deploy/deploy-check.ts [--postgres URL] [--redis URL] [--buyers 16] [--orders 200] [--load-seconds 12]
 *
 * Debian's nginx (installed when missing) runs docs/deploy/nginx/shop.conf with a self-signed
 * certificate in front of two instances of the shop (TRUST_PROXY=127.0.0.1, REDIS_URL) on one new
 * PostgreSQL database beside `--postgres` (default postgres://postgres@127.0.0.1:5432/test) and
 * the Redis at `--redis` (default redis://127.0.0.1:6379). Then, with clients that each connect to
 * nginx from their own loopback address:
 *   1. the front door: http → https, and the staff cookie is Secure over https;
 *   2. a catalogue edit on one instance shows on the other within 5 s (propagation time);
 *   3. a client locked out after wrong passwords does not lock out another, even by naming it;
 *   4. the per-route rate limit holds across both instances (shared through Redis);
 *   5. orders through nginx: every outbox message sent once, both dispatchers at work;
 *   6. one instance killed (SIGKILL) mid-load: no acknowledged order lost, no GET failed.
 * It prints its figures, stops everything it started (even on failure or Ctrl-C), drops its
 * database and exits 1 when a check failed. It talks to 127.0.0.1 only.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { readConfig } from '../../src/server/platform/config';
import { createContext } from '../../src/server/context';
import { openDatabase } from '../../src/server/platform/db/database';
import { migrateToLatest } from '../../src/server/platform/db/migrate';
import { seedDemoData } from '../../src/server/demo-data';
import { freePort } from '../../src/server/test-support/server-process';
import { seedStock } from '../../src/server/stock/counts';
import { itemsWithStock } from '../../src/server/stock/testing';
import { signUpBuyers } from '../faults/buyers';
import { Client, ensureNginx, type Nginx, selfSignedCertificate, siteForThisRun, startNginx } from './front';
import { assertLocal, createDatabase, dropRedisKeys, type Instance, redisPing, startInstance } from './instances';
import { frontDoor, lockout, propagation, sharedRateLimit } from './checks';
import { orderLoad } from './order-load';

const { values: args } = parseArgs({
  options: {
    postgres: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/test' },
    redis: { type: 'string', default: 'redis://127.0.0.1:6379' },
    buyers: { type: 'string', default: '16' },
    orders: { type: 'string', default: '200' },
    'load-seconds': { type: 'string', default: '12' },
  },
});

const BUYER_PASSWORD = 'deploy-check-pw-1';

/** What was started, undone in reverse order whatever happens. */
const undo: { what: string; run: () => Promise<unknown> | void }[] = [];
async function cleanUp(): Promise<void> {
  while (undo.length) {
    const step = undo.pop()!;
    try {
      await step.run();
    } catch (err) {
      console.error(`clean-up: ${step.what} failed: ${(err as Error).message}`);
    }
  }
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping what was started`);
    void cleanUp().then(() => process.exit(1));
  });
}

async function main(): Promise<string[]> {
  assertLocal(args.postgres!, '--postgres');
  assertLocal(args.redis!, '--redis');
  const nginxBinary = ensureNginx();
  const dir = mkdtempSync(join(tmpdir(), 'shop-deploy-'));
  undo.push({ what: 'remove the work folder', run: () => rmSync(dir, { recursive: true, force: true }) });
  const dataDir = join(dir, 'data');
  mkdirSync(dataDir);

  // One database for both instances, created and filled here.
  const started = performance.now();
  const created = await createDatabase(args.postgres!, `shop_deploy_${randomBytes(4).toString('hex')}`);
  undo.push({ what: 'drop the database', run: created.drop });
  const database = openDatabase(created.url);
  undo.push({ what: 'close the database', run: () => database.close() });
  await migrateToLatest(database.db);
  await seedDemoData(database.db);
  const ctx = createContext(readConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), database);
  const buyers = await signUpBuyers(ctx, Number(args.buyers), 'deploy', BUYER_PASSWORD);
  await ctx.outbox.drain();
  const stocked = await itemsWithStock(database.db).where('i.status', '=', 'active').where(sql`sw.qty`, '>', 0).orderBy('i.num').limit(40).execute();
  const items = stocked.map((r) => r.num);
  await seedStock(database.db, items.map((num) => ({ num, qtyFr: 1_000_000, qtyFh: 1_000_000 })), { announce: false });
  console.log(`database: ${new URL(created.url).pathname.slice(1)} on 127.0.0.1 (demo data, ${buyers.length} buyers, ${items.length} items stocked) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  console.log(`redis: ${args.redis} answers PING with ${await redisPing(args.redis!)}`);

  // This run's rate-limit counts in Redis have their own prefix, deleted at the end.
  const redisPrefix = `shop-rl:deploy-${randomBytes(4).toString('hex')}:`;
  undo.push({ what: 'delete the rate-limit keys in Redis', run: () => dropRedisKeys(args.redis!, redisPrefix) });

  const ports = { http: await freePort(), https: await freePort(), instances: [await freePort(), await freePort()] as [number, number] };
  const env = {
    DATABASE_URL: created.url,
    PUBLIC_URL: `https://shop.localhost:${ports.https}`,
    TRUST_PROXY: '127.0.0.1',
    REDIS_URL: args.redis!,
    REDIS_KEY_PREFIX: redisPrefix,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    // A killed instance's claimed messages are taken over after 5 s instead of a minute.
    OUTBOX_LEASE_MS: '5000',
    OUTBOX_POLL_MS: '200',
  };
  // One after the other: the first start migrates (nothing to do here) before the second looks.
  const instances: Instance[] = [];
  for (const [i, port] of ports.instances.entries()) {
    const instance = await startInstance(i === 0 ? 'A' : 'B', port, env, dir);
    instances.push(instance);
    undo.push({ what: `stop instance ${instance.name}`, run: () => instance.kill('SIGKILL') });
  }
  const [a, b] = instances as [Instance, Instance];
  console.log(`instances: A on :${a.port}, B on :${b.port}, both given TRUST_PROXY=127.0.0.1 and REDIS_URL=${args.redis} (keys ${redisPrefix}…)`);

  const nginxDir = join(dir, 'nginx');
  mkdirSync(nginxDir);
  const certificate = selfSignedCertificate(nginxDir);
  const nginx: Nginx = await startNginx(nginxBinary, nginxDir, siteForThisRun(ports, certificate, join(nginxDir, 'cache')), ports.https);
  undo.push({ what: 'stop nginx', run: () => nginx.stop() });
  console.log(`nginx: https://shop.localhost:${ports.https} (TLS, docs/deploy/nginx/shop.conf), http on :${ports.http}\n`);

  const clients: Client[] = [];
  const client = (address: string) => {
    const c = new Client(ports.https, certificate.ca, address);
    clients.push(c);
    return c;
  };
  undo.push({ what: 'close the clients', run: () => clients.forEach((c) => c.close()) });

  const problems: string[] = [];
  problems.push(...(await frontDoor(client('127.0.0.11'), ports.http)));
  problems.push(...(await propagation(a, b, items.slice(0, 5))));
  problems.push(...(await lockout(client('127.0.0.31'), client('127.0.0.32'), database)));
  problems.push(...(await sharedRateLimit(client('127.0.0.41'), nginx, instances)));
  const buyerClients = buyers.map((_, i) => client(`127.0.1.${i + 1}`));
  const load = { database, dataDir, nginx, instances, buyers, clients: buyerClients, items, orders: Number(args.orders), loadSeconds: Number(args['load-seconds']), password: BUYER_PASSWORD };
  problems.push(...(await orderLoad(load)));
  return problems;
}

main()
  .then(async (problems) => {
    await cleanUp();
    console.log(problems.length ? `\n${problems.length} checks failed:\n${problems.map((p) => `  - ${p}`).join('\n')}` : '\nevery check held');
    process.exit(problems.length ? 1 : 0);
  })
  .catch(async (err) => {
    console.error(err);
    await cleanUp();
    process.exit(1);
  });

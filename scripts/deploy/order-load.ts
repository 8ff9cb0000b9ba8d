import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '../../src/server/platform/db/database';
import { readOutbox } from '../../src/server/platform/mail/mail-folder';
import { checkConfirmationMails, waitForOutbox } from '../faults/mail-check';
import type { Answer, Client, Nginx } from './front';
import type { Instance } from './instances';

/**
 * Checks 5 and 6 of the deploy check: buyers ordering through nginx, then one instance killed
 * while they do. A buyer's browser does what the web app does: it sends a checkout again, with the
 * same Idempotency-Key, when the answer was a 502/503/504 or never came, so a checkout that did
 * commit is answered with its order and one that did not is placed.
 */

export interface LoadSetUp {
  database: Database;
  dataDir: string;
  nginx: Nginx;
  instances: Instance[];
  buyers: { email: string }[];
  clients: Client[];
  items: string[];
  orders: number;
  loadSeconds: number;
  password: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const RETRYABLE = new Set([502, 503, 504]);

interface Tally {
  acknowledged: number[];
  /** Checkouts and adds sent again after a 5xx or a cut connection. */
  resent: number;
  /** Orders the buyer never got an answer for, after every retry. */
  unanswered: number;
  gets: number;
  getsFailed: number;
}

/** Sends until an answer that is not a gateway error (5 tries); null when none came. */
async function withRetries(tally: Tally, send: () => Promise<Answer>): Promise<Answer | null> {
  for (let attempt = 0; attempt < 5; attempt++) {
    if (attempt) {
      tally.resent++;
      await sleep(300);
    }
    try {
      const res = await send();
      if (!RETRYABLE.has(res.status)) return res;
    } catch {
      /* the connection was cut: send again */
    }
  }
  return null;
}

async function placeOrder(c: Client, token: string, item: string, tally: Tally): Promise<void> {
  const headers = { 'user-token': token };
  const added = await withRetries(tally, () => c.call('POST', `/beapi/Shop/AddItem?InvNum=${item}&qty=1`, { headers }));
  const key = randomBytes(8).toString('hex');
  const res = added && (await withRetries(tally, () => c.call('POST', '/beapi/Shop/Checkout', { headers: { ...headers, 'idempotency-key': key }, json: { shipToCode: '', shippingOption: 'ground' } })));
  const orderNum = res?.status === 201 ? (JSON.parse(res.body) as { orderNum?: number }).orderNum : undefined;
  if (orderNum) tally.acknowledged.push(orderNum);
  else tally.unanswered++;
  // A buyer also browses: a GET nginx may pass to the other instance when one fails.
  tally.gets++;
  const detail = await c.call('GET', `/beapi/Inventory/GetItemDetail?itemNum=${item}`).catch(() => null);
  if (detail?.status !== 200) tally.getsFailed++;
}

/** The distinct outbox claimers seen holding rows until `stop.now`: one per dispatcher at work. */
async function sampleClaimers(database: Database, stop: { now: boolean }, seen: Set<string>): Promise<void> {
  while (!stop.now) {
    const rows = await database.db.selectFrom('outbox').select('locked_by').distinct().where('status', '=', 'pending').where('locked_by', 'is not', null).execute();
    for (const r of rows) seen.add(r.locked_by!);
    await sleep(20);
  }
}

function servedBy(setUp: LoadSetUp, from: number): string {
  const lines = setUp.nginx.accessLog().slice(from).filter((l) => l.path.startsWith('/beapi/'));
  const byInstance = setUp.instances.map((i) => `${i.name} ${lines.filter((l) => l.upstreams.at(-1) === `127.0.0.1:${i.port}`).length}`);
  const passedOn = lines.filter((l) => l.upstreams.length > 1).length;
  return `${lines.length} requests: ${byInstance.join(', ')}; ${passedOn} passed on to the other instance by nginx`;
}

export async function orderLoad(setUp: LoadSetUp): Promise<string[]> {
  const { database, clients, buyers, items } = setUp;
  const problems: string[] = [];
  const tokens: string[] = [];
  for (const [i, b] of buyers.entries()) {
    const res = await clients[i]!.call('POST', '/beapi/System/Login', { json: { username: b.email, password: setUp.password } });
    tokens.push(String(res.headers['user-token'] ?? ''));
    if (res.status !== 200) throw new Error(`sign-in of ${b.email} through nginx answered ${res.status}`);
  }
  const pick = () => items[Math.floor(Math.random() * items.length)]!;

  // 5. Orders through nginx, both instances and both dispatchers at work.
  let logFrom = setUp.nginx.accessLog().length;
  const steady: Tally = { acknowledged: [], resent: 0, unanswered: 0, gets: 0, getsFailed: 0 };
  const stop = { now: false };
  const claimers = new Set<string>();
  const sampling = sampleClaimers(database, stop, claimers);
  let next = 0;
  const started = performance.now();
  await Promise.all(
    clients.map(async (c, i) => {
      while (next < setUp.orders) {
        next++;
        await placeOrder(c, tokens[i]!, pick(), steady);
      }
    }),
  );
  const placing = (performance.now() - started) / 1000;
  const pending = await waitForOutbox(database, 120_000);
  stop.now = true;
  await sampling;
  const mails = await checkConfirmationMails(database, setUp.dataDir);
  const files = readOutbox(setUp.dataDir);
  const distinct = new Set(files.map((m) => m.messageId)).size;
  const rows = await database.db.selectFrom('outbox').select(['status', sql<number>`count(*)`.as('n')]).groupBy('status').execute();
  const byStatus = Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
  console.log(`5. orders through nginx: ${steady.acknowledged.length} acknowledged in ${placing.toFixed(1)} s; ${servedBy(setUp, logFrom)}`);
  console.log(
    `   outbox: ${byStatus.done ?? 0} messages sent, ${byStatus.pending ?? 0} pending, ${byStatus.failed ?? 0} failed; ${files.length} mail files, ${distinct} distinct Message-IDs (${files.length - distinct} sent twice); order confirmations ${mails.delivered}/${mails.orders}, ${mails.duplicates} duplicates; dispatchers seen claiming: ${claimers.size}`,
  );
  if (steady.unanswered || steady.getsFailed) problems.push(`orders: ${steady.unanswered} checkouts unanswered, ${steady.getsFailed} GETs failed with both instances up`);
  if (pending || byStatus.failed) problems.push(`outbox: ${pending} pending after 120 s, ${byStatus.failed ?? 0} failed`);
  if (files.length !== distinct || mails.duplicates || mails.lost) problems.push(`outbox: ${files.length - distinct} mails sent twice, ${mails.lost} confirmations missing`);
  if (claimers.size < 2) problems.push(`outbox: only ${claimers.size} dispatcher seen at work`);
  problems.push(...mails.problems.map((p) => `outbox: ${p}`));

  // 6. One instance killed mid-load.
  logFrom = setUp.nginx.accessLog().length;
  const crash: Tally = { acknowledged: [], resent: 0, unanswered: 0, gets: 0, getsFailed: 0 };
  const victim = setUp.instances[1]!;
  const until = Date.now() + setUp.loadSeconds * 1000;
  const killAt = setUp.loadSeconds * 333;
  let killedAfter = 0;
  const killer = sleep(killAt).then(async () => {
    killedAfter = crash.acknowledged.length;
    await victim.kill('SIGKILL');
  });
  await Promise.all(
    clients.map(async (c, i) => {
      while (Date.now() < until) await placeOrder(c, tokens[i]!, pick(), crash);
    }),
  );
  await killer;
  const found = await database.db.selectFrom('orders').select('order_num').where('order_num', 'in', crash.acknowledged.length ? crash.acknowledged : [-1]).execute();
  const lost = crash.acknowledged.length - found.length;
  const total = Number((await database.db.selectFrom('orders').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
  const unacknowledged = total - steady.acknowledged.length - crash.acknowledged.length;
  const afterCrash = await waitForOutbox(database, 60_000);
  const crashMails = await checkConfirmationMails(database, setUp.dataDir);
  console.log(
    `6. instance ${victim.name} killed (SIGKILL) ${(killAt / 1000).toFixed(1)} s into ${setUp.loadSeconds} s of load (${killedAfter} orders acknowledged by then): ${crash.acknowledged.length} orders acknowledged, orders lost: ${lost}; ${unacknowledged} orders in the database never acknowledged; ${crash.resent} requests sent again by buyers (same Idempotency-Key), ${crash.unanswered} orders unanswered; GETs failed: ${crash.getsFailed} of ${crash.gets}`,
  );
  console.log(`   ${servedBy(setUp, logFrom)}; outbox afterwards: ${afterCrash} pending, confirmations ${crashMails.delivered}/${crashMails.orders} (${crashMails.duplicates} sent twice: at least once when a sender dies)`);
  if (lost) problems.push(`crash: ${lost} acknowledged orders are not in the database`);
  if (unacknowledged) problems.push(`crash: ${unacknowledged} orders committed that no buyer was told of`);
  if (crash.unanswered) problems.push(`crash: ${crash.unanswered} orders got no answer even after retries`);
  if (crash.getsFailed) problems.push(`crash: ${crash.getsFailed} GETs failed although nginx could pass them to the other instance`);
  if (afterCrash || crashMails.lost) problems.push(`crash: ${afterCrash} outbox rows pending, ${crashMails.lost} confirmations missing`);
  return problems;
}

import { randomBytes } from 'node:crypto';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logLines } from '../test-support/log-lines';
import { freePort } from '../test-support/server-process';
import { createTestApp, type TestApp } from '../test-support/test-app';

/**
 * The per-route rate limits shared through Redis (REDIS_URL, DESIGN.md §2, decision 0040): two
 * app instances on the real Redis at 127.0.0.1:6379 count together, and a Redis that cannot be
 * reached, at start or later, never stops a request (fail open) and is logged once each way.
 * Each run's keys have their own prefix and are deleted after.
 */

const REDIS = 'redis://127.0.0.1:6379';
const RUN = `shop-rl-test:${process.pid}.${randomBytes(4).toString('hex')}:`;
/** /beapi/Customer/ValidateNewEmail: 30 a minute per client. */
const LIMIT = 30;
const FAST = { connectMs: 300, commandMs: 300, startMs: 1000, retryMaxMs: 200 };

const redis = new Redis(REDIS, { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => null });
const started: TestApp[] = [];

beforeAll(async () => {
  await redis.connect().catch((err: Error) => {
    throw new Error(`these tests need Redis at ${REDIS} (.ci/run starts it): ${err.message}`);
  });
});

afterAll(async () => {
  for (const app of started.reverse()) await app.close();
  if (redis.status !== 'ready') return;
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${RUN}*`, 'COUNT', 1000);
    if (keys.length) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
  await redis.quit();
});

async function shop(env: Record<string, string>, logger?: ReturnType<typeof logLines>['logger']): Promise<TestApp> {
  const t = await createTestApp(undefined, { logger, redisTimeouts: FAST }, env);
  started.push(t);
  return t;
}

async function listening(t: TestApp): Promise<string> {
  return t.app.listen({ port: 0, host: '127.0.0.1' });
}

/** One call of the limited route over HTTP (from 127.0.0.1, so always the same client). */
const check = async (base: string) => (await fetch(`${base}/beapi/Customer/ValidateNewEmail?email=free.${randomBytes(4).toString('hex')}@shop.test`)).status;

const said = (lines: string[], words: string) => lines.map((l) => JSON.parse(l) as { msg?: string }).filter((l) => l.msg?.includes(words));

async function until(what: () => boolean, ms = 10_000): Promise<void> {
  for (const end = Date.now() + ms; !what(); ) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('two instances on one Redis', () => {
  it('answer the limit across both together and refuse the rest with 429', async () => {
    const prefix = `${RUN}shared:`;
    const a = await shop({ REDIS_URL: REDIS, REDIS_KEY_PREFIX: prefix });
    const b = await a.startPeer();
    started.push(b);
    const bases = [await listening(a), await listening(b)];
    const answers: { instance: number; status: number }[] = [];
    for (let i = 0; i < LIMIT + 10; i++) answers.push({ instance: i % 2, status: await check(bases[i % 2]!) });

    expect(answers.filter((x) => x.status === 200)).toHaveLength(LIMIT);
    expect(answers.slice(0, LIMIT).every((x) => x.status === 200)).toBe(true);
    expect(answers.slice(LIMIT).every((x) => x.status === 429)).toBe(true);
    // Each instance answered half and refused half: alone, each would have allowed 30.
    for (const instance of [0, 1]) {
      expect(answers.filter((x) => x.instance === instance && x.status === 200)).toHaveLength(LIMIT / 2);
      expect(answers.filter((x) => x.instance === instance && x.status === 429)).toHaveLength(5);
    }
    // One count in Redis, under the prefix, with a minute's expiry.
    const keys = await redis.keys(`${prefix}*`);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toContain('/beapi/Customer/ValidateNewEmail');
    expect(Number(await redis.get(keys[0]!))).toBe(LIMIT + 10);
    expect(await redis.pttl(keys[0]!)).toBeGreaterThan(50_000);
  });
});

describe('a Redis that cannot be reached', () => {
  it('at start: every request is answered, and it is logged once', async () => {
    const log = logLines('info');
    // Port 1 on this machine: nothing listens there (only root could).
    const t = await shop({ REDIS_URL: 'redis://127.0.0.1:1', REDIS_KEY_PREFIX: `${RUN}closed:` }, log.logger);
    const base = await listening(t);
    const began = performance.now();
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 10; i++) statuses.push(await check(base));
    expect(statuses.every((s) => s === 200)).toBe(true);
    // Never held up by the dead Redis (a command waiting for it would take the connect timeout).
    expect((performance.now() - began) / statuses.length).toBeLessThan(250);
    expect(said(log.lines, 'unreachable')).toHaveLength(1);
    expect(said(log.lines, 'unreachable')[0]).toMatchObject({ level: 40, redis: '127.0.0.1:1' });
  });

  it('later: requests keep being answered, logged once when it goes and once when it comes back, then counted again', async () => {
    const relay = await redisRelay();
    try {
      const prefix = `${RUN}relay:`;
      const log = logLines('info');
      const t = await shop({ REDIS_URL: `redis://127.0.0.1:${relay.port}`, REDIS_KEY_PREFIX: prefix }, log.logger);
      const base = await listening(t);
      expect(said(log.lines, 'shared through Redis')).toHaveLength(1);
      for (let i = 0; i < 5; i++) expect(await check(base)).toBe(200);

      await relay.cut();
      const statuses: number[] = [];
      for (let i = 0; i < LIMIT + 10; i++) statuses.push(await check(base));
      expect(statuses.every((s) => s === 200)).toBe(true);
      await until(() => said(log.lines, 'unreachable').length > 0);
      // Reconnection attempts go on failing while it is away: still one line.
      await new Promise((r) => setTimeout(r, 1000));
      expect(said(log.lines, 'unreachable')).toHaveLength(1);
      expect(said(log.lines, 'is back')).toHaveLength(0);

      await relay.restore();
      await until(() => said(log.lines, 'is back').length > 0);
      // The 5 counted before the cut still count: 25 more, then 429.
      const after: number[] = [];
      for (let i = 0; i < LIMIT - 5 + 1; i++) after.push(await check(base));
      expect(after.slice(0, LIMIT - 5).every((s) => s === 200)).toBe(true);
      expect(after.at(-1)).toBe(429);
      expect(said(log.lines, 'unreachable')).toHaveLength(1);
      expect(said(log.lines, 'is back')).toHaveLength(1);
    } finally {
      await relay.cut();
    }
  });
});

/** A TCP relay to the real Redis on a port of its own, which can be cut (every connection dropped, nothing listening) and restored. */
async function redisRelay(): Promise<{ port: number; cut(): Promise<void>; restore(): Promise<void> }> {
  const port = await freePort();
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  const track = (s: Socket) => {
    sockets.add(s);
    s.on('error', () => s.destroy());
    s.on('close', () => sockets.delete(s));
  };
  const restore = () =>
    new Promise<void>((resolve, reject) => {
      server = createServer((client) => {
        const upstream = connect(6379, '127.0.0.1');
        track(client);
        track(upstream);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
        client.pipe(upstream).pipe(client);
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
  const cut = async () => {
    const s = server;
    server = null;
    const closed = s ? new Promise<void>((resolve) => s.close(() => resolve())) : Promise.resolve();
    for (const socket of sockets) socket.destroy();
    await closed;
  };
  await restore();
  return { port, cut, restore };
}

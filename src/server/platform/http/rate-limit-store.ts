import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/**
 * The per-route rate limits' shared store (REDIS_URL, decision 0040): an ioredis client that
 * @fastify/rate-limit counts in (its own RedisStore and Lua script), so every instance on the same
 * Redis sees the same counts. It never holds a request up: no offline queue (a command while the
 * connection is down fails at once), a short connect and command timeout, and the plugin's
 * `skipOnError` lets the request through (fail open). The sign-in throttles do not live here:
 * they are rows in the database.
 */

/** Timeouts: tests shorten them. */
export const REDIS_TIMEOUTS = {
  /** A connection attempt that has not connected by then is given up (and retried). */
  connectMs: 1000,
  /** A count that has not been answered by then lets its request through. */
  commandMs: 500,
  /** How long start-up waits for the first connection before it serves without shared limits. */
  startMs: 3000,
  /** Reconnection attempts back off up to this. */
  retryMaxMs: 2000,
};

export interface SharedRateLimitStore {
  /** For the plugin's `redis` option. */
  client: Redis;
  /** Connects; resolves when Redis is ready, or (logged once) when it is not reachable within `startMs`. */
  start(): Promise<void>;
  /** Quits the client (closing the app). */
  close(): Promise<void>;
}

/** Where Redis is, without user or password, for log lines. */
function redisPlace(url: string): string {
  const u = new URL(url);
  return `${u.hostname}:${u.port || 6379}`;
}

/**
 * A client for the rate-limit plugin, not connected until `start`. Whether Redis can be reached
 * is logged when that changes, not per request: once when it cannot be (at start or later), once
 * when it can again.
 */
export function sharedRateLimitStore(url: string, log: FastifyBaseLogger, timeouts: Partial<typeof REDIS_TIMEOUTS> = {}): SharedRateLimitStore {
  const t = { ...REDIS_TIMEOUTS, ...timeouts };
  const place = redisPlace(url);
  const client = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    connectTimeout: t.connectMs,
    commandTimeout: t.commandMs,
    // A count cut off by a dropped connection fails (its request goes through) instead of waiting to be sent again.
    maxRetriesPerRequest: 0,
    autoResendUnfulfilledCommands: false,
    retryStrategy: (attempt) => Math.min(attempt * 200, t.retryMaxMs),
  });
  let state: 'new' | 'up' | 'down' = 'new';
  let closing = false;

  const down = (reason: string) => {
    if (closing || state === 'down') return;
    state = 'down';
    log.warn({ redis: place, reason }, `Redis at ${place} unreachable (${reason}): per-route rate limits are not counted while it is away (fail open); sign-in throttles are unaffected`);
  };
  client.on('ready', () => {
    if (closing || state === 'up') return;
    if (state === 'down') log.warn({ redis: place }, `Redis at ${place} is back: per-route rate limits are shared again`);
    else log.info({ redis: place }, `per-route rate limits shared through Redis at ${place}`);
    state = 'up';
  });
  // Every failed attempt emits 'error' (and 'close'): only a change of state is logged.
  client.on('error', (err: Error) => down(err.message));
  client.on('close', () => {
    if (state === 'up') down('connection closed');
  });

  return {
    client,
    start: async () => {
      let timer: NodeJS.Timeout | undefined;
      const ready = new Promise<void>((resolve) => client.once('ready', resolve));
      const late = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, t.startMs);
      });
      client.connect().catch(() => {
        /* logged by the 'error' handler; ioredis keeps trying */
      });
      await Promise.race([ready, late]);
      clearTimeout(timer);
      if (state !== 'up') down(`not ready within ${t.startMs} ms of start`);
    },
    close: async () => {
      closing = true;
      if (client.status === 'ready') await client.quit().catch(() => client.disconnect());
      else client.disconnect();
    },
  };
}

import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { exited, waitUntilUp } from '../../src/server/test-support/server-process';

/**
 * The deploy check's back: a database of its own on the local PostgreSQL, Redis's answer, and the
 * shop's instances as `npm run serve` runs them (src/server/main.ts), on 127.0.0.1 only.
 */

/** Refuses any address but this machine's: the check talks to nothing else. */
export function assertLocal(url: string, what: string): void {
  const host = new URL(url).hostname;
  if (host !== '127.0.0.1' && host !== 'localhost') throw new Error(`${what} must be on 127.0.0.1 (got ${host})`);
}

/** A new database beside the one `adminUrl` names; answers its URL and how to drop it. */
export async function createDatabase(adminUrl: string, name: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        await c.query(`drop database if exists ${name} with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}

/** Redis's answer to PING (a plain RESP exchange, before any instance starts). */
export function redisPing(url: string): Promise<string> {
  const u = new URL(url);
  return new Promise((done, fail) => {
    const s = connect(Number(u.port || 6379), u.hostname);
    let said = '';
    s.setTimeout(3000, () => s.destroy(new Error(`Redis at ${u.host} did not answer in 3 s`)));
    s.once('connect', () => s.write('PING\r\n'));
    s.on('data', (c: Buffer) => {
      said += c.toString();
      if (said.includes('\r\n')) {
        s.end();
        done(said.trim());
      }
    });
    s.once('error', fail);
  });
}

/** Deletes the keys under `prefix` (this run's rate-limit counts); answers how many there were. */
export async function dropRedisKeys(url: string, prefix: string): Promise<number> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 3000 });
  await redis.connect();
  let dropped = 0;
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      if (keys.length) dropped += await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    await redis.quit();
  }
  return dropped;
}

export interface Instance {
  name: string;
  port: number;
  /** `http://127.0.0.1:PORT` */
  url: string;
  child: ChildProcess;
  /** The last lines it wrote (stdout and stderr), for a failure's report. */
  tail(): string;
  kill(signal: NodeJS.Signals): Promise<void>;
}

/** One instance on `port` with `env` (the unit's environment file, as docs/deploy/shop.env.example). */
export async function startInstance(name: string, port: number, env: Record<string, string>, logDir: string): Promise<Instance> {
  const logFile = join(logDir, `${name}.log`);
  const log = createWriteStream(logFile);
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const url = `http://127.0.0.1:${port}`;
  const instance: Instance = {
    name,
    port,
    url,
    child,
    tail: () => readFileSync(logFile, 'utf8').split('\n').slice(-15).join('\n'),
    kill: async (signal) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill(signal);
      await exited(child);
    },
  };
  try {
    await waitUntilUp(child, `${url}/beapi`);
  } catch (err) {
    await instance.kill('SIGKILL');
    throw new Error(`instance ${name} did not start: ${(err as Error).message}\n${instance.tail()}`, { cause: err });
  }
  return instance;
}

import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '../config';

describe('REDIS_URL', () => {
  it('is optional, and the keys start with shop-rl: unless told otherwise', () => {
    expect(readConfig({}).REDIS_URL).toBeUndefined();
    expect(readConfig({}).REDIS_KEY_PREFIX).toBe('shop-rl:');
    expect(readConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }).REDIS_URL).toBe('redis://127.0.0.1:6379');
    expect(readConfig({ REDIS_URL: 'rediss://:secret@redis.internal:6380/2', REDIS_KEY_PREFIX: 'shop-b:rl:' })).toMatchObject({ REDIS_KEY_PREFIX: 'shop-b:rl:' });
  });

  it('refuses what is not a redis:// or rediss:// URL, naming the variable', () => {
    for (const bad of ['127.0.0.1:6379', 'http://127.0.0.1:6379', 'redis//127.0.0.1', 'redis://', 'redis://[::1']) {
      expect(() => readConfig({ REDIS_URL: bad }), bad).toThrow(ConfigError);
      expect(() => readConfig({ REDIS_URL: bad }), bad).toThrow('REDIS_URL: must be a redis:// or rediss:// URL');
    }
    expect(() => readConfig({ REDIS_KEY_PREFIX: 'shop rl' })).toThrow('REDIS_KEY_PREFIX: must be');
  });

  it('stops the server at start with that message', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: { ...process.env, REDIS_URL: 'localhost:6379', DATABASE_URL: 'sqlite:/nonexistent/never-opened.db' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('REDIS_URL: must be a redis:// or rediss:// URL with a host, e.g. redis://127.0.0.1:6379');
    // tsx compiling main.ts takes a few seconds on a loaded machine.
  }, 40_000);
});

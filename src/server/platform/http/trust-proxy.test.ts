import { spawnSync } from 'node:child_process';
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '../config';
import { clientAddress, trustedProxies } from './trust-proxy';

const request = (peer: string, forwardedFor?: string) =>
  ({ socket: { remoteAddress: peer }, headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor } }) as unknown as IncomingMessage;

describe('TRUST_PROXY', () => {
  it('reads addresses and CIDRs, with spaces, and none by default', () => {
    expect(readConfig({}).TRUST_PROXY).toEqual([]);
    expect(readConfig({ TRUST_PROXY: ' 127.0.0.1, 10.0.0.0/8 ,::1,fd00::/8' }).TRUST_PROXY).toEqual(['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8']);
  });

  it('refuses anything else, naming the variable and the entry', () => {
    for (const bad of ['nginx', '10.0.0.0/33', '::1/129', '10.0.0', '127.0.0.1/8/1', 'true', '*']) {
      expect(() => readConfig({ TRUST_PROXY: `127.0.0.1,${bad}` }), bad).toThrow(ConfigError);
      expect(() => readConfig({ TRUST_PROXY: bad }), bad).toThrow(`TRUST_PROXY: not an address or CIDR: ${JSON.stringify(bad)}`);
    }
  });

  it('stops the server at start with that message', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: { ...process.env, TRUST_PROXY: '10.0.0.0/33', DATABASE_URL: 'sqlite:/nonexistent/never-opened.db' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('TRUST_PROXY: not an address or CIDR: "10.0.0.0/33"');
    // tsx compiling main.ts takes a few seconds on a loaded machine.
  }, 40_000);
});

describe('the client address behind trusted proxies', () => {
  const trust = trustedProxies(['127.0.0.1', '10.8.0.0/16', 'fd00::/8']);

  it('trusts the listed addresses and ranges, IPv4-mapped ones too, and nothing that is not an address', () => {
    for (const a of ['127.0.0.1', '::ffff:127.0.0.1', '10.8.255.1', 'fd12::5']) expect(trust(a, 0), a).toBe(true);
    for (const a of ['127.0.0.2', '10.9.0.1', '::1', 'fe80::1', 'unknown', '']) expect(trust(a, 0), a).toBe(false);
  });

  it('is the first untrusted hop from the connection back, as request.ip is', () => {
    expect(clientAddress(request('127.0.0.1', '203.0.113.7'), trust)).toBe('203.0.113.7');
    expect(clientAddress(request('127.0.0.1', '198.51.100.1, 203.0.113.7'), trust)).toBe('203.0.113.7');
    expect(clientAddress(request('127.0.0.1', '203.0.113.7, 10.8.0.9'), trust)).toBe('203.0.113.7');
    expect(clientAddress(request('127.0.0.1', '10.8.0.9'), trust)).toBe('10.8.0.9');
    expect(clientAddress(request('127.0.0.1'), trust)).toBe('127.0.0.1');
    expect(clientAddress(request('192.0.2.30', '203.0.113.7'), trust)).toBe('192.0.2.30');
    expect(clientAddress(request('127.0.0.1', '203.0.113.7'), null)).toBe('127.0.0.1');
  });
});

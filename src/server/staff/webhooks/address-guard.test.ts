import { describe, expect, it } from 'vitest';
import { guardedLookup, isRefusedAddress, RefusedAddress } from './address-guard';

describe('webhook address guard', () => {
  it('refuses loopback, private, link-local, unique-local and their IPv6 disguises', () => {
    for (const a of ['127.0.0.1', '127.5.5.5', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0',
      '224.0.0.1', '255.255.255.255', '::', '::1', '[::1]', 'fe80::1', 'fe80::1%eth0', 'fd12:3456::1', 'fc00::1', 'ff02::1',
      '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.0.0.1', '64:ff9b::a9fe:a9fe', '2002:7f00:1::1', '2002:c0a8:101::', 'not-an-ip']) {
      expect(isRefusedAddress(a), a).toBe(true);
    }
  });

  it('lets public addresses through', () => {
    for (const a of ['93.184.216.34', '8.8.8.8', '172.32.0.1', '11.0.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8', '2002:808:808::1']) {
      expect(isRefusedAddress(a), a).toBe(false);
    }
  });
});

describe('the lookup deliveries connect through', () => {
  const resolve = (allowPrivate: boolean, host: string, all: boolean) =>
    new Promise<{ err: Error | null; result: unknown }>((done) => guardedLookup(allowPrivate)(host, { all }, (err, result) => done({ err, result })));

  it('refuses a name whose addresses include a refused one, and hands over the checked addresses otherwise', async () => {
    for (const all of [false, true]) {
      const refused = await resolve(false, 'localhost', all);
      expect(refused.err).toBeInstanceOf(RefusedAddress);
      const allowed = await resolve(true, 'localhost', all);
      expect(allowed.err).toBeNull();
      expect(JSON.stringify(allowed.result)).toContain('127.0.0.1');
    }
  });
});

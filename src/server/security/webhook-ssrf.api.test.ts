import { describe, expect, it } from 'vitest';
import { WEBHOOK_MESSAGES } from '../../contract/admin/webhooks';
import { adminCall } from '../test-support/admin';
import { withShop } from '../test-support/shop';

/**
 * Issue 27, point 11: the webhook SSRF guard let two IPv6 ranges through that reach into a
 * network: the local-use NAT64 prefix 64:ff9b:1::/48 (RFC 8215: a site's own translator, so any
 * IPv4 address behind it, private ones included) and Teredo 2001::/32 (RFC 4380: a tunnel whose
 * relay the shop does not control). Both are refused on save, as a private address is.
 */

const { t, staff: { owner } } = withShop({ staff: { owner: 'demo owner' } });

describe('webhook URLs in special-purpose IPv6 ranges', () => {
  it('refuses local-use NAT64 and Teredo addresses, and changes nothing', async () => {
    for (const url of [
      'http://[64:ff9b:1::a9fe:a9fe]/latest/meta-data',
      'http://[64:ff9b:1:0:0:0:a00:1]/hooks',
      'http://[64:ff9b:1:ffff::1]/hooks',
      'http://[2001::1]/hooks',
      'http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/hooks',
      'http://[2001:0:ffff:ffff:ffff:ffff:ffff:ffff]/hooks',
    ]) {
      const res = await adminCall(t, owner, { method: 'POST', url: '/Webhooks', payload: { url, events: ['order.placed'] } });
      expect(res.status, url).toBe(400);
      expect(res.body.detail, url).toBe(WEBHOOK_MESSAGES.privateAddress);
    }
    expect((await adminCall(t, owner, { method: 'GET', url: '/Webhooks' })).body).toEqual([]);
  });

  it('still takes public IPv6 addresses next to those ranges', async () => {
    for (const url of ['http://[2001:4860:4860::8888]/hooks', 'http://[2606:4700:4700::1111]/hooks', 'http://[64:ff9b::808:808]/hooks']) {
      const res = await adminCall(t, owner, { method: 'POST', url: '/Webhooks', payload: { url, events: ['order.placed'] } });
      expect(res.status, url).toBe(201);
    }
  });
});

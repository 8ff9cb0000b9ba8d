import { describe, expect, it } from 'vitest';
import { logLines } from '../../test-support/log-lines';
import { withShop } from '../../test-support/shop';

const log = logLines('info');
const { t } = withShop({ catalogue: true, options: { logger: log.logger } });

describe('HTTP layer', () => {
  it('never logs passwords, tokens or the query string of a login', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/beapi/System/Login?username=buyer%40example.com&password=Sup3rSecretPw',
      headers: { 'user-token': 'tok-abc-123', authorization: 'Bearer tok-def-456', 'x-user-token': 'tok-ghi-789' },
    });
    const logs = log.lines.join('\n');
    expect(logs).toContain('/beapi/System/Login');
    for (const secret of ['Sup3rSecretPw', 'buyer%40example.com', 'tok-abc-123', 'tok-def-456', 'tok-ghi-789']) {
      expect(logs).not.toContain(secret);
    }
  });

  it('sends security headers on API answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/beapi/Categories/GetMainCategories' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['content-security-policy']).not.toContain("script-src 'self' 'unsafe-inline'");
    expect(res.headers['referrer-policy']).toBeDefined();
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('compresses large answers for clients that accept it', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/beapi/Inventory/GetPagedItemsForCategory?categoryNum=1',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('answers a malformed JSON body with a 400 problem and an oversized one with 413', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/beapi/System/Login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toContain('application/problem+json');
    const huge = await t.app.inject({
      method: 'POST',
      url: '/beapi/System/Login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'a@b.c', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ status: 413 });
  });
});

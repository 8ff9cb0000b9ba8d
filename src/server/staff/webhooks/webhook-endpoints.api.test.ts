import { describe, expect, it } from 'vitest';
import { WEBHOOK_MESSAGES } from '../../../contract/admin/webhooks';
import { adminCall, staffWith, type StaffSessionForTest } from '../../test-support/admin';
import { withShop } from '../../test-support/shop';

/** Webhook endpoints through /beapi/Admin/Webhooks, without WEBHOOK_ALLOW_PRIVATE (the production default). */

const { t, staff: { owner } } = withShop({ staff: { owner: 'demo owner' } });

const call = (s: StaffSessionForTest, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  adminCall(t, s, { method, url, ...(payload ? { payload } : {}) });
const auditOf = (id: number) => t.ctx.database.db.selectFrom('audit_log').select(['action', 'summary']).where('target', '=', `webhook:${id}`).orderBy('id').execute();

describe('webhook endpoints', () => {
  it('creates one with a whsec_ secret shown only in the answer; lists, changes and deletes it, each change audited', async () => {
    const created = await call(owner, 'POST', '/Webhooks', { url: 'https://93.184.216.34/hooks', events: ['order.shipped', 'order.placed', 'order.placed'] });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.any(Number), url: 'https://93.184.216.34/hooks', events: ['order.placed', 'order.shipped'], secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/) });
    const { id, secret } = created.body;

    const list = await call(owner, 'GET', '/Webhooks');
    expect(list.status).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    expect(list.body).toEqual([{ id, url: 'https://93.184.216.34/hooks', events: ['order.placed', 'order.shipped'], active: true, createdAt: expect.any(String), failingSince: null, disabledReason: null, lastDelivery: null }]);
    expect(JSON.stringify(list.body)).not.toContain(secret.slice(6));

    const changed = await call(owner, 'PATCH', `/Webhooks/${id}`, { events: ['stock.changed'], active: false });
    expect(changed.body).toMatchObject({ id, events: ['stock.changed'], active: false });
    expect(JSON.stringify(changed.body)).not.toContain(secret.slice(6));
    expect((await call(owner, 'PATCH', `/Webhooks/${id}`, {})).status).toBe(400);
    expect((await call(owner, 'PATCH', '/Webhooks/999999', { active: true })).status).toBe(404);

    expect((await call(owner, 'GET', `/Webhooks/${id}/Deliveries`)).body).toEqual({ items: [], nextCursor: null });
    expect((await call(owner, 'DELETE', `/Webhooks/${id}`)).status).toBe(204);
    expect((await call(owner, 'DELETE', `/Webhooks/${id}`)).status).toBe(404);
    expect((await call(owner, 'GET', `/Webhooks/${id}/Deliveries`)).status).toBe(404);

    const audit = await auditOf(id);
    expect(audit.map((a) => a.action)).toEqual(['webhook.create', 'webhook.update', 'webhook.delete']);
    expect(audit.map((a) => a.summary).join()).not.toContain(secret.slice(6));
  });

  it('refuses URLs that are not http(s), unknown events and no events', async () => {
    for (const body of [
      { url: 'ftp://93.184.216.34/x', events: ['order.placed'] },
      { url: 'javascript:alert(1)', events: ['order.placed'] },
      { url: '', events: ['order.placed'] },
      { url: 'https://93.184.216.34/x', events: [] },
      { url: 'https://93.184.216.34/x', events: ['order.exploded'] },
    ]) {
      expect((await call(owner, 'POST', '/Webhooks', body)).status, JSON.stringify(body)).toBe(400);
    }
  });

  it('refuses loopback, private, link-local and unique-local addresses, and a name that resolves to loopback (SSRF)', async () => {
    for (const url of [
      'http://127.0.0.1:4000/hooks',
      'http://2130706433/hooks',
      'http://10.1.2.3/hooks',
      'http://192.168.0.10/hooks',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/hooks',
      'http://[fd00::1]/hooks',
      'http://[::ffff:127.0.0.1]/hooks',
      'http://localhost:4000/hooks',
      'http://shop.localhost/hooks',
    ]) {
      const res = await call(owner, 'POST', '/Webhooks', { url, events: ['order.placed'] });
      expect(res.status, url).toBe(400);
      expect(res.body.detail, url).toBe(WEBHOOK_MESSAGES.privateAddress);
    }
    const { id } = (await call(owner, 'POST', '/Webhooks', { url: 'https://93.184.216.34/ok', events: ['order.placed'] })).body;
    expect((await call(owner, 'PATCH', `/Webhooks/${id}`, { url: 'http://127.0.0.1/x' })).status).toBe(400);
    expect((await call(owner, 'GET', '/Webhooks')).body.map((e: { url: string }) => e.url)).toEqual(['https://93.184.216.34/ok']);
  });

  it('is for owners and managers only: other roles get 403', async () => {
    const manager = await staffWith(t, ['manager']);
    expect((await call(manager, 'GET', '/Webhooks')).status).toBe(200);
    for (const role of ['orders', 'warehouse', 'catalogue', 'accounts'] as const) {
      const s = await staffWith(t, [role]);
      expect((await call(s, 'GET', '/Webhooks')).status, role).toBe(403);
      expect((await call(s, 'POST', '/Webhooks', { url: 'https://93.184.216.34/x', events: ['order.placed'] })).status, role).toBe(403);
    }
  });
});

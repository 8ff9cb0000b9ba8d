import { sql } from 'kysely';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, ownerSession, type StaffSessionForTest } from '../../test-support/admin';
import { seedDemoCoupons } from '../../orders/testing';
import { importCatalogueCsv } from '../../catalogue/testing';
import { fixtureItems, loadFixtureCatalogue } from '../../catalogue/testing';
import { placeOrder, setStock } from '../../flows/lifecycle-test-helpers';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { insertDeliveries } from './queries';
import { type ReceivedWebhook, startReceiver, type TestReceiver } from './test-receiver';

/**
 * Webhook delivery to a real local receiver (WEBHOOK_ALLOW_PRIVATE=1): signed order events, retries
 * of a receiver that fails, times out or drops the connection, the delivery log and redelivery.
 */

const MAX_ATTEMPTS = 3;
let t: TestApp;
let owner: StaffSessionForTest;
let receiver: TestReceiver;
beforeAll(async () => {
  t = await createTestApp(
    async (ctx) => {
      await loadFixtureCatalogue(ctx.database.db);
      await seedDemoCoupons(ctx.database.db);
    },
    {},
    { WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_TIMEOUT_MS: '300', WEBHOOK_MAX_ATTEMPTS: String(MAX_ATTEMPTS), WEBHOOK_RETRY_BASE_MS: '0' },
  );
  owner = await ownerSession(t);
  await setStock(t, '11002', 500, 500);
});
afterAll(() => t?.close());
afterEach(async () => {
  await receiver?.close();
  // Endpoints of one test do not receive the next test's events.
  for (const e of (await get('/Webhooks')).body) await adminCall(t, owner, { method: 'DELETE', url: `/Webhooks/${e.id}` });
});

const get = (url: string) => adminCall(t, owner, { method: 'GET', url });
const post = (url: string, payload?: object) => adminCall(t, owner, { method: 'POST', url, ...(payload ? { payload } : {}) });

async function endpointFor(events: string[], mode: TestReceiver['mode'] = 'ok'): Promise<{ id: number; secret: string }> {
  receiver = await startReceiver(mode);
  const res = await post('/Webhooks', { url: receiver.url, events });
  expect(res.status).toBe(201);
  return res.body;
}

/** Delivers what is due until `done` holds (retries fall due after their backoff). */
async function deliverUntil(done: () => Promise<boolean> | boolean): Promise<void> {
  for (let i = 0; i < 200 && !(await done()); i++) {
    await t.ctx.outbox.drain();
    await new Promise((r) => setTimeout(r, 5));
  }
  expect(await done()).toBe(true);
}

const deliveries = async (id: number) => (await get(`/Webhooks/${id}/Deliveries`)).body.items as { id: number; webhookId: string; attempt: number; statusCode: number | null; error: string | null; responseSnippet: string; delivered: boolean; eventType: string; createdAt: string }[];

/**
 * What the receiver got, each message once: delivery is at least once, so a message whose answer
 * came after the 300 ms timeout is sent again with the same webhook-id, and a receiver drops the repeat.
 */
function receivedOnce(): ReceivedWebhook[] {
  const seen = new Set<string>();
  return receiver.received.filter((m) => {
    const id = String(m.headers['webhook-id']);
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

function verified(secret: string, message: ReceivedWebhook): { type: string; timestamp: string; data: any } {
  return new Webhook(secret).verify(message.body, message.headers as Record<string, string>) as { type: string; timestamp: string; data: any };
}

describe('webhook delivery', () => {
  it('a placed and a shipped order reach the receiver, signed so the standardwebhooks verifier accepts them, with the admin order as data', async () => {
    const { id, secret } = await endpointFor(['order.placed', 'order.shipped', 'invoice.created']);
    const { order } = await placeOrder(t, [['11002', 3]]);
    await deliverUntil(() => receivedOnce().length === 1);
    const placed = verified(secret, receiver.received[0]!);
    expect(placed).toMatchObject({ type: 'order.placed', timestamp: expect.any(String), data: { orderNum: order.orderNum, statusCode: 'received', customer: { id: expect.any(Number) } } });
    // Exactly what GET /Orders/{orderNum} answers.
    expect(placed.data).toEqual((await get(`/Orders/${order.orderNum}`)).body);
    expect(receiver.received[0]!.headers['webhook-id']).toMatch(/^msg_\d+$/);
    expect(receiver.received[0]!.headers['content-type']).toBe('application/json');
    // A wrong secret does not verify.
    expect(() => new Webhook(`whsec_${Buffer.from('x'.repeat(32)).toString('base64')}`).verify(receiver.received[0]!.body, receiver.received[0]!.headers as Record<string, string>)).toThrow();

    await post(`/Orders/${order.orderNum}/Accept`);
    expect((await post(`/Orders/${order.orderNum}/Ship`, { warehouse: 'west', carrier: 'ups', trackingNumber: '1Z1' })).status).toBe(201);
    await deliverUntil(() => receivedOnce().length === 3);
    const types = receivedOnce().map((m) => verified(secret, m).type).sort();
    expect(types).toEqual(['invoice.created', 'order.placed', 'order.shipped']);
    const shipped = receiver.received.map((m) => verified(secret, m)).find((m) => m.type === 'order.shipped')!;
    expect(shipped.data).toMatchObject({ orderNum: order.orderNum, statusCode: 'shipped', shipments: [expect.objectContaining({ trackingNumber: '1Z1' })] });
    expect(new Set(receiver.received.map((m) => m.headers['webhook-id'])).size).toBe(3);

    // Each message delivered, answered 204 (a retry may come first when an answer took longer than the timeout).
    const log = await deliveries(id);
    const delivered = log.filter((d) => d.delivered);
    expect(delivered.map((d) => d.webhookId).sort()).toEqual([...new Set(log.map((d) => d.webhookId))].sort());
    expect(delivered).toHaveLength(3);
    expect(delivered.every((d) => d.statusCode === 204 && d.error === null)).toBe(true);
  });

  it('accept, cancel, a stock adjustment, a sign-up and a CSV import each send their event', async () => {
    const { secret } = await endpointFor(['order.accepted', 'order.cancelled', 'stock.changed', 'customer.created', 'item.changed']);
    const { buyer, order } = await placeOrder(t, [['11002', 2]]);
    expect((await post(`/Orders/${order.orderNum}/Accept`)).status).toBe(200);
    expect((await post(`/Orders/${order.orderNum}/Cancel`, { reason: 'Customer asked' })).status).toBe(200);
    expect((await post('/Stock/Adjust', { invNum: '12001', warehouse: 'east', delta: 5, reason: 'received' })).status).toBe(200);
    const base = fixtureItems.find((i) => i.num === '40001')!;
    // A new price; the file's stock columns are read-only (no stock.changed from an import).
    const csv = ['num,category_num,web_title,price,srp,qty_west,qty_east,reserve_west,reserve_east', `40001,4,${base.webTitle},${base.priceCents / 100 + 1},${base.srpCents / 100},0,12,0,2`].join('\n');
    expect((await importCatalogueCsv(t.ctx.database.db, csv, { events: t.ctx.webhooks.events })).errors).toEqual([]);
    await deliverUntil(() => receivedOnce().length === 5);
    const events = receivedOnce().map((m) => verified(secret, m));
    const byType = (type: string) => events.filter((e) => e.type === type).map((e) => e.data);
    expect(byType('customer.created')).toEqual([expect.objectContaining({ email: buyer.email })]);
    expect(byType('order.accepted')).toEqual([expect.objectContaining({ orderNum: order.orderNum, statusCode: 'accepted' })]);
    expect(byType('order.cancelled')).toEqual([expect.objectContaining({ orderNum: order.orderNum, statusCode: 'cancelled' })]);
    // Messages are delivered side by side: their order of arrival is not fixed.
    expect(byType('stock.changed')).toEqual([expect.objectContaining({ invNum: '12001', east: expect.objectContaining({ available: expect.any(Number) }) })]);
    expect(byType('item.changed')).toEqual([expect.objectContaining({ invNum: '40001', created: false, price: base.priceCents / 100 + 1 })]);

    // The ERP's bulk count: stock.changed for the item whose units changed, none for a count that matches.
    receiver.received.length = 0;
    const counts = [
      { invNum: '40001', warehouse: 'west', onHand: 7 },
      { invNum: '40001', warehouse: 'east', onHand: 12 },
    ];
    expect((await adminCall(t, owner, { method: 'PUT', url: '/Stock', payload: counts })).body).toEqual({ updated: 2, errors: [] });
    await deliverUntil(() => receivedOnce().length >= 1);
    await t.ctx.outbox.drain();
    expect(receivedOnce().map((m) => verified(secret, m)).map((e) => [e.type, e.data.invNum, e.data.west])).toEqual([['stock.changed', '40001', { available: 7, onHand: 7 }]]);
  });

  it('sends an endpoint only the events it chose', async () => {
    await endpointFor(['order.cancelled']);
    await placeOrder(t, [['11002', 1]]);
    await t.ctx.outbox.drain();
    expect(receiver.received).toEqual([]);
  });

  for (const [mode, error] of [
    ['fail', 'HTTP 500'],
    ['hang', 'timed out after 300 ms'],
    ['close', 'connection reset'],
  ] as const) {
    it(`a receiver that ${mode === 'fail' ? 'answers 500' : mode === 'hang' ? 'times out' : 'closes the connection'}: retried, every attempt logged, then failed; redelivery carries the same webhook-id`, async () => {
      const { id, secret } = await endpointFor(['order.placed'], mode);
      const { order } = await placeOrder(t, [['11002', 1]]);
      await deliverUntil(async () => (await deliveries(id)).length === MAX_ATTEMPTS);
      await t.ctx.outbox.drain();
      const log = await deliveries(id);
      // No attempt beyond the policy's: the message is failed.
      expect(log.map((d) => d.attempt)).toEqual([3, 2, 1]);
      expect(log.every((d) => !d.delivered && d.error === error && d.eventType === 'order.placed')).toBe(true);
      expect(new Set(log.map((d) => d.webhookId)).size).toBe(1);
      if (mode === 'fail') {
        expect(log[0]!.statusCode).toBe(500);
        // Text only, at most 500 characters (the bell is gone).
        expect(log[0]!.responseSnippet).toMatch(/^receiver broken x+$/);
        expect(log[0]!.responseSnippet).toHaveLength(500);
      } else {
        expect(log[0]!.statusCode).toBeNull();
      }
      expect(receiver.received).toHaveLength(MAX_ATTEMPTS);
      expect((await get('/Webhooks')).body[0]).toMatchObject({ failingSince: expect.any(String), lastDelivery: { statusCode: log[0]!.statusCode, delivered: false, error, createdAt: log[0]!.createdAt } });

      // The receiver is mended; the message is sent again by hand.
      receiver.mode = 'ok';
      const again = await post(`/Webhooks/${id}/Deliveries/${log[0]!.id}/Redeliver`);
      expect(again.status).toBe(202);
      expect(again.body).toEqual({ webhookId: log[0]!.webhookId, queued: true });
      await deliverUntil(() => receiver.received.length === MAX_ATTEMPTS + 1);
      const last = receiver.received[MAX_ATTEMPTS]!;
      expect(last.headers['webhook-id']).toBe(log[0]!.webhookId);
      expect(verified(secret, last)).toMatchObject({ type: 'order.placed', data: { orderNum: order.orderNum } });
      expect(last.body).toBe(receiver.received[0]!.body);
      expect((await deliveries(id))[0]).toMatchObject({ delivered: true, statusCode: 204, webhookId: log[0]!.webhookId });
      expect((await get('/Webhooks')).body[0]).toMatchObject({ failingSince: null, lastDelivery: { statusCode: 204, delivered: true, error: null } });
    });
  }

  it("lists each endpoint with its own newest attempt, and none before the first", async () => {
    const ok = await endpointFor(['order.placed']);
    const broken = await startReceiver('fail');
    try {
      const failing = (await post('/Webhooks', { url: broken.url, events: ['order.placed'] })).body as { id: number };
      const idle = (await post('/Webhooks', { url: broken.url, events: ['order.cancelled'] })).body as { id: number };
      await placeOrder(t, [['11002', 1]]);
      await deliverUntil(async () => (await deliveries(ok.id)).length === 1 && (await deliveries(failing.id)).length === MAX_ATTEMPTS);
      const list = (await get('/Webhooks')).body as { id: number; lastDelivery: unknown }[];
      const lastOf = (id: number) => list.find((e) => e.id === id)!.lastDelivery;
      expect(lastOf(ok.id)).toEqual({ statusCode: 204, delivered: true, error: null, createdAt: (await deliveries(ok.id))[0]!.createdAt });
      expect(lastOf(failing.id)).toEqual({ statusCode: 500, delivered: false, error: 'HTTP 500', createdAt: (await deliveries(failing.id))[0]!.createdAt });
      expect(lastOf(idle.id)).toBeNull();
    } finally {
      await broken.close();
    }
  });

  it('turns off an endpoint that has failed for three days, audits it and mails the owners', async () => {
    const { id } = await endpointFor(['order.placed'], 'fail');
    const fourDaysAgo = new Date(Date.now() - 4 * 24 * 3600 * 1000).toISOString();
    await t.ctx.database.db.updateTable('webhook_endpoints').set({ failing_since: fourDaysAgo }).where('id', '=', id).execute();
    await placeOrder(t, [['11002', 1]]);
    await deliverUntil(async () => (await get('/Webhooks')).body[0].active === false);
    const endpoint = (await get('/Webhooks')).body[0];
    expect(endpoint).toMatchObject({ active: false, failingSince: fourDaysAgo, disabledReason: expect.stringMatching(/failed for 3 days/) });
    const audit = await t.ctx.database.db.selectFrom('audit_log').select(['action', 'actor']).where('target', '=', `webhook:${id}`).orderBy('id').execute();
    expect(audit.at(-1)).toEqual({ action: 'webhook.disable', actor: 'system' });
    const mails = await t.ctx.database.db.selectFrom('outbox').select(['about']).where('kind', '=', 'mail').where('topic', '=', 'webhook-disabled').execute();
    expect(mails.map((m) => m.about)).toEqual([expect.stringMatching(/^owner@.*turned off$/)]);
    // Turned off, it is sent nothing more; a redelivery asks to turn it on first.
    const sent = receiver.received.length;
    await placeOrder(t, [['11002', 1]]);
    await t.ctx.outbox.drain();
    expect(receiver.received).toHaveLength(sent);
    const [latest] = await deliveries(id);
    expect((await post(`/Webhooks/${id}/Deliveries/${latest!.id}/Redeliver`)).status).toBe(409);
    expect((await adminCall(t, owner, { method: 'PATCH', url: `/Webhooks/${id}`, payload: { active: true } })).body).toMatchObject({ active: true, failingSince: null, disabledReason: null });
  });
});

describe('an endpoint deleted while its delivery is in flight', () => {
  it('loses only its own log rows: the rows of the other endpoints in the same batch are written', async () => {
    const kept = await endpointFor(['order.placed']);
    const gone = (await post('/Webhooks', { url: receiver.url, events: ['order.placed'] })).body as { id: number };
    const outboxId = Number((await t.ctx.database.db.selectFrom('outbox').select(sql<number>`coalesce(max(id), 0)`.as('m')).executeTakeFirstOrThrow()).m);
    expect((await adminCall(t, owner, { method: 'DELETE', url: `/Webhooks/${gone.id}` })).status).toBe(204);
    const row = (endpointId: number, webhookId: string) => ({
      endpoint_id: endpointId, outbox_id: outboxId, webhook_id: webhookId, event_type: 'order.placed', attempt: 1,
      status_code: 204, duration_ms: 3, response_snippet: '', error: null, created_at: new Date().toISOString(),
    });
    await insertDeliveries(t.ctx.database.db, [row(gone.id, 'msg_gone'), row(kept.id, 'msg_kept')]);
    expect((await deliveries(kept.id)).map((d) => d.webhookId)).toEqual(['msg_kept']);
  });
});

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminCall, ownerSession, type StaffSessionForTest } from '../../test-support/admin';
import { loadFixtureCatalogue } from '../../catalogue/test-fixture';
import { createOutbox } from '../../context';
import { writeTransaction } from '../db/database';
import { mailsTo } from '../mail/mail-folder';
import { enqueueMail, Mailer } from '../mail/mailer';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { startReceiver, type TestReceiver } from '../../staff/testing';

/**
 * Several dispatchers on one database (two server processes, or WORKERS=2): each row delivered
 * once. A dispatcher whose database is unreachable says so once, and again when it works. Sent
 * rows and webhook delivery logs older than OUTBOX_RETENTION_DAYS are pruned.
 */

let t: TestApp;
let owner: StaffSessionForTest;
let receiver: TestReceiver;
beforeAll(async () => {
  // Each test says when messages go (drain, a peer); small batches so two dispatchers interleave.
  t = await createTestApp((ctx) => loadFixtureCatalogue(ctx.database.db), {}, { OUTBOX_DISPATCHER: 'off', OUTBOX_CONCURRENCY: '8', WEBHOOK_ALLOW_PRIVATE: '1', OUTBOX_RETENTION_DAYS: '10' });
  owner = await ownerSession(t);
  receiver = await startReceiver('ok');
  const created = await adminCall(t, owner, { method: 'POST', url: '/Webhooks', payload: { url: receiver.url, events: ['order.placed'] } });
  expect(created.status).toBe(201);
  receiver.secret = created.body.secret;
});
afterAll(async () => {
  await receiver?.close();
  await t?.close();
});

const db = () => t.ctx.database.db;
const DAY_MS = 24 * 3_600_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();

describe('two dispatchers on one database', () => {
  it('drain the same 200 rows at once, and every mail and webhook is delivered exactly once', async () => {
    const to = `pair.${process.pid}@example.com`;
    // 100 mails and 100 webhooks, committed before either dispatcher looks.
    await writeTransaction(db(), async (trx) => {
      for (let i = 0; i < 100; i++) {
        await enqueueMail(trx, 'test', { to, subject: `Pair ${i}`, text: `number ${i}` });
        await t.ctx.webhooks.events.publish(trx, 'order.placed', `order ${900_000 + i}`, () => ({ orderNum: 900_000 + i }));
      }
    });
    const peer = await t.startPeer();
    try {
      await Promise.all([t.ctx.outbox.drain(), peer.ctx.outbox.drain()]);
    } finally {
      await peer.close();
    }
    const mails = mailsTo(t.dataDir, to);
    expect(mails).toHaveLength(100);
    expect(new Set(mails.map((m) => m.messageId)).size).toBe(100);
    const ids = receiver.received.map((r) => String(r.headers['webhook-id']));
    expect(receiver.refused).toEqual([]);
    expect(ids).toHaveLength(100);
    expect(new Set(ids).size).toBe(100);
    const orderNums = receiver.received.map((r) => (JSON.parse(r.body) as { data: { orderNum: number } }).data.orderNum);
    expect(new Set(orderNums).size).toBe(100);
    // Every row done after one attempt: none was claimed by both.
    const rows = await db().selectFrom('outbox').select(['status', 'attempts']).execute();
    expect(rows.filter((r) => r.status !== 'done' || r.attempts !== 1)).toEqual([]);
    const log = await db().selectFrom('webhook_deliveries').select(['webhook_id', 'attempt']).execute();
    expect(log).toHaveLength(100);
    expect(new Set(log.map((l) => l.webhook_id)).size).toBe(100);
  });
});

describe('a dispatcher whose database fails', () => {
  it('logs the first failure and the recovery, not every poll, and then delivers', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const config = { ...t.ctx.config, OUTBOX_POLL_MS: 10 };
    const outbox = createOutbox(config, t.ctx.database, new Mailer(config));
    // The table the dispatcher polls is gone for a while: every poll fails, as with a database that is down.
    await sql`alter table outbox rename to outbox_away`.execute(db());
    try {
      outbox.start();
      await new Promise((r) => setTimeout(r, 400));
      expect(errors).toHaveBeenCalledTimes(1);
      expect(String(errors.mock.calls[0]![0])).toMatch(/^outbox: .*outbox.*reported once/);
    } finally {
      await sql`alter table outbox_away rename to outbox`.execute(db());
    }
    try {
      await vi.waitFor(() => expect(errors).toHaveBeenCalledTimes(2), { timeout: 5000, interval: 20 });
      expect(String(errors.mock.calls[1]![0])).toMatch(/^outbox: working again after \d+ failed attempts in \d+ s$/);
      const failures = Number(/after (\d+)/.exec(String(errors.mock.calls[1]![0]))![1]);
      expect(failures).toBeGreaterThan(5);
      // Working again: a new mail goes out, and nothing more is logged.
      const to = `after.outage.${process.pid}@example.com`;
      await writeTransaction(db(), (trx) => enqueueMail(trx, 'test', { to, subject: 'Back', text: 'back' }));
      await vi.waitFor(() => expect(mailsTo(t.dataDir, to)).toHaveLength(1), { timeout: 5000, interval: 20 });
      expect(errors).toHaveBeenCalledTimes(2);
    } finally {
      await outbox.stop();
      errors.mockRestore();
    }
  });
});

describe('retention', () => {
  it('deletes sent rows and webhook delivery logs older than OUTBOX_RETENTION_DAYS, in batches, and keeps the rest', async () => {
    await db().deleteFrom('outbox').execute();
    await db().deleteFrom('webhook_deliveries').execute();
    const to = `old.${process.pid}@example.com`;
    // 1,200 sent 11 days ago (more than two batches), 5 sent 9 days ago, an old failed and an old pending one.
    await writeTransaction(db(), async (trx) => {
      for (let i = 0; i < 1210; i++) await enqueueMail(trx, 'test', { to, subject: `Old ${i}`, text: 'old' });
    });
    const ids = (await db().selectFrom('outbox').select('id').orderBy('id').execute()).map((r) => r.id);
    const set = (slice: number[], change: { status: 'done' | 'failed' | 'pending'; done_at: string | null; created_at: string }) =>
      db().updateTable('outbox').set(change).where('id', 'in', slice).execute();
    for (let i = 0; i < 1200; i += 400) await set(ids.slice(i, i + 400), { status: 'done', done_at: daysAgo(11), created_at: daysAgo(11) });
    await set(ids.slice(1200, 1205), { status: 'done', done_at: daysAgo(9), created_at: daysAgo(9) });
    await set(ids.slice(1205, 1206), { status: 'failed', done_at: null, created_at: daysAgo(40) });
    await set(ids.slice(1206), { status: 'pending', done_at: null, created_at: daysAgo(40) });
    await db().updateTable('outbox').set({ next_attempt_at: daysAgo(-1) }).where('id', 'in', ids.slice(1206)).execute();
    const endpoint = await db().selectFrom('webhook_endpoints').select('id').executeTakeFirstOrThrow();
    const logRow = (days: number, i: number) => ({
      endpoint_id: endpoint.id, outbox_id: ids[i]!, webhook_id: `msg_old_${i}`, event_type: 'order.placed', attempt: 1,
      status_code: 204, duration_ms: 3, response_snippet: '', error: null, created_at: daysAgo(days),
    });
    await db().insertInto('webhook_deliveries').values([...Array.from({ length: 700 }, (_, i) => logRow(12, i)), logRow(2, 1200)]).execute();

    // A dispatcher that starts prunes at once (then hourly).
    const peer = await t.startPeer({ OUTBOX_DISPATCHER: 'on' });
    try {
      await vi.waitFor(async () => expect((await db().selectFrom('outbox').select('id').execute()).length).toBe(10), { timeout: 10_000, interval: 50 });
      await vi.waitFor(async () => expect((await db().selectFrom('webhook_deliveries').select('webhook_id').execute()).map((r) => r.webhook_id)).toEqual(['msg_old_1200']), { timeout: 5000, interval: 50 });
    } finally {
      await peer.close();
    }
    // What staff see: the recent sent ones, the failed and the pending one.
    const listed = await adminCall(t, owner, { method: 'GET', url: '/Outbox' });
    expect(listed.status).toBe(200);
    const byStatus = (listed.body.items as { status: string }[]).reduce<Record<string, number>>((n, r) => ({ ...n, [r.status]: (n[r.status] ?? 0) + 1 }), {});
    expect(byStatus).toEqual({ done: 5, failed: 1, pending: 4 });
    expect(await t.ctx.outbox.prune()).toEqual({ outbox: 0, webhook_deliveries: 0 });
  });
});

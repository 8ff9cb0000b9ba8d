import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { OUTBOX_MESSAGES } from '../../../contract/admin/outbox';
import { ownerSession, adminCall, staffWith } from '../../test-support/admin';
import { signUpCustomer, type TestCustomer } from '../../orders/cart/test-customers';
import { loadFixtureCatalogue } from '../../catalogue/test-fixture';
import { writeTransaction } from '../db/database';
import { mailsTo } from '../mail/mail-folder';
import { enqueueMail } from '../mail/mailer';
import { closedPort, SmtpReceiver } from '../../test-support/smtp-receiver';
import { createTestApp, type TestApp, testDialect } from '../../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  // This process does not dispatch on its own: each test says when mails go (drain, a peer).
  t = await createTestApp((ctx) => loadFixtureCatalogue(ctx.database.db), {}, { OUTBOX_DISPATCHER: 'off' });
});
afterAll(() => t?.close());

async function placeOrder(app: TestApp, c: TestCustomer): Promise<{ status: number; orderNum?: number }> {
  await app.app.inject({ method: 'POST', url: '/beapi/Shop/AddItem?InvNum=11002&qty=1', headers: c.headers });
  const res = await app.app.inject({ method: 'POST', url: '/beapi/Shop/Checkout', headers: c.headers, payload: { shipToCode: '', shippingOption: 'ground' } });
  return { status: res.statusCode, orderNum: res.statusCode === 201 ? (res.json() as { orderNum: number }).orderNum : undefined };
}

const confirmations = (dataDir: string, c: TestCustomer) => mailsTo(dataDir, c.email).filter((m) => m.subject.endsWith('confirmation'));

describe('the outbox', () => {
  it('sends no mail for a change that rolls back, and rolls the change back when its mail cannot be queued', async () => {
    await expect(
      writeTransaction(t.ctx.database.db, async (trx) => {
        await enqueueMail(trx, 'test', { to: 'rolled-back@example.com', subject: 'Never', text: 'never' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await t.ctx.outbox.drain();
    expect(mailsTo(t.dataDir, 'rolled-back@example.com')).toEqual([]);

    // The outbox refuses this buyer's mail: the order is not placed either (one transaction).
    const c = await signUpCustomer(t.app, 'CA', 'refused');
    const db = t.ctx.database.db;
    if (testDialect === 'postgres') {
      await sql`create function refuse_mail() returns trigger language plpgsql as $$
        begin if new.about like 'refused%' then raise exception 'refused'; end if; return new; end $$`.execute(db);
      await sql`create trigger refuse_mail before insert on outbox for each row execute function refuse_mail()`.execute(db);
    } else {
      await sql`create trigger refuse_mail before insert on outbox when new.about like 'refused%' begin select raise(abort, 'refused'); end`.execute(db);
    }
    try {
      const placed = await placeOrder(t, c);
      expect(placed.status).toBe(500);
      const orders = await t.app.inject({ method: 'GET', url: '/beapi/Shop/GetOrders', headers: c.headers });
      expect(orders.json().totalNumberOfOrders).toBe(0);
    } finally {
      await sql`drop trigger refuse_mail ${testDialect === 'postgres' ? sql`on outbox` : sql``}`.execute(db);
    }
    await t.ctx.outbox.drain();
    expect(confirmations(t.dataDir, c)).toEqual([]);
  });

  it('delivers a committed order’s mail after a restart, though the process that took it never sent it', async () => {
    const c = await signUpCustomer(t.app);
    const { status, orderNum } = await placeOrder(t, c);
    expect(status).toBe(201);
    expect(confirmations(t.dataDir, c)).toEqual([]);
    // A new process on the same database starts its dispatcher and finds the mail waiting.
    const next = await t.startPeer({ OUTBOX_DISPATCHER: 'on', OUTBOX_POLL_MS: 50 });
    try {
      await vi.waitFor(() => expect(confirmations(t.dataDir, c)).toHaveLength(1), { timeout: 10_000, interval: 50 });
      expect(confirmations(t.dataDir, c)[0]!.subject).toBe(`Order ${orderNum} confirmation`);
    } finally {
      await next.close();
    }
  });

  it('has two dispatchers on one database deliver 300 mails, each exactly once', async () => {
    const to = `many.${process.pid}@example.com`;
    await writeTransaction(t.ctx.database.db, async (trx) => {
      for (let i = 0; i < 300; i++) await enqueueMail(trx, 'test', { to, subject: `Mail ${i}`, text: `number ${i}` });
    });
    const peer = await t.startPeer();
    try {
      await Promise.all([t.ctx.outbox.drain(), peer.ctx.outbox.drain(), t.ctx.outbox.drain(), peer.ctx.outbox.drain()]);
    } finally {
      await peer.close();
    }
    const mails = mailsTo(t.dataDir, to);
    expect(mails).toHaveLength(300);
    expect(new Set(mails.map((m) => m.messageId)).size).toBe(300);
    expect(new Set(mails.map((m) => m.subject)).size).toBe(300);
    const pending = await t.ctx.database.db.selectFrom('outbox').select('id').where('status', '!=', 'done').where('about', 'like', `${to}%`).execute();
    expect(pending).toEqual([]);
  });

  it('empties the payload of a sent mail that held a reset link', async () => {
    const c = await signUpCustomer(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/beapi/System/ForgotPassword', payload: { email: c.email } });
    expect(res.statusCode).toBe(202);
    await t.ctx.outbox.drain();
    expect(mailsTo(t.dataDir, c.email).filter((m) => m.text.includes('access_token='))).not.toEqual([]);
    const rows = await t.ctx.database.db.selectFrom('outbox').select(['topic', 'payload', 'status']).where('about', 'like', `${c.email}%`).execute();
    // The welcome (a verification link) and the reset link: both sent, both emptied.
    expect(rows.sort((a, b) => a.topic.localeCompare(b.topic))).toEqual([
      { topic: 'password-reset', payload: null, status: 'done' },
      { topic: 'welcome', payload: null, status: 'done' },
    ]);
    // A mail without a link keeps its payload.
    const order = await placeOrder(t, c);
    await t.ctx.outbox.drain();
    const confirmation = await t.ctx.database.db.selectFrom('outbox').select('payload').where('about', '=', `${c.email}: Order ${order.orderNum} confirmation`).executeTakeFirstOrThrow();
    expect(confirmation.payload).toContain('Order');
  });
});

describe('a mail server that is down', () => {
  let down: TestApp;
  let port: number;
  const receiver = new SmtpReceiver();
  beforeAll(async () => {
    port = await closedPort();
    down = await createTestApp(
      (ctx) => loadFixtureCatalogue(ctx.database.db),
      {},
      { OUTBOX_DISPATCHER: 'off', SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_MAX_ATTEMPTS: '3', MAIL_RETRY_BASE_MS: '0' },
    );
  });
  afterAll(async () => {
    await receiver.close();
    await down?.close();
  });

  it('answers the contact form at once and stores it once; the mail is retried, then failed and listed; Retry sends it', async () => {
    const res = await down.app.inject({ method: 'POST', url: '/beapi/System/ContactUs', payload: { name: 'Pat', email: 'pat@example.com', message: 'Hello there' } });
    expect(res.statusCode).toBe(201);
    const { reference } = res.json() as { reference: string };
    const stored = await down.ctx.database.db.selectFrom('contact_messages').select('reference').execute();
    expect(stored).toEqual([{ reference }]);

    await down.ctx.outbox.drain();
    const owner = await ownerSession(down);
    const failed = await adminCall(down, owner, { method: 'GET', url: '/Outbox?status=failed' });
    expect(failed.status).toBe(200);
    expect(failed.headers['cache-control']).toBe('no-store');
    const entry = failed.body.items.find((i: { about: string }) => i.about.includes(reference));
    expect(entry).toMatchObject({ kind: 'mail', status: 'failed', attempts: 3 });
    expect(entry.lastError).toMatch(/ECONNREFUSED/);
    expect(entry.lastError).not.toMatch(/\n|at .*\.js/);
    expect((await adminCall(down, owner, { method: 'GET', url: '/Outbox?status=pending' })).body.items).toEqual([]);

    // The mail server is back; Retry makes the message due now and it goes out, once.
    await receiver.listen(port);
    const retried = await adminCall(down, owner, { method: 'POST', url: `/Outbox/${entry.id}/Retry` });
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ id: entry.id, status: 'pending', attempts: 0 });
    await down.ctx.outbox.drain();
    expect(receiver.mails).toHaveLength(1);
    expect(receiver.mails[0]!.raw).toContain(reference);
    expect(receiver.mails[0]!.raw).toMatch(new RegExp(`Message-ID: <outbox-${entry.id}\\.[0-9a-f]+@`, 'i'));
    const done = await adminCall(down, owner, { method: 'GET', url: '/Outbox?status=done' });
    expect(done.body.items.map((i: { id: number }) => i.id)).toContain(entry.id);

    // Delivered: no second Retry; an unknown id is 404; the Retry is in the audit log.
    const again = await adminCall(down, owner, { method: 'POST', url: `/Outbox/${entry.id}/Retry` });
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe(OUTBOX_MESSAGES.alreadyDone(entry.id));
    expect((await adminCall(down, owner, { method: 'POST', url: '/Outbox/999999/Retry' })).status).toBe(404);
    const audit = await adminCall(down, owner, { method: 'GET', url: `/Audit?target=outbox:${entry.id}` });
    expect(audit.body.items).toEqual([expect.objectContaining({ action: 'outbox.retry', target: `outbox:${entry.id}` })]);
  });

  it('lets only owners and managers see the outbox', async () => {
    const manager = await staffWith(down, ['manager']);
    expect((await adminCall(down, manager, { method: 'GET', url: '/Outbox' })).status).toBe(200);
    const desk = await staffWith(down, ['orders']);
    expect((await adminCall(down, desk, { method: 'GET', url: '/Outbox' })).status).toBe(403);
    expect((await adminCall(down, desk, { method: 'POST', url: '/Outbox/1/Retry' })).status).toBe(403);
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { adminCall, staffWith } from '../../test-support/admin';
import { withShop } from '../../test-support/shop';
import { signUpCustomer, type TestCustomer } from '../../orders/testing';
import { mailsTo } from '../../platform/mail/mail-folder';
import { STOCK_ALERT_MESSAGES } from '../../../contract/stock-alerts';
import { StockAlertNotifier } from '../index';

// 40001 Clear Bubble has no stock at either warehouse in the fixture; 11002 has some at both.
const { t, staff: { owner } } = withShop({
  catalogue: true,
  staff: { owner: 'demo owner' },
  // A hidden item: it cannot be asked for.
  prepare: (ctx) => ctx.database.db.updateTable('items').set({ active: 0, status: 'hidden' }).where('num', '=', '30003').execute(),
});

const call = async (c: TestCustomer | null, method: 'GET' | 'POST' | 'DELETE', url: string) => {
  const res = await t.app.inject({ method, url: `/beapi/Shop/NotifyWhenInStock${url}`, headers: c?.headers ?? {} });
  return { status: res.statusCode, body: res.body ? res.json() : undefined };
};
const adjust = (invNum: string, warehouse: 'west' | 'east', change: { delta: number } | { setTo: number }) =>
  adminCall(t, owner, { method: 'POST', url: '/Stock/Adjust', payload: { invNum, warehouse, reason: 'received', ...change } });
/** Takes every unit of the item away at both warehouses, through the real stock route. */
async function sellOut(invNum: string) {
  for (const w of ['west', 'east'] as const) expect((await adjust(invNum, w, { setTo: 0 })).status).toBe(200);
}
const backInStock = (c: TestCustomer, num: string) => mailsTo(t.dataDir, c.email).filter((m) => m.subject === `Back in stock: item ${num}`);
/** The notifiers' work done and the outbox's mails written. */
async function notifyAndSend(notifier = t.ctx.stockAlertNotifier) {
  const queued = await notifier.runOnce();
  await t.ctx.outbox.drain();
  return queued;
}
async function until(check: () => boolean, ms = 8000) {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
  return check();
}

let buyer: TestCustomer;
beforeAll(async () => {
  buyer = await signUpCustomer(t.app);
});

describe('asking for a back-in-stock mail', () => {
  it('needs a signed-in buyer', async () => {
    expect((await call(null, 'GET', '')).status).toBe(401);
    expect((await call(null, 'POST', '/40001')).status).toBe(401);
    expect((await call(null, 'DELETE', '/40001')).status).toBe(401);
  });

  it('refuses an unknown or hidden item (404) and one in stock now (409)', async () => {
    expect((await call(buyer, 'POST', '/ZZ999')).status).toBe(404);
    expect((await call(buyer, 'POST', '/30003')).status).toBe(404);
    const inStock = await call(buyer, 'POST', '/11002');
    expect(inStock.status).toBe(409);
    expect(inStock.body.detail).toBe(STOCK_ALERT_MESSAGES.inStock);
    expect((await call(buyer, 'POST', '/not%20a%20number')).status).toBe(400);
  });

  it('makes one alert however often it is asked, lists it, and stops it', async () => {
    const first = await call(buyer, 'POST', '/40001');
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ invNum: '40001', title: 'Clear Bubble', createdAt: expect.any(String) });
    const again = await call(buyer, 'POST', '/40001');
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect((await call(buyer, 'GET', '')).body).toEqual([first.body]);

    expect((await call(buyer, 'DELETE', '/40001')).status).toBe(204);
    expect((await call(buyer, 'DELETE', '/40001')).status).toBe(404);
    expect((await call(buyer, 'DELETE', '/ZZ999')).status).toBe(404);
    expect((await call(buyer, 'GET', '')).body).toEqual([]);
    expect((await call(buyer, 'POST', '/40001')).status).toBe(201);
    expect((await call(buyer, 'GET', '')).body).toHaveLength(1);
  });

  it("shows a buyer only their own alerts", async () => {
    const other = await signUpCustomer(t.app);
    expect((await call(other, 'GET', '')).body).toEqual([]);
    expect((await call(other, 'DELETE', '/40001')).status).toBe(404);
    expect((await call(buyer, 'GET', '')).body).toHaveLength(1);
  });
});

describe('the mail when stock comes in', () => {
  it('goes once to each subscriber when staff receive stock, from the notifier that runs with the app, and ends the alerts', async () => {
    // `buyer` asked for 40001 above; two more ask, and one of them stops again.
    const second = await signUpCustomer(t.app);
    const stopped = await signUpCustomer(t.app);
    expect((await call(second, 'POST', '/40001')).status).toBe(201);
    expect((await call(stopped, 'POST', '/40001')).status).toBe(201);
    expect((await call(stopped, 'DELETE', '/40001')).status).toBe(204);

    expect((await adjust('40001', 'east', { delta: 5 })).status).toBe(200);
    // No call here: the app's own notifier follows the stock feed.
    expect(await until(() => backInStock(buyer, '40001').length === 1 && backInStock(second, '40001').length === 1)).toBe(true);
    const mail = backInStock(buyer, '40001')[0]!;
    expect(mail.subject).toBe('Back in stock: item 40001');
    expect(mail.text).toContain('40001 Clear Bubble is back in stock');
    expect(mail.text).toContain('http://shop.test/productdetail?productNum=40001');
    expect(backInStock(stopped, '40001')).toEqual([]);
    expect((await call(buyer, 'GET', '')).body).toEqual([]);
    expect((await call(second, 'GET', '')).body).toEqual([]);

    // More stock later sends nothing more: the alerts have ended.
    await t.ctx.stockAlertNotifier.stop();
    expect((await adjust('40001', 'west', { delta: 3 })).status).toBe(200);
    expect(await notifyAndSend()).toBe(0);
    expect(backInStock(buyer, '40001')).toHaveLength(1);
    expect(backInStock(second, '40001')).toHaveLength(1);
    // And the item is in stock now: asking again is 409.
    expect((await call(buyer, 'POST', '/40001')).status).toBe(409);
  });

  it('waits while stock comes in but is all reserved, and sends when units are free to sell', async () => {
    await sellOut('33007');
    expect((await call(buyer, 'POST', '/33007')).status).toBe(201);
    // A count that leaves nothing free sends nothing.
    expect((await adjust('33007', 'west', { setTo: 0 })).status).toBe(200);
    expect(await notifyAndSend()).toBe(0);
    expect((await call(buyer, 'GET', '')).body).toHaveLength(1);
    expect((await adjust('33007', 'west', { delta: 2 })).status).toBe(200);
    expect(await notifyAndSend()).toBe(1);
    expect(backInStock(buyer, '33007')).toHaveLength(1);
  });

  it('is sent once when two notifiers (two instances) race over the same stock change', async () => {
    const peer = await t.startPeer();
    try {
      await peer.ctx.stockAlertNotifier.stop();
      await sellOut('30002');
      const buyers = await Promise.all([1, 2, 3].map(() => signUpCustomer(t.app)));
      for (const b of buyers) expect((await call(b, 'POST', '/30002')).status).toBe(201);
      expect((await adjust('30002', 'west', { delta: 10 })).status).toBe(200);
      // Four runs at once on two connections, each from the same saved position.
      const others = [new StockAlertNotifier(peer.ctx.database.db, 'http://shop.test', () => {}), new StockAlertNotifier(t.ctx.database.db, 'http://shop.test', () => {})];
      const queued = await Promise.all([t.ctx.stockAlertNotifier.runOnce(), peer.ctx.stockAlertNotifier.runOnce(), ...others.map((n) => n.runOnce())]);
      expect(queued.reduce((a, b) => a + b, 0)).toBe(3);
      await t.ctx.outbox.drain();
      await peer.ctx.outbox.drain();
      for (const b of buyers) expect(backInStock(b, '30002')).toHaveLength(1);
    } finally {
      await peer.close();
    }
  });
});

describe('waiting demand', () => {
  it('lists items by subscribers and backordered units, and adds up', async () => {
    await sellOut('12001');
    const a = await signUpCustomer(t.app);
    const b = await signUpCustomer(t.app);
    for (const c of [a, b]) expect((await call(c, 'POST', '/12001')).status).toBe(201);
    expect((await call(a, 'POST', '/11001')).status).toBe(409);
    // A backorder: 11001 has 50 at West and none at East; an order of 60 waits for 10.
    expect((await t.app.inject({ method: 'POST', url: '/beapi/Shop/AddItem?InvNum=11001&qty=60', headers: a.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/beapi/Shop/Checkout', headers: a.headers, payload: { shipToCode: '', shippingOption: 'ground' } })).statusCode).toBe(201);

    const report = await adminCall(t, owner, { method: 'GET', url: '/Reports/waiting-demand' });
    expect(report.status).toBe(200);
    expect(report.body.asOfNow).toBe(true);
    const rows = report.body.rows as { invNum: string; subscribers: number; backordered: number }[];
    expect(rows[0]).toEqual(expect.objectContaining({ invNum: '12001', subscribers: 2, backordered: 0 }));
    expect(rows.find((r) => r.invNum === '11001')).toEqual(expect.objectContaining({ subscribers: 0, backordered: 10 }));
    // Every waiting alert: `buyer`'s 40001 ended with its mail, so only 12001's two wait.
    expect(report.body.totals.subscribers).toBe(rows.reduce((s, r) => s + r.subscribers, 0));
    expect(report.body.totals.subscribers).toBe(2);
    const backorders = await adminCall(t, owner, { method: 'GET', url: '/Reports/backorders' });
    expect(report.body.totals.backordered).toBe(backorders.body.totals.units);

    const csv = await adminCall(t, owner, { method: 'GET', url: '/Reports/waiting-demand?format=csv' });
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const lines = (csv.body as Buffer).toString('utf8').trim().split('\r\n');
    expect(lines[0]).toBe('invNum,title,subscribers,backordered,latestAlert');
    expect(lines[1]).toMatch(/^12001,"?16"" Red Latex"?,2,0,\d{4}-\d{2}-\d{2}$/);
  });

  it('is behind the reports permission', async () => {
    expect((await adminCall(t, null, { method: 'GET', url: '/Reports/waiting-demand' })).status).toBe(401);
    const picker = await staffWith(t, ['warehouse']);
    expect((await adminCall(t, picker, { method: 'GET', url: '/Reports/waiting-demand' })).status).toBe(403);
  });
});

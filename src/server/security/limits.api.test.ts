import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, newCustomer, type TestCustomer, withToken } from '../customers/testing';
import { TIMEOUTS } from '../app';
import { seedDemoCoupons } from '../orders/cart/demo-coupons';
import { loadFixtureCatalogue } from '../catalogue/test-fixture';
import { createTestApp, type TestApp } from '../test-support/test-app';

/** Slow clients, and the per-address and per-customer limits on the calls attackers repeat. */

let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp(
    async (ctx) => {
      await loadFixtureCatalogue(ctx.database.db);
      await seedDemoCoupons(ctx.database.db);
    },
    { timeouts: { headersMs: 500, requestMs: 1000, idleMs: 5000, checkEveryMs: 100 } },
  );
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
}, 60_000);
afterAll(() => t?.close());

/** Opens a raw connection, sends `first`, then `drip` every 100 ms; answers how long until the server closes it, and what it said. */
function slowClient(first: string, drip: string, giveUpMs = 8000): Promise<{ ms: number; answer: string }> {
  return new Promise((resolve) => {
    const start = Date.now();
    let answer = '';
    const socket = connect(port, '127.0.0.1', () => socket.write(first));
    const timer = setInterval(() => socket.writable && socket.write(drip), 100);
    const give = setTimeout(() => socket.destroy(), giveUpMs);
    socket.on('data', (d) => (answer += String(d)));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      clearTimeout(give);
      resolve({ ms: Date.now() - start, answer });
    });
  });
}

describe('slow clients', () => {
  it('the shop runs with header, request and idle timeouts', () => {
    expect(TIMEOUTS.headersMs).toBeLessThanOrEqual(10_000);
    expect(TIMEOUTS.requestMs).toBeLessThanOrEqual(30_000);
    expect(t.app.server.headersTimeout).toBe(500);
    expect(t.app.server.requestTimeout).toBe(1000);
  });

  it('a client that sends its headers a line at a time is cut off at the header timeout', async () => {
    const { ms, answer } = await slowClient('GET /beapi/health HTTP/1.1\r\nHost: shop\r\n', 'X-Slow: 1\r\n');
    expect(ms).toBeLessThan(2500);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('a client that sends its body a byte at a time is cut off at the request timeout', async () => {
    const head = 'POST /beapi/System/ContactUs HTTP/1.1\r\nHost: shop\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n';
    const { ms } = await slowClient(head, ' ');
    expect(ms).toBeLessThan(3500);
  });

  it('an ordinary request on the same server is answered', async () => {
    expect((await fetch(`http://127.0.0.1:${port}/beapi/health`)).status).toBe(200);
  });
});

describe('rate limits', () => {
  async function until429(send: (i: number) => Promise<{ status: number; body: any; headers: Record<string, unknown> }>, max: number) {
    for (let i = 0; i < max + 5; i++) {
      const res = await send(i);
      if (res.status === 429) {
        expect(res.headers['content-type']).toContain('application/problem+json');
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        return i;
      }
    }
    return -1;
  }

  it('sign-up: 30 a minute per address', async () => {
    const n = await until429(() => call(t, { method: 'POST', url: '/Customer/NewAccount', payload: { email: 'x' }, remoteAddress: '198.51.100.1' }), 30);
    expect(n).toBe(30);
  });

  it('password reset mails: 30 a minute per address', async () => {
    const n = await until429((i) => call(t, { method: 'POST', url: '/System/ForgotPassword', payload: { email: `who${i}@shop.test` }, remoteAddress: '198.51.100.2' }), 30);
    expect(n).toBe(30);
  });

  it('contact form: 10 per 10 minutes per address', async () => {
    const n = await until429(() => call(t, { method: 'POST', url: '/System/ContactUs', payload: {}, remoteAddress: '198.51.100.3' }), 10);
    expect(n).toBe(10);
  });

  it('coupon attempts: 30 per 10 minutes per customer, whatever the address; another customer is not affected', async () => {
    const guesser = await newCustomer(t);
    const n = await until429((i) => call(t, { method: 'POST', url: `/Shop/AddCoupon/GUESS${i}`, headers: withToken(guesser.token), remoteAddress: `198.51.101.${i}` }), 30);
    expect(n).toBe(30);
    const other = await newCustomer(t);
    expect((await call(t, { method: 'POST', url: '/Shop/AddCoupon/GUESS1', headers: withToken(other.token), remoteAddress: '198.51.101.1' })).status).toBe(400);
  });

  it('none gets in the way of a buyer ordering normally: three orders in a row, 0 refusals', async () => {
    const buyer: TestCustomer = await newCustomer(t);
    const statuses: number[] = [];
    const as = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
      statuses.push((await call(t, { method, url, headers: withToken(buyer.token), payload, remoteAddress: '198.51.100.9' })).status);
    for (let order = 0; order < 3; order++) {
      buyer.token = await login(t, buyer.email, buyer.password, '198.51.100.9');
      await as('GET', '/Customer/GetCustomerInfo');
      for (const cat of [1, 11, 12, 3, 33, 4]) await as('GET', `/Inventory/GetPagedItemsForCategory?categoryNum=${cat}`);
      for (const q of ['red', 'gold', 'number']) await as('GET', `/Inventory/GetPagedItemsForSearch?searchtext=${q}`);
      for (const num of ['12001', '11002', '30001']) {
        await as('GET', `/Inventory/GetItemDetail?itemNum=${num}`);
        for (let i = 0; i < 5; i++) await as('POST', `/Shop/AddItem?InvNum=${num}&qty=1`);
        await as('PUT', `/Shop/UpdateItem?InvNum=${num}&qty=10`);
      }
      await as('POST', '/Shop/AddCoupon/NOPE');
      await as('POST', '/Shop/AddCoupon/WELCOME10');
      await as('GET', '/Shop/GetShippingOptions');
      await as('POST', '/Shop/Checkout', { shipToCode: '', shippingOption: 'ground' });
      await as('GET', '/Shop/GetOrders');
    }
    expect(statuses.filter((s) => s === 429)).toEqual([]);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
  });
});

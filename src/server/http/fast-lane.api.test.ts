import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpCustomer, type TestCustomer } from '../cart/test-customers';
import { bumpCatalogueVersion } from '../catalogue/queries';
import { loadFixtureCatalogue } from '../catalogue/test-fixture';
import { createTestApp, type TestApp } from '../test-support/test-app';

/**
 * Item detail and get cart are answered in front of Fastify over a real socket (the fast lane),
 * while `inject` always takes Fastify's route. Whatever a client sends, both must answer the same
 * status, headers and bytes.
 */
let t: TestApp;
let base: string;
let buyer: TestCustomer;
beforeAll(async () => {
  t = await createTestApp((ctx) => loadFixtureCatalogue(ctx.database.db));
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  buyer = await signUpCustomer(t.app);
});
afterAll(() => t?.close());

interface Answer {
  status: number;
  headers: Record<string, unknown>;
  body: Buffer;
}

/** Headers node adds per connection or per second; everything else must match. */
const PER_CONNECTION = ['date', 'connection', 'keep-alive', 'transfer-encoding'];

function overSocket(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${url}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function throughFastify(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  const res = await t.app.inject({ method: 'GET', url, headers });
  return { status: res.statusCode, headers: res.headers, body: res.rawPayload };
}

function comparable(a: Answer) {
  const headers = Object.fromEntries(Object.entries(a.headers).filter(([k]) => !PER_CONNECTION.includes(k)));
  return { status: a.status, headers, body: a.body.toString('base64') };
}

async function expectSameAnswer(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  // The socket first: a detail answer it builds is then served by Fastify from the same cache, and
  // the other way round below, so both orders are compared.
  const fast = await overSocket(url, headers);
  expect(comparable(fast)).toEqual(comparable(await throughFastify(url, headers)));
  const fastAgain = await overSocket(url, headers);
  expect(comparable(fastAgain)).toEqual(comparable(fast));
  return fast;
}

const detailUrl = (num: string) => `/beapi/Inventory/GetItemDetail?itemNum=${num}`;

describe('item detail over a socket', () => {
  it('answers exactly what the route answers, anonymous and signed in, in every encoding', async () => {
    const anonymous = await expectSameAnswer(detailUrl('11001'));
    expect(anonymous.status).toBe(200);
    expect(JSON.parse(anonymous.body.toString()).num).toBe('11001');
    expect(JSON.parse(anonymous.body.toString())).not.toHaveProperty('price');
    const priced = await expectSameAnswer(detailUrl('11001'), buyer.headers);
    expect(JSON.parse(priced.body.toString())).toHaveProperty('price');
    expect(priced.headers['cache-control']).toBe('private, no-cache');
    for (const encoding of ['br', 'gzip', 'gzip, deflate, br', 'identity', 'br;q=0, gzip']) {
      await expectSameAnswer(detailUrl('12001'), { 'accept-encoding': encoding });
    }
  });

  it('answers an unknown token as an anonymous caller, like the route', async () => {
    const answer = await expectSameAnswer(detailUrl('11001'), { 'user-token': 'not-a-token' });
    expect(JSON.parse(answer.body.toString())).not.toHaveProperty('price');
  });

  it('leaves 404s, bad queries and revalidation to the route', async () => {
    expect((await expectSameAnswer(detailUrl('NO-SUCH-ITEM'))).status).toBe(404);
    expect((await expectSameAnswer('/beapi/Inventory/GetItemDetail')).status).toBe(400);
    expect((await expectSameAnswer(`${detailUrl('x'.repeat(41))}`)).status).toBe(400);
    expect((await expectSameAnswer(`${detailUrl('11001')}%00`)).status).toBe(400);
    await expectSameAnswer(`${detailUrl('11001')}&x=%00`);
    expect((await expectSameAnswer(`${detailUrl('%2011001%20')}`)).status).toBe(200);
    const first = await overSocket(detailUrl('11001'));
    const revalidated = await overSocket(detailUrl('11001'), { 'if-none-match': String(first.headers.etag) });
    expect(revalidated.status).toBe(304);
  });

  it('shows a stock change once the catalogue is read again', async () => {
    const before = JSON.parse((await overSocket(detailUrl('11001'))).body.toString());
    await t.ctx.database.db.updateTable('items').set({ qty_fr: before.qty_FR + 7 }).where('num', '=', '11001').execute();
    await bumpCatalogueVersion(t.ctx.database.db);
    await t.ctx.catalogue.refresh();
    const after = JSON.parse((await expectSameAnswer(detailUrl('11001'))).body.toString());
    expect(after.qty_FR).toBe(before.qty_FR + 7);
  });
});

describe('get cart over a socket', () => {
  const cartUrl = '/beapi/Shop/GetShoppingCart';

  it('answers 401 without a valid token, like the route', async () => {
    expect((await expectSameAnswer(cartUrl)).status).toBe(401);
    expect((await expectSameAnswer(cartUrl, { 'user-token': 'not-a-token' })).status).toBe(401);
  });

  it('answers the cart as the route does, with and without compression', async () => {
    const empty = await expectSameAnswer(cartUrl, buyer.headers);
    expect(JSON.parse(empty.body.toString()).items).toEqual([]);
    for (const num of ['11001', '12001', '30002']) {
      const res = await t.app.inject({ method: 'POST', url: `/beapi/Shop/AddItem?InvNum=${num}&qty=2`, headers: buyer.headers });
      expect(res.statusCode).toBe(200);
    }
    const full = await expectSameAnswer(cartUrl, buyer.headers);
    expect(JSON.parse(full.body.toString()).items.map((i: { invNum: string }) => i.invNum)).toEqual(['11001', '12001', '30002']);
    expect(full.headers['cache-control']).toBe('no-store');
    await expectSameAnswer(cartUrl, { ...buyer.headers, 'accept-encoding': 'gzip' });
    await expectSameAnswer(cartUrl, { ...buyer.headers, 'x-no-compression': '1', 'accept-encoding': 'br' });
    expect((await expectSameAnswer(`${cartUrl}?x=%00`, buyer.headers)).status).toBe(400);
  });
});

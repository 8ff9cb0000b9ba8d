import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpCustomer, type TestCustomer } from '../../orders/cart/test-customers';
import { bumpCatalogueVersion } from '../../catalogue/queries';
import { loadFixtureCatalogue } from '../../catalogue/test-fixture';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { seedStock } from '../../stock/counts';

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
    await seedStock(t.ctx.database.db, [{ num: '11001', qtyFr: before.qty_FR + 7 }], { announce: false });
    await bumpCatalogueVersion(t.ctx.database.db);
    await t.ctx.catalogue.refresh();
    const after = JSON.parse((await expectSameAnswer(detailUrl('11001'))).body.toString());
    expect(after.qty_FR).toBe(before.qty_FR + 7);
  });
});

describe('listings and search over a socket', () => {
  const category = (qs: string) => `/beapi/Inventory/GetPagedItemsForCategory?${qs}`;
  const search = (qs: string) => `/beapi/Inventory/GetPagedItemsForSearch?${qs}`;

  /**
   * The lane's answer for `url`, against the route's for the same query built by the route itself:
   * an extra unknown key (which the schema ignores and the lane refuses) gives it a cache key of
   * its own. `laneAnswers` says whether the lane, not Fastify, must have answered `url`.
   */
  async function expectRouteBytes(url: string, laneAnswers: boolean, headers: Record<string, string> = {}): Promise<Answer> {
    const before = t.app.fastLane.answered;
    const fast = await overSocket(url, headers);
    expect(t.app.fastLane.answered - before, url).toBe(laneAnswers ? 1 : 0);
    const route = await throughFastify(`${url}${url.includes('?') ? '&' : '?'}viaRoute=1`, headers);
    expect(comparable(fast), url).toEqual(comparable(route));
    // And the same URL through Fastify (its cache hook now holds the lane's bytes, or its own).
    expect(comparable(await throughFastify(url, headers)), url).toEqual(comparable(fast));
    return fast;
  }

  it('answers listings and search as the routes do, anonymous and signed in, in every encoding', async () => {
    const first = JSON.parse((await expectRouteBytes(category('categoryNum=1'), true)).body.toString());
    expect(first.items.length).toBeGreaterThan(0);
    const red = first.distinctColors.find((c: { name: string }) => c.name === 'Red').link;
    const size = first.distinctSizes[0];
    const filtered = category(`categoryNum=1&color=${encodeURIComponent(red)}&sizes=${encodeURIComponent(size)}&page=1&pageSize=2&sort=title`);
    const answer = JSON.parse((await expectRouteBytes(filtered, true)).body.toString());
    expect(answer.items.map((i: { num: string }) => i.num)).toContain('11001');
    const priced = JSON.parse((await expectRouteBytes(filtered, true, buyer.headers)).body.toString());
    expect(priced.items[0]).toHaveProperty('price');
    expect(answer.items[0]).not.toHaveProperty('price');
    for (const encoding of ['br', 'gzip', 'identity']) await expectRouteBytes(category('categoryNum=11&sort=num'), true, { 'accept-encoding': encoding });
    const [c1, c2] = first.distinctColors.map((c: { link: string }) => encodeURIComponent(c.link));
    await expectRouteBytes(category(`categoryNum=1&color=${c1}&color=${c2}`), true);
    await expectRouteBytes(search('searchtext=red'), true);
    await expectRouteBytes(search('searchtext=red+latex&categoryNum=1'), true);
    await expectRouteBytes(search('searchtext=%20Red%20latex%20'), true);
    await expectRouteBytes(`/beapi/Inventory/GetPagedItemsForNVCategory?categoryNum=900`, true);
    await expectRouteBytes(`/beapi/Inventory/GetPagedItemsForNVSearch?nvcatnum=900&searchtext=latex`, true);
  });

  it('leaves every error, odd query and revalidation to the routes', async () => {
    const refused = [
      category(''),
      category('categoryNum=abc'),
      category('categoryNum=1&pageSize=1000'),
      category('categoryNum=1&sort=bogus'),
      category('categoryNum=1&color='),
      category('categoryNum=1&categoryNum=2'),
      category('categoryNum=999999'),
      category('categoryNum=1&color=%E0%A4%A'),
      category('categoryNum=1&color=a%00'),
      search('searchtext=red%00'),
      search('searchtext='),
      search(`searchtext=${'x'.repeat(201)}`),
    ];
    for (const url of refused) {
      const before = t.app.fastLane.answered;
      const fast = await overSocket(url);
      expect(fast.status, url).toBeGreaterThanOrEqual(400);
      expect(t.app.fastLane.answered, url).toBe(before);
      expect(comparable(fast), url).toEqual(comparable(await throughFastify(url)));
    }
    // An unknown key is ignored by the route's schema: the route answers it, with a 200.
    expect((await expectRouteBytes(category('categoryNum=1&utm_source=mail'), false)).status).toBe(200);
    const first = await overSocket(category('categoryNum=3'));
    expect((await overSocket(category('categoryNum=3'), { 'if-none-match': String(first.headers.etag) })).status).toBe(304);
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

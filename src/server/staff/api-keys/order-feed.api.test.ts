import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerSession, type StaffSessionForTest } from '../../test-support/admin';
import { loadFixtureCatalogue } from '../../catalogue/testing';
import { placeOrder, setStock } from '../../flows/lifecycle-test-helpers';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { keyCall, newApiKey } from '../testing';

let t: TestApp;
let owner: StaffSessionForTest;
let reader: string;
let writer: string;
beforeAll(async () => {
  t = await createTestApp((ctx) => loadFixtureCatalogue(ctx.database.db));
  owner = await ownerSession(t);
  reader = (await newApiKey(t, owner, ['orders:read'])).key;
  writer = (await newApiKey(t, owner, ['orders:read', 'orders:write'])).key;
  await setStock(t, '11002', 500, 500);
});
afterAll(() => t?.close());

interface FeedOrder {
  orderNum: number;
  version: number;
  statusCode: string;
}

/** One poll: pages from `cursor` while they are full; the orders of each page and the cursor to keep. */
async function poll(cursor: string, pageSize: number): Promise<{ pages: FeedOrder[][]; cursor: string }> {
  const pages: FeedOrder[][] = [];
  for (;;) {
    const res = await keyCall(t, reader, { method: 'GET', url: `/Orders?updatedSince=${cursor}&pageSize=${pageSize}` });
    expect(res.status).toBe(200);
    pages.push(res.body.items);
    cursor = res.body.nextCursor;
    if (res.body.items.length < pageSize) return { pages, cursor };
  }
}

describe('the orders change feed (GET /Orders?updatedSince=)', () => {
  it('starts at 0, answers admin orders oldest change first, and on the last page gives the cursor for the next poll', async () => {
    const start = (await poll('0', 50)).cursor;
    const { order } = await placeOrder(t, [['11002', 2]]);
    const first = await keyCall(t, reader, { method: 'GET', url: `/Orders?updatedSince=${start}` });
    expect(first.body.items).toEqual([expect.objectContaining({ orderNum: order.orderNum, statusCode: 'received', lines: [expect.objectContaining({ invNum: '11002', qty: 2 })] })]);
    const quiet = await keyCall(t, reader, { method: 'GET', url: `/Orders?updatedSince=${first.body.nextCursor}` });
    expect(quiet.body).toEqual({ items: [], nextCursor: first.body.nextCursor });
    // A change brings the order back once, with its new state.
    expect((await keyCall(t, writer, { method: 'POST', url: `/Orders/${order.orderNum}/Accept` })).status).toBe(200);
    const next = await keyCall(t, reader, { method: 'GET', url: `/Orders?updatedSince=${first.body.nextCursor}` });
    expect(next.body.items.map((o: FeedOrder) => [o.orderNum, o.statusCode])).toEqual([[order.orderNum, 'accepted']]);
    // A full last page continues the poll: the next page is empty and ends it.
    const two = await keyCall(t, reader, { method: 'GET', url: `/Orders?updatedSince=${start}&pageSize=1` });
    expect(two.body.items).toHaveLength(1);
    expect(await keyCall(t, reader, { method: 'GET', url: `/Orders?updatedSince=${two.body.nextCursor}&pageSize=1` })).toMatchObject({ body: { items: [], nextCursor: next.body.nextCursor } });
    for (const bad of ['x', '-1', '1.2', '1.2.3.4']) expect((await keyCall(t, reader, { method: 'GET', url: `/Orders?updatedSince=${bad}` })).status, bad).toBe(400);
    // Without updatedSince the order desk's list and its filters work as before.
    const list = await keyCall(t, reader, { method: 'GET', url: '/Orders?status=accepted' });
    expect(list.body).toMatchObject({ page: 1, items: expect.arrayContaining([expect.objectContaining({ orderNum: order.orderNum })]) });
  });

  it('while orders change concurrently: no order twice within a poll, and every order\'s last change is seen', async () => {
    let cursor = (await poll('0', 50)).cursor;
    const placed: number[] = [];
    for (let i = 0; i < 12; i++) placed.push((await placeOrder(t, [['11002', 1]])).order.orderNum);
    const seen = new Map<number, number>();
    const record = (pages: FeedOrder[][]) => {
      const inPoll = pages.flat().map((o) => o.orderNum);
      expect(new Set(inPoll).size, `repeated within a poll: ${inPoll}`).toBe(inPoll.length);
      for (const o of pages.flat()) {
        expect(o.version).toBeGreaterThanOrEqual(seen.get(o.orderNum) ?? 0);
        seen.set(o.orderNum, o.version);
      }
    };

    // Writers: every order is accepted, held, released and (half of them) cancelled, in parallel with the polls.
    const changes = (async () => {
      for (const step of ['Accept', 'Hold', 'Release', 'Cancel'] as const) {
        await Promise.all(
          placed
            .filter((n, i) => step !== 'Cancel' || i % 2 === 0)
            .map((n) => keyCall(t, writer, { method: 'POST', url: `/Orders/${n}/${step}`, ...(step === 'Hold' ? { payload: { reason: 'Check' } } : step === 'Cancel' ? { payload: { reason: 'ERP' } } : {}) })),
        );
        await placeOrder(t, [['11002', 1]]).then(({ order }) => placed.push(order.orderNum));
      }
    })();
    let done = false;
    const finished = changes.finally(() => (done = true));
    try {
      while (!done) {
        // A pause between polls, as an ERP makes (and to stay under the key's rate limit).
        await new Promise((resolve) => setTimeout(resolve, 20));
        const p = await poll(cursor, 3);
        record(p.pages);
        cursor = p.cursor;
      }
    } finally {
      // The writers end before the next test, whatever happened here.
      await finished;
    }
    const last = await poll(cursor, 3);
    record(last.pages);

    const final = await Promise.all(placed.map(async (n) => (await keyCall(t, reader, { method: 'GET', url: `/Orders/${n}` })).body as FeedOrder));
    expect(final.map((o) => [o.orderNum, seen.get(o.orderNum)])).toEqual(final.map((o) => [o.orderNum, o.version]));
    expect((await poll(last.cursor, 3)).pages.flat()).toEqual([]);
  });

  it('sees orders changed by a backorder fill from a stock change', async () => {
    await setStock(t, '11003', 0, 0);
    const { order } = await placeOrder(t, [['11003', 2]]);
    const cursor = (await poll('0', 100)).cursor;
    const stock = await newApiKey(t, owner, ['stock:write']);
    expect((await keyCall(t, stock.key, { method: 'POST', url: '/Stock/Adjust', payload: { invNum: '11003', warehouse: 'west', delta: 5, reason: 'received' } })).status).toBe(200);
    const after = (await poll(cursor, 100)).pages.flat();
    expect(after.map((o) => o.orderNum)).toEqual([order.orderNum]);
  });
});

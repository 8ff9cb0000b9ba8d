import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../customers/testing';
import { adminCall, type StaffSessionForTest, staffWith } from '../../test-support/admin';
import { loadFixtureCatalogue } from '../test-fixture';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { bodyOf, nodeOf } from './test-helpers';

/**
 * Two server processes on one database (as in item-editor/propagation.api.test.ts): a category
 * renamed and an item added to a collection through one are seen through the other's storefront
 * within 5 seconds, past its warm response cache (a structural change: the peer rebuilds).
 */

let t: TestApp;
let peer: TestApp;
let editor: StaffSessionForTest;

beforeAll(async () => {
  t = await createTestApp((ctx) => loadFixtureCatalogue(ctx.database.db));
  peer = await t.startPeer();
  peer.ctx.catalogue.startPolling(1000);
  editor = await staffWith(t, ['catalogue']);
});
afterAll(async () => {
  await peer?.close();
  await t?.close();
});

/** Asks the peer until `seen` holds for its answer to `url`; answers the time it took. */
async function untilPeer(url: string, seen: (body: any) => boolean): Promise<number> {
  const start = Date.now();
  for (;;) {
    const res = await call(peer, { method: 'GET', url });
    if (res.status === 200 && seen(res.body)) return Date.now() - start;
    if (Date.now() - start > 8_000) throw new Error(`peer still answers ${JSON.stringify(res.body).slice(0, 300)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('a category edit on one server process', () => {
  it('a renamed category reaches the other’s storefront within 5 s, past its warm caches', async () => {
    const info = '/Categories/GetCategoryInfo?categoryNum=33';
    const kids = '/Categories/GetChildCategories?parentCategory=3';
    for (let i = 0; i < 2; i++) {
      expect((await call(peer, { method: 'GET', url: info })).body.description).toBe('Number Shapes');
      await call(peer, { method: 'GET', url: kids });
    }
    const node = await nodeOf(t, editor, 33);
    expect((await adminCall(t, editor, { method: 'PUT', url: '/Categories/33', payload: bodyOf(node, { description: 'Number Balloons', seoTitle: 'Numbers' }) })).status).toBe(200);
    expect(await untilPeer(info, (b) => b.description === 'Number Balloons' && b.seoTitle === 'Numbers')).toBeLessThan(5_000);
    expect(await untilPeer(kids, (b) => b[0]?.description === 'Number Balloons')).toBeLessThan(5_000);
  });

  it('an item added to a collection is listed there by the other process within 5 s', async () => {
    const url = '/Inventory/GetPagedItemsForNVCategory?categoryNum=900&pageSize=100';
    const nums = (b: { items: { num: string }[] }) => b.items.map((i) => i.num).sort();
    for (let i = 0; i < 2; i++) expect(nums((await call(peer, { method: 'GET', url })).body)).toEqual(['11002', '30001']);
    const res = await adminCall(t, editor, { method: 'PUT', url: '/Collections/900/Items', payload: { nums: ['11002', '30001', '33007'], version: 1 } });
    expect(res.status).toBe(200);
    expect(await untilPeer(url, (b) => nums(b).includes('33007'))).toBeLessThan(5_000);
  });
});

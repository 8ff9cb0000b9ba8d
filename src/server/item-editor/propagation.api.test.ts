import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, newCustomer } from '../accounts/test-helpers';
import { type StaffSessionForTest, staffWith } from '../admin/test-helpers';
import { loadFixtureCatalogue } from '../catalogue/test-fixture';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { bodyOf, editorOf, putItem } from './test-helpers';

/**
 * Two server processes on one database (two contexts, each with its own connection, index,
 * response cache and poll): an edit made through one is seen through the other's storefront
 * within 5 seconds, and no cache there answers the old data after that (docs/decisions/0020).
 */

let t: TestApp;
let peer: TestApp;
let editor: StaffSessionForTest;
let token: string;

beforeAll(async () => {
  t = await createTestApp((ctx) => loadFixtureCatalogue(ctx.database.db));
  peer = await t.startPeer();
  peer.ctx.catalogue.startPolling(1000);
  editor = await staffWith(t, ['catalogue']);
  token = (await newCustomer(t)).token;
});
afterAll(async () => {
  await peer?.close();
  await t?.close();
});

const URLS = ['/Inventory/GetPagedItemsForCategory?categoryNum=1', '/Inventory/GetPagedItemsForSearch?searchtext=latex', '/Inventory/GetItemDetail?itemNum=11002'];

/** Every URL through the peer, anonymous and signed in (the bodies, and the ETags). */
async function peerAnswers() {
  const out: { url: string; priced: boolean; body: any; etag: string }[] = [];
  for (const url of URLS) {
    for (const priced of [false, true]) {
      const res = await call(peer, { method: 'GET', url, headers: priced ? { 'user-token': token } : {} });
      expect(res.status).toBe(200);
      out.push({ url, priced, body: res.body, etag: String(res.headers.etag) });
    }
  }
  return out;
}

const item11002 = (body: any) => (body.items ? body.items.find((i: { num: string }) => i.num === '11002') : body);

/** Waits until `seen` holds for every answer of the peer; answers the time it took. */
async function untilPeerShows(seen: (item: any) => boolean): Promise<number> {
  const start = Date.now();
  for (;;) {
    const answers = await peerAnswers();
    if (answers.every((a) => item11002(a.body) && seen(item11002(a.body)))) return Date.now() - start;
    if (Date.now() - start > 8_000) throw new Error(`peer still shows ${JSON.stringify(answers.map((a) => item11002(a.body)))}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('an edit on one server process', () => {
  it('reaches the other’s listing, search and detail within 5 s, past its warm caches, by patching its index', async () => {
    // Twice: the response cache keeps a URL from its second answer on.
    await peerAnswers();
    const warm = await peerAnswers();
    const indexBefore = peer.ctx.catalogue.current();
    const item = await editorOf(t, editor, '11002');
    expect((await putItem(t, editor, '11002', bodyOf(item, { price: 7.77, srp: 15.55, new: true }))).status).toBe(200);
    const took = await untilPeerShows((it) => it.srp === 15.55 && it.new === true);
    expect(took).toBeLessThan(5_000);
    const after = await peerAnswers();
    for (const [i, a] of after.entries()) {
      expect(a.etag).not.toBe(warm[i]!.etag);
      if (a.priced) expect(item11002(a.body).price).toBe(7.77);
    }
    // A price edit leaves the index's structure alone: laid over it, no rebuild.
    expect(peer.ctx.catalogue.current()).toBe(indexBefore);
  });

  it('a title change (the indexes rebuilt) and hiding the item reach the other process within 5 s too', async () => {
    await peerAnswers();
    const item = await editorOf(t, editor, '11002');
    expect((await putItem(t, editor, '11002', bodyOf(item, { web_Title: '11" Cobalt Latex' }))).status).toBe(200);
    expect(await untilPeerShows((it) => it.web_Title === '11" Cobalt Latex')).toBeLessThan(5_000);
    const cobalt = await call(peer, { method: 'GET', url: '/Inventory/GetPagedItemsForSearch?searchtext=cobalt' });
    expect(cobalt.body.items.map((i: { num: string }) => i.num)).toEqual(['11002']);

    const again = await editorOf(t, editor, '11002');
    expect((await putItem(t, editor, '11002', bodyOf(again, { status: 'hidden' }))).status).toBe(200);
    const start = Date.now();
    for (;;) {
      const listing = await call(peer, { method: 'GET', url: URLS[0]! });
      if (!listing.body.items.some((i: { num: string }) => i.num === '11002')) break;
      expect(Date.now() - start).toBeLessThan(5_000);
      await new Promise((r) => setTimeout(r, 100));
    }
    const detail = await call(peer, { method: 'GET', url: URLS[2]! });
    expect(detail.status).toBe(200);
    expect(detail.body.web_Title).toBe('11" Cobalt Latex');
  });
});

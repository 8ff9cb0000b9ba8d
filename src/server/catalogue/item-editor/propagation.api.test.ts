import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, newCustomer } from '../../customers/testing';
import { type StaffSessionForTest, staffWith } from '../../test-support/admin';
import { loadFixtureCatalogue } from '../test-fixture';
import type { ServerProcess } from '../../test-support/server-process';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { bodyOf, editorOf, putItem } from './test-helpers';

/**
 * Two servers on one database, each with its own connection, index, response cache and poll: a
 * second context in this process (whose index can be looked at), and a real second server
 * process (`src/server/main.ts`, reached over HTTP). An edit made through the first is seen
 * through the others' storefront within 5 seconds, and no cache there answers the old data after
 * that (docs/decisions/0020).
 */

let t: TestApp;
let peer: TestApp;
let peerProcess: ServerProcess;
let editor: StaffSessionForTest;
let token: string;

beforeAll(async () => {
  t = await createTestApp((ctx) => loadFixtureCatalogue(ctx.database.db));
  [peer, peerProcess] = await Promise.all([t.startPeer(), t.startPeerProcess()]);
  peer.ctx.catalogue.startPolling(1000);
  editor = await staffWith(t, ['catalogue']);
  token = (await newCustomer(t)).token;
}, 180_000);
afterAll(async () => {
  await peerProcess?.stop();
  await peer?.close();
  await t?.close();
});

type Get = (url: string, headers: Record<string, string>) => Promise<{ status: number; body: any; etag: string }>;

/** The storefront of the second context, and of the second process. */
const PEERS: { name: string; get: Get }[] = [
  {
    name: 'a second server context',
    get: async (url, headers) => {
      const res = await call(peer, { method: 'GET', url, headers });
      return { status: res.status, body: res.body, etag: String(res.headers.etag) };
    },
  },
  {
    name: 'a second server process',
    get: async (url, headers) => {
      const res = await fetch(`${peerProcess.url}/beapi${url}`, { headers });
      return { status: res.status, body: await res.json(), etag: String(res.headers.get('etag')) };
    },
  },
];

const URLS = ['/Inventory/GetPagedItemsForCategory?categoryNum=1', '/Inventory/GetPagedItemsForSearch?searchtext=latex', '/Inventory/GetItemDetail?itemNum=11002'];

/** Every URL through every peer, anonymous and signed in (the bodies, and the ETags). */
async function peerAnswers() {
  const out: { peer: string; url: string; priced: boolean; body: any; etag: string }[] = [];
  for (const { name, get } of PEERS) {
    for (const url of URLS) {
      for (const priced of [false, true]) {
        const res = await get(url, priced ? { 'user-token': token } : {});
        expect(res.status).toBe(200);
        out.push({ peer: name, url, priced, body: res.body, etag: res.etag });
      }
    }
  }
  return out;
}

const item11002 = (body: any) => (body.items ? body.items.find((i: { num: string }) => i.num === '11002') : body);

/** Waits until `seen` holds for every answer of every peer; answers the time it took. */
async function untilPeersShow(seen: (item: any) => boolean): Promise<number> {
  const start = Date.now();
  for (;;) {
    const answers = await peerAnswers();
    if (answers.every((a) => item11002(a.body) && seen(item11002(a.body)))) return Date.now() - start;
    if (Date.now() - start > 8_000) throw new Error(`a peer still shows ${JSON.stringify(answers.map((a) => [a.peer, item11002(a.body)]))}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('an edit on one server', () => {
  it('reaches the others’ listing, search and detail within 5 s, past their warm caches, by patching their index', async () => {
    // Twice: the response cache keeps a URL from its second answer on.
    await peerAnswers();
    const warm = await peerAnswers();
    const indexBefore = peer.ctx.catalogue.current();
    const item = await editorOf(t, editor, '11002');
    expect((await putItem(t, editor, '11002', bodyOf(item, { price: 7.77, srp: 15.55, new: true }))).status).toBe(200);
    const took = await untilPeersShow((it) => it.srp === 15.55 && it.new === true);
    expect(took).toBeLessThan(5_000);
    const after = await peerAnswers();
    for (const [i, a] of after.entries()) {
      expect(a.etag).not.toBe(warm[i]!.etag);
      if (a.priced) expect(item11002(a.body).price).toBe(7.77);
    }
    // A price edit leaves the index's structure alone: laid over it, no rebuild.
    expect(peer.ctx.catalogue.current()).toBe(indexBefore);
  });

  it('a title change (laid over the index, search words too) and hiding the item (taken out of it) reach the others within 5 s too', async () => {
    await peerAnswers();
    const indexBefore = peer.ctx.catalogue.current();
    const item = await editorOf(t, editor, '11002');
    expect((await putItem(t, editor, '11002', bodyOf(item, { web_Title: '11" Cobalt Latex', key_Words: 'sapphire' }))).status).toBe(200);
    expect(await untilPeersShow((it) => it.web_Title === '11" Cobalt Latex')).toBeLessThan(5_000);
    for (const { get } of PEERS) {
      for (const word of ['cobalt', 'sapphire']) {
        const found = await get(`/Inventory/GetPagedItemsForSearch?searchtext=${word}`, {});
        expect(found.body.items.map((i: { num: string }) => i.num)).toEqual(['11002']);
      }
      // A word only the old title had ("11\" Royal Blue Latex") no longer finds it.
      const old = await get('/Inventory/GetPagedItemsForSearch?searchtext=royal&pageSize=100', {});
      expect(old.body.items.map((i: { num: string }) => i.num)).not.toContain('11002');
    }
    expect(peer.ctx.catalogue.current()).toBe(indexBefore);

    const again = await editorOf(t, editor, '11002');
    expect((await putItem(t, editor, '11002', bodyOf(again, { status: 'hidden' }))).status).toBe(200);
    const start = Date.now();
    for (const { get } of PEERS) {
      for (;;) {
        const listing = await get(URLS[0]!, {});
        if (!listing.body.items.some((i: { num: string }) => i.num === '11002')) break;
        expect(Date.now() - start).toBeLessThan(5_000);
        await new Promise((r) => setTimeout(r, 100));
      }
      const detail = await get(URLS[2]!, {});
      expect(detail.status).toBe(200);
      expect(detail.body.web_Title).toBe('11" Cobalt Latex');
      const found = await get('/Inventory/GetPagedItemsForSearch?searchtext=cobalt', {});
      expect(found.body.items).toEqual([]);
    }
    // Taken out of the index where it was: no rebuild.
    expect(peer.ctx.catalogue.current()).toBe(indexBefore);
  });

  it('showing a hidden item again in another category and a collection (put into the index, no rebuild) reaches the others within 5 s', async () => {
    const indexBefore = peer.ctx.catalogue.current();
    const item = await editorOf(t, editor, '11002');
    expect(item.status).toBe('hidden');
    expect((await putItem(t, editor, '11002', bodyOf(item, { status: 'active', categories: [33, 900] }))).status).toBe(200);
    const start = Date.now();
    for (const { name, get } of PEERS) {
      for (;;) {
        const listing = await get('/Inventory/GetPagedItemsForCategory?categoryNum=33&pageSize=100', {});
        const collection = await get('/Inventory/GetPagedItemsForNVCategory?categoryNum=900&pageSize=100', {});
        const found = await get('/Inventory/GetPagedItemsForSearch?searchtext=cobalt', {});
        const shows = (body: { items: { num: string }[] }) => body.items.some((i) => i.num === '11002');
        if (shows(listing.body) && shows(collection.body) && shows(found.body)) break;
        if (Date.now() - start > 5_000) throw new Error(`${name} does not list 11002 after 5 s`);
        await new Promise((r) => setTimeout(r, 100));
      }
      // Gone from its old category, Foil's listing counts it (33 is below 3).
      const old = await get('/Inventory/GetPagedItemsForCategory?categoryNum=1&pageSize=100', {});
      expect(old.body.items.map((i: { num: string }) => i.num)).not.toContain('11002');
      const foil = await get('/Inventory/GetPagedItemsForCategory?categoryNum=3&pageSize=100', {});
      expect(foil.body.items.map((i: { num: string }) => i.num)).toContain('11002');
    }
    expect(peer.ctx.catalogue.current()).toBe(indexBefore);
  });
});

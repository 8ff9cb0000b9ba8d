import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialectOps } from '../platform/db/dialect';
import { adminCall, staffWith } from '../test-support/admin';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { CatalogueService } from './service';
import { fixtureItems, loadFixtureCatalogue, seedItems } from './test-fixture';

/**
 * Forgiving search (DESIGN.md §7 "Buying faster"; decision 0044): typos, synonyms kept in the
 * back office, an exact item number or UPC first, and a did-you-mean when nothing matches.
 */
let t: TestApp;
const base = fixtureItems[0]!;
const extra = { colorGroup: '', suggestedNums: [], facets: [], attributes: [], upc: '' };
beforeAll(async () => {
  t = await createTestApp(async (ctx) => {
    await loadFixtureCatalogue(ctx.database.db);
    await seedItems(ctx.database.db, [
      // Newer than the items they name, so newest-first would put them first.
      { ...base, ...extra, num: '60001', categoryNum: 3, webTitle: '18" Foil Heart', keyWords: '', createdAt: '2026-06-01T00:00:00Z' },
      { ...base, ...extra, num: '60002', categoryNum: 11, webTitle: '260Q White Twisting Latex', keyWords: '', createdAt: '2026-06-02T00:00:00Z' },
      { ...base, ...extra, num: '60003', categoryNum: 3, webTitle: 'Party Pack with 30001', keyWords: 'bundle 0712343000201', createdAt: '2026-06-03T00:00:00Z' },
    ]);
  });
});
afterAll(() => t?.close());

interface Answer {
  items: { num: string }[];
  totalNumberOfItems: number;
  didYouMean?: string;
}

async function search(text: string, query = ''): Promise<Answer> {
  const res = await t.app.inject({ method: 'GET', url: `/beapi/Inventory/GetPagedItemsForSearch?searchtext=${encodeURIComponent(text)}&pageSize=100${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Answer;
}
const nums = (a: Answer) => a.items.map((i) => i.num).sort();

describe('typos', () => {
  it('a word of 4 to 7 letters finds its items with one typo (a swap of two letters counts as one)', async () => {
    const latex = nums(await search('latex'));
    expect(latex).toEqual(['11001', '11002', '11003', '12001', '60002']);
    expect(nums(await search('ltaex'))).toEqual(latex);
    expect(nums(await search('latx'))).toEqual(latex);
    expect(nums(await search('laytex'))).toEqual(latex);
    expect(nums(await search('hart'))).toEqual(['30001', '60001']);
  });

  it('a word of 8 letters or more finds its items with two typos', async () => {
    expect(nums(await search('dinozaurr'))).toEqual(['30003']);
    expect(nums(await search('congratulatoins'))).toEqual(['30002']);
  });

  it('no more typos than that, and none in words under 4 letters', async () => {
    expect((await search('hzppi')).totalNumberOfItems).toBe(0); // two typos in a 5-letter word
    expect((await search('rde')).totalNumberOfItems).toBe(0);
    expect((await search('dinozaurrr')).totalNumberOfItems).toBe(0); // three typos
  });

  it('a word that matches as typed is not widened by its typos', async () => {
    // "star" starts a word: "stare" or "stat" are not searched for it.
    expect(nums(await search('star'))).toEqual(['30002']);
    expect((await search('star')).didYouMean).toBeUndefined();
  });

  it('typos work with the other words and with every sort', async () => {
    expect(nums(await search('red ltaex'))).toEqual(['11001', '12001']);
    for (const sort of ['relevance', 'date', 'num', 'title']) expect(nums(await search('ltaex red', `&sort=${sort}`))).toEqual(['11001', '12001']);
    expect((await search('ltaex red', '&sort=num')).items.map((i) => i.num)).toEqual(['11001', '12001']);
  });
});

describe('did you mean', () => {
  it('is given when the words as typed match nothing, from the catalogue words, and runs a search that finds them', async () => {
    const typo = await search('red ltaex');
    expect(typo.didYouMean).toBe('red latex');
    const nonsense = await search('hzppi');
    expect(nonsense.didYouMean).toBe('happy');
    expect(nums(await search(nonsense.didYouMean!))).toEqual(['30001']);
  });

  it('is not given when the words as typed find items, nor for a word nothing is near', async () => {
    expect((await search('red latex')).didYouMean).toBeUndefined();
    expect((await search('qqqqqqq')).didYouMean).toBeUndefined();
    expect((await search('qqqqqqq')).totalNumberOfItems).toBe(0);
  });
});

describe('item number and UPC first', () => {
  it('an exact item number ranks first by relevance, the default sort', async () => {
    const byDate = await search('30001', '&sort=date');
    expect(byDate.items.map((i) => i.num)).toEqual(['60003', '30001']);
    expect((await search('30001')).items.map((i) => i.num)).toEqual(['30001', '60003']);
    expect((await search('30001', '&sort=relevance')).items.map((i) => i.num)).toEqual(['30001', '60003']);
  });

  it('an exact UPC ranks first', async () => {
    expect((await search('071234300020', '&sort=date')).items.map((i) => i.num)).toEqual(['60003', '30002']);
    expect((await search('071234300020')).items.map((i) => i.num)).toEqual(['30002', '60003']);
  });

  it('relevance keeps newest first otherwise, and refuses an unknown sort with plain words', async () => {
    expect((await search('latex')).items.map((i) => i.num)).toEqual((await search('latex', '&sort=date')).items.map((i) => i.num));
    const res = await t.app.inject({ method: 'GET', url: '/beapi/Inventory/GetPagedItemsForSearch?searchtext=latex&sort=best' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Sort must be by relevance, date, number or title.');
  });
});

describe('synonyms kept in the back office', () => {
  it('staff with catalogue rights list and save them; a search word then finds the words listed for it', async () => {
    const catalogue = await staffWith(t, ['catalogue']);
    expect((await search('mylar')).totalNumberOfItems).toBe(0);
    expect((await adminCall(t, catalogue, { method: 'GET', url: '/SearchSynonyms' })).body).toEqual({ synonyms: [] });

    const saved = await adminCall(t, catalogue, {
      method: 'PUT',
      url: '/SearchSynonyms',
      payload: { synonyms: [{ word: 'Mylar', words: ['foil'] }, { word: 'twisty', words: ['260', 'twisting'] }] },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ synonyms: [{ word: 'mylar', words: ['foil'] }, { word: 'twisty', words: ['260', 'twisting'] }] });
    expect((await adminCall(t, catalogue, { method: 'GET', url: '/SearchSynonyms' })).body).toEqual(saved.body);

    expect(nums(await search('mylar'))).toEqual(['60001']);
    expect(nums(await search('mylar heart'))).toEqual(['60001']);
    expect(nums(await search('twisty'))).toEqual(['60002']);
    expect((await search('twisty')).didYouMean).toBeUndefined();
    // A word found as typed comes before one found through a synonym.
    await adminCall(t, catalogue, { method: 'PUT', url: '/SearchSynonyms', payload: { synonyms: [{ word: 'heart', words: ['twisting'] }] } });
    expect((await search('heart')).items.map((i) => i.num)).toEqual(['60001', '30001', '60002']);
    expect(nums(await search('mylar'))).toEqual([]);
  });

  it('reaches every server process on its next poll', async () => {
    const catalogue = await staffWith(t, ['catalogue']);
    const other = new CatalogueService(t.ctx.database.db, dialectOps(t.ctx.database.dialect));
    await other.refresh();
    const ask = (text: string) => JSON.parse(other.search({ searchtext: text, sort: 'relevance', page: 1, pageSize: 20, color: [], sizes: [], events: [], messages: [], poscat: [], shapes: [], themes: [] }, null).text) as Answer;
    expect(ask('balloonz').totalNumberOfItems).toBe(0);
    await adminCall(t, catalogue, { method: 'PUT', url: '/SearchSynonyms', payload: { synonyms: [{ word: 'balloonz', words: ['bubble'] }] } });
    expect(ask('balloonz').totalNumberOfItems).toBe(0);
    await other.refresh();
    expect(nums(ask('balloonz'))).toEqual(['40001']);
  });

  it('needs catalogue rights, and refuses a bad list with plain words', async () => {
    const orders = await staffWith(t, ['orders']);
    const warehouse = await staffWith(t, ['warehouse']);
    const catalogue = await staffWith(t, ['catalogue']);
    expect((await adminCall(t, orders, { method: 'GET', url: '/SearchSynonyms' })).status).toBe(403);
    expect((await adminCall(t, warehouse, { method: 'PUT', url: '/SearchSynonyms', payload: { synonyms: [] } })).status).toBe(403);
    const twice = await adminCall(t, catalogue, { method: 'PUT', url: '/SearchSynonyms', payload: { synonyms: [{ word: 'mylar', words: ['foil'] }, { word: 'MYLAR', words: ['heart'] }] } });
    expect(twice.status).toBe(400);
    expect(JSON.stringify(twice.body)).toContain('The word mylar is listed twice.');
    const spaced = await adminCall(t, catalogue, { method: 'PUT', url: '/SearchSynonyms', payload: { synonyms: [{ word: 'hi float', words: ['foil'] }] } });
    expect(spaced.status).toBe(400);
    expect(JSON.stringify(spaced.body)).toContain('A synonym word is one word of letters and digits');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialectOps, searchTerms } from '../platform/db/dialect';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { seedSyntheticItems } from './demo/seed';
import { bumpCatalogueVersion } from './queries';
import { fixtureItems, loadFixtureCatalogue, seedItems } from './test-fixture';

/**
 * Search is answered from the in-memory search index; the database full-text search it replaced
 * stays the reference: both must find the same items, for short prefixes and several words.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(async (ctx) => {
    // Synthetic items first: they bring the demo categories they are filed under.
    await seedSyntheticItems(ctx.database.db, 400, { seed: 42 });
    await loadFixtureCatalogue(ctx.database.db);
    const base = fixtureItems[0]!;
    await seedItems(ctx.database.db, [{ ...base, num: '11099', upc: '', webTitle: 'Retired Red Latex', colorGroup: '', suggestedNums: [], active: false }]);
  });
});
afterAll(() => t?.close());

/** Every item number the search API answers, over all pages, in the order it answers them. */
async function apiSearch(text: string, extra = ''): Promise<string[]> {
  const found: string[] = [];
  for (let page = 1; ; page++) {
    const res = await t.app.inject({ method: 'GET', url: `/beapi/Inventory/GetPagedItemsForSearch?searchtext=${encodeURIComponent(text)}&pageSize=100&page=${page}${extra}` });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { items: { num: string }[]; totalNumberOfItems: number };
    found.push(...body.items.map((i) => i.num));
    if (found.length >= body.totalNumberOfItems || body.items.length === 0) return found;
  }
}

/** The active items the database's own full-text search finds. */
async function databaseSearch(text: string): Promise<string[]> {
  const { db, dialect } = t.ctx.database;
  const ids = await dialectOps(dialect).searchItemIds(db, searchTerms(text));
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('items').select('num').where('id', 'in', ids).where('active', '=', 1).execute();
  return rows.map((r) => r.num).sort();
}

describe('search from memory', () => {
  it('finds what the database full-text search finds, for every one-character prefix', async () => {
    for (const c of 'abcdefghijklmnopqrstuvwxyz0123456789') {
      const api = await apiSearch(c);
      expect([...api].sort(), `searchtext=${c}`).toEqual(await databaseSearch(c));
    }
    expect((await apiSearch('r')).length).toBeGreaterThan(50);
  });

  it('finds what the database finds for several words, numbers, codes and unknown words', async () => {
    for (const text of ['red latex', 'Happy Birth', 'foil b', 'classic 11', '1000', 'c-33007', 'ltx r', 'gold star 1', 'retired', 'zeppelin', 'r zzz']) {
      expect([...(await apiSearch(text))].sort(), `searchtext=${text}`).toEqual(await databaseSearch(text));
    }
  });

  it('keeps sort order, category scope and inactive items as before', async () => {
    const byNum = (await apiSearch('red latex', '&sort=num')).map(Number);
    expect(byNum.slice(0, 2)).toEqual([11001, 12001]);
    expect(byNum).toEqual([...byNum].sort((a, b) => a - b));
    expect(await apiSearch('retired')).toEqual([]);
    const inLatex = await apiSearch('r', '&categoryNum=1&sort=num');
    expect(inLatex).toContain('11001');
    const all = new Set(await apiSearch('r'));
    expect(inLatex.every((num) => all.has(num))).toBe(true);
    expect(inLatex.length).toBeLessThan(all.size);
  });

  it('finds an imported item once the catalogue version moves', async () => {
    const base = fixtureItems[0]!;
    await seedItems(t.ctx.database.db, [{ ...base, num: '11098', upc: '', webTitle: 'Quokka Latex', keyWords: 'marsupial', colorGroup: '', suggestedNums: [] }]);
    await bumpCatalogueVersion(t.ctx.database.db);
    await t.ctx.catalogue.refresh();
    expect(await apiSearch('quok')).toEqual(['11098']);
    expect(await apiSearch('marsu latex')).toEqual(['11098']);
  });
});

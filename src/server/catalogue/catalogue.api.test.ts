import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCustomer } from '../customers/testing';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { markStockChanged } from '../stock/testing';
import { fixtureItems, loadFixtureCatalogue, seedItems } from './test-fixture';
import { seedStock } from '../stock/testing';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp((ctx) => loadFixtureCatalogue(ctx.database.db));
});
afterAll(() => t?.close());

async function get(url: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'GET', url: `/beapi${url}`, headers });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}
const nums = (body: { items: { num: string }[] }) => body.items.map((i) => i.num);
const list = async (query: string) => (await get(`/Inventory/GetPagedItemsForCategory?${query}`)).body;

describe('category tree', () => {
  it('lists the top-level categories, not the NV collections', async () => {
    const { status, body } = await get('/Categories/GetMainCategories');
    expect(status).toBe(200);
    expect(body.map((c: { num: number }) => c.num)).toEqual([1, 3, 4]);
    expect(body[0]).toEqual({ num: 1, description: 'Premium Latex', parentNum: 0, parentOnly: true, logo: '/images/logos/latex.svg', beCat: 'LTX', seoTitle: '', seoDescription: '' });
    expect(body.find((c: { num: number }) => c.num === 4).parentOnly).toBe(false);
  });

  it('lists children and answers category info', async () => {
    expect((await get('/Categories/GetChildCategories?parentCategory=1')).body.map((c: { num: number }) => c.num)).toEqual([11, 12]);
    expect((await get('/Categories/GetChildCategories?parentCategory=4')).body).toEqual([]);
    const info = await get('/Categories/GetCategoryInfo?categoryNum=33');
    expect(info.body).toMatchObject({ num: 33, parentNum: 3, description: 'Number Shapes', parentOnly: false });
  });

  it('answers 404 for an unknown category and 400 for a malformed number', async () => {
    const unknown = await get('/Categories/GetCategoryInfo?categoryNum=777');
    expect(unknown.status).toBe(404);
    expect(unknown.headers['content-type']).toContain('application/problem+json');
    expect(unknown.body).toMatchObject({ status: 404, detail: 'Category 777 not found', errorMessage: 'Category 777 not found' });
    const bad = await get('/Categories/GetChildCategories?parentCategory=abc');
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe('Category number must be a whole number.');
  });
});

describe('category listing', () => {
  it("lists a parent category's descendants' items", async () => {
    const latex = await list('categoryNum=1');
    expect(latex.totalNumberOfItems).toBe(4);
    expect(nums(latex).sort()).toEqual(['11001', '11002', '11003', '12001']);
    const foil = await list('categoryNum=3');
    expect(nums(foil).sort()).toEqual(['30001', '30002', '30003', '33007']);
    expect((await list('categoryNum=11')).totalNumberOfItems).toBe(3);
  });

  it('shapes each list item as the spec says, with SRP but no price for a visitor', async () => {
    const page = await list('categoryNum=11&sort=num&pageSize=1');
    expect(page.items[0]).toEqual({
      num: '11001',
      code: 'C-11001',
      web_Title: '11" Red Latex',
      picture: '/images/items/11001?v=1',
      inventoryPicture: '/images/items/11001?v=1',
      logo: '',
      inStockFresno: true,
      inStockFairhope: false,
      new: false,
      srp: 19.99,
    });
  });

  it.each([
    ['color=red', ['11001', '12001']],
    ['sizes=11"', ['11001', '11002', '11003']],
    ['poscat=12', ['11001', '11002', '11003', '12001']],
  ])('filters latex by %s', async (filter, expected) => {
    expect(nums(await list(`categoryNum=1&${encodeURI(filter)}`)).sort()).toEqual(expected);
  });

  it.each([
    ['events=birthday', ['30001', '30003']],
    ['messages=happy-birthday', ['30001']],
    ['shapes=heart', ['30001']],
    ['themes=dinosaurs', ['30003']],
    ['color=gold', ['30001', '33007']],
  ])('filters foil by %s', async (filter, expected) => {
    expect(nums(await list(`categoryNum=3&${filter}`)).sort()).toEqual(expected);
  });

  it('ORs values within a filter and ANDs across filters', async () => {
    const either = await list('categoryNum=1&color=red&color=royal-blue');
    expect(nums(either).sort()).toEqual(['11001', '11002', '12001']);
    const both = await list(`categoryNum=1&color=red&color=royal-blue&sizes=${encodeURIComponent('11"')}`);
    expect(nums(both).sort()).toEqual(['11001', '11002']);
    expect(both.totalNumberOfItems).toBe(2);
    const none = await list('categoryNum=3&shapes=heart&themes=dinosaurs');
    expect(none.items).toEqual([]);
    expect(none.totalNumberOfItems).toBe(0);
  });

  it("reads the value 'all' as 'has any value'", async () => {
    expect(nums(await list('categoryNum=3&messages=all')).sort()).toEqual(['30001', '30002']);
    expect(nums(await list('categoryNum=3&themes=all'))).toEqual(['30003']);
    expect(nums(await list('categoryNum=3&events=all')).sort()).toEqual(['30001', '30002', '30003']);
  });

  it('pages to the last page and past the end', async () => {
    const last = await list('categoryNum=1&sort=num&pageSize=3&page=2');
    expect(last).toMatchObject({ numberOfItems: 1, pageSize: 3, pageNumber: 2, totalNumberOfItems: 4 });
    expect(nums(last)).toEqual(['12001']);
    const past = await list('categoryNum=1&pageSize=3&page=5');
    expect(past).toMatchObject({ items: [], numberOfItems: 0, pageNumber: 5, totalNumberOfItems: 4 });
    const defaults = await list('categoryNum=1');
    expect(defaults).toMatchObject({ pageSize: 20, pageNumber: 1 });
  });

  it('sorts newest first by default, and by number or title on request', async () => {
    expect(nums(await list('categoryNum=1'))).toEqual(['12001', '11002', '11001', '11003']);
    expect(nums(await list('categoryNum=1&sort=date'))).toEqual(['12001', '11002', '11001', '11003']);
    expect(nums(await list('categoryNum=1&sort=num'))).toEqual(['11001', '11002', '11003', '12001']);
    expect(nums(await list('categoryNum=1&sort=title'))).toEqual(['11003', '11001', '11002', '12001']);
  });

  it('lists every value present in the category with its count, whatever the filters', async () => {
    const latex = await list('categoryNum=1&color=red');
    expect(latex.distinctColors).toEqual([
      { name: 'Pastel Pink', link: 'pastel-pink', count: 1 },
      { name: 'Red', link: 'red', count: 2 },
      { name: 'Royal Blue', link: 'royal-blue', count: 1 },
    ]);
    expect(latex.distinctSizes).toEqual(['11"', '16"']);
    expect(latex.distinctPoscats).toEqual([{ poscatNum: '12', poscatName: 'Latex Balloons', count: 4 }]);
    expect(latex.distinctEvents).toEqual([]);
    const foil = await list('categoryNum=3');
    expect(foil.distinctEvents).toEqual([
      { name: 'Birthday', link: 'birthday', count: 2 },
      { name: 'Graduation', link: 'graduation', count: 1 },
    ]);
    expect(foil.distinctShapes.map((s: { link: string }) => s.link)).toEqual(['heart', 'number', 'round', 'star']);
    expect((await list('categoryNum=4')).distinctDimensions).toEqual(['24 in']);
  });

  it.each([
    ['categoryNum=abc', 'Category number must be a whole number.'],
    ['categoryNum=1&pageSize=0', 'Rows per page must be at least 1.'],
    ['categoryNum=1&pageSize=1000', 'Rows per page must be at most 100.'],
    ['categoryNum=1&page=-1', 'Page must be at least 1.'],
    ['categoryNum=1&page=1.5', 'Page must be a whole number.'],
    ['categoryNum=1&sort=price', 'Sort must be by date, number or title.'],
    ['categoryNum=1&color=plaid', 'Unknown color filter value: plaid'],
    ['categoryNum=3&events=christmas&events=birthday', 'Unknown event filter value: christmas'],
    ['', 'Category number must be a whole number.'],
  ])('answers 400 problem+json for %s', async (query, message) => {
    const res = await get(`/Inventory/GetPagedItemsForCategory?${query}`);
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.body).toMatchObject({ status: 400, title: 'Bad Request', detail: message, errorMessage: message });
    expect(JSON.stringify(res.body)).not.toMatch(/stack|node_modules|select /i);
  });

  it('answers 404 for an unknown category and for an NV number in the tree call', async () => {
    expect((await get('/Inventory/GetPagedItemsForCategory?categoryNum=999')).status).toBe(404);
    expect((await get('/Inventory/GetPagedItemsForCategory?categoryNum=900')).status).toBe(404);
  });
});

describe('NV collections', () => {
  it('lists a collection and searches within it', async () => {
    const nv = (await get('/Inventory/GetPagedItemsForNVCategory?categoryNum=900')).body;
    expect(nums(nv).sort()).toEqual(['11002', '30001']);
    const found = (await get('/Inventory/GetPagedItemsForNVSearch?nvcatnum=900&searchtext=birthday')).body;
    expect(nums(found)).toEqual(['30001']);
    expect((await get('/Categories/GetNVCategories')).body.map((c: { num: number }) => c.num)).toEqual([900]);
  });
});

describe('search', () => {
  const search = async (text: string, extra = '') =>
    (await get(`/Inventory/GetPagedItemsForSearch?searchtext=${encodeURIComponent(text)}${extra}`)).body;

  it('finds by word, word prefix, keyword, item number, code and UPC', async () => {
    expect(nums(await search('birthday'))).toEqual(['30001']);
    expect(nums(await search('Birth'))).toEqual(['30001']);
    expect(nums(await search('graduate'))).toEqual(['30002']);
    expect(nums(await search('11002'))).toEqual(['11002']);
    expect(nums(await search('110', '&sort=num'))).toEqual(['11001', '11002', '11003']);
    expect(nums(await search('071234400010'))).toEqual(['40001']);
    expect(nums(await search('C-33007'))).toEqual(['33007']);
  });

  it('needs every word, filters results and counts values over the matches', async () => {
    expect(nums(await search('red latex', '&sort=num'))).toEqual(['11001', '12001']);
    expect(nums(await search('latex', '&color=royal-blue'))).toEqual(['11002']);
    const latex = await search('latex');
    expect(latex.totalNumberOfItems).toBe(4);
    expect(latex.distinctColors.find((c: { link: string }) => c.link === 'red').count).toBe(2);
    expect((await search('zeppelin')).totalNumberOfItems).toBe(0);
  });

  it('searches within a category when one is given', async () => {
    expect(nums(await search('red', '&categoryNum=12'))).toEqual(['12001']);
  });

  it('refuses an empty search text', async () => {
    const res = await get('/Inventory/GetPagedItemsForSearch?searchtext=%20');
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('Search is required.');
  });
});

describe('item detail', () => {
  it("answers every field, other colours, suggestions and sanitised product info", async () => {
    const { status, body } = await get('/Inventory/GetItemDetail?itemNum=11001');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      num: '11001',
      code: 'C-11001',
      web_Title: '11" Red Latex',
      seO_Title: '11" Red Latex',
      upc: '071234110018',
      srp: 19.99,
      category: 11,
      color_Family: 'Red',
      packaged: '100 ct bag',
      qty_FR: 50,
      qty_FH: 0,
      inStockFresno: true,
      inStockFairhope: false,
      attributes: [{ name: 'Finish', value: 'Standard' }],
    });
    expect(body.price).toBeUndefined();
    expect(body.caseQty).toBeUndefined();
    expect(body.web_Product_Info).toBe('<p>Floats <strong>14 hours</strong>.</p>');
    expect(body.colors).toEqual([
      { num: '11002', name: 'Royal Blue', link: 'royal-blue', picture: '/images/items/11002?v=1' },
      { num: '11003', name: 'Pastel Pink', link: 'pastel-pink', picture: '/images/items/11003?v=1' },
    ]);
    expect(nums({ items: body.suggestedItems })).toEqual(['11002', '30001']);
  });

  it('answers 404 for an unknown item and 400 without a number', async () => {
    const res = await get('/Inventory/GetItemDetail?itemNum=99999');
    expect(res.status).toBe(404);
    expect(res.body.detail).toBe('Item 99999 not found');
    expect((await get('/Inventory/GetItemDetail')).status).toBe(400);
  });
});

describe('HTTP behaviour', () => {
  it('answers 304 to a revalidation of an unchanged listing', async () => {
    const first = await get('/Inventory/GetPagedItemsForCategory?categoryNum=1');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\//);
    const again = await t.app.inject({ method: 'GET', url: '/beapi/Inventory/GetPagedItemsForCategory?categoryNum=1', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('answers an unknown API path with a 404 problem', async () => {
    const res = await get('/Nothing/Here');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toContain('application/problem+json');
  });

  it('reports health with the database', async () => {
    const res = await get('/health');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('ok');
  });

  it('serves the OpenAPI document generated from the contract', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/beapi/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(Object.keys(doc.paths)).toContain('/beapi/Inventory/GetPagedItemsForCategory');
    expect(doc.paths['/beapi/Inventory/GetItemDetail'].get.parameters[0].name).toBe('itemNum');
  });
});

describe('prices', () => {
  it('shows the wholesale price and case quantity only to a signed-in customer', async () => {
    const { token } = await newCustomer(t);
    const anonymous = await list('categoryNum=11&sort=num');
    expect(anonymous.items.every((i: object) => !('price' in i))).toBe(true);
    const headerForms: Record<string, string>[] = [{ 'user-token': token }, { 'x-user-token': token }, { authorization: `Bearer ${token}` }];
    for (const headers of headerForms) {
      const priced = (await get('/Inventory/GetPagedItemsForCategory?categoryNum=11&sort=num', headers)).body;
      expect(priced.items[0]).toMatchObject({ num: '11001', price: 12.5, srp: 19.99 });
      const found = (await get('/Inventory/GetPagedItemsForSearch?searchtext=red', headers)).body;
      expect(found.items.every((i: { price?: number }) => typeof i.price === 'number')).toBe(true);
      const detail = (await get('/Inventory/GetItemDetail?itemNum=11001', headers)).body;
      expect(detail).toMatchObject({ price: 12.5, caseQty: 10 });
      expect(detail.suggestedItems[0].price).toBe(10);
    }
    const bogus = (await get('/Inventory/GetItemDetail?itemNum=11001', { 'user-token': 'not-a-real-token' })).body;
    expect(bogus.price).toBeUndefined();
  });

  it('keeps priced and anonymous answers apart in caches', async () => {
    const { token } = await newCustomer(t);
    const anon = await get('/Inventory/GetItemDetail?itemNum=11001');
    const priced = await get('/Inventory/GetItemDetail?itemNum=11001', { 'user-token': token });
    expect(anon.headers.etag).not.toBe(priced.headers.etag);
    expect(priced.headers['cache-control']).toContain('private');
    expect(String(anon.headers.vary)).toContain('user-token');
  });
});

describe('catalogue changes', () => {
  it('shows each stock change after the stock sequence moves, with a new ETag', async () => {
    const before = await get('/Inventory/GetPagedItemsForCategory?categoryNum=11&sort=num');
    expect(before.body.items[0].inStockFairhope).toBe(false);
    expect(before.body.items[1].inStockFairhope).toBe(true);
    const db = t.ctx.database.db;
    const idOf = async (num: string) => (await db.selectFrom('items').select('id').where('num', '=', num).executeTakeFirstOrThrow()).id;
    await seedStock(db, [{ num: '11001', qtyFh: 7 }], { announce: false });
    await markStockChanged(db, [await idOf('11001')]);
    await t.ctx.catalogue.refresh();
    const after = await get('/Inventory/GetPagedItemsForCategory?categoryNum=11&sort=num');
    expect(after.body.items[0].inStockFairhope).toBe(true);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect((await get('/Inventory/GetItemDetail?itemNum=11001')).body).toMatchObject({ qty_FH: 7, inStockFairhope: true });
    // A later change is picked up on its own, and the earlier one stays.
    await seedStock(db, [{ num: '11002', qtyFh: 0 }], { announce: false });
    await markStockChanged(db, [await idOf('11002')]);
    await t.ctx.catalogue.refresh();
    const later = (await get('/Inventory/GetPagedItemsForCategory?categoryNum=11&sort=num')).body;
    expect(later.items.slice(0, 2).map((i: { inStockFairhope: boolean }) => i.inStockFairhope)).toEqual([true, false]);
  });

  it('lists an imported item once the catalogue version moves', async () => {
    const base = fixtureItems[0]!;
    await seedItems(t.ctx.database.db, [{ ...base, num: '11009', upc: '', webTitle: '11" Lime Green Latex', colorGroup: '', suggestedNums: [], createdAt: '2026-04-01T00:00:00Z' }]);
    await t.ctx.catalogue.refresh();
    const latex = (await get('/Inventory/GetPagedItemsForCategory?categoryNum=11')).body;
    expect(latex.items[0].num).toBe('11009');
    expect(latex.totalNumberOfItems).toBe(4);
    expect(nums((await get('/Inventory/GetPagedItemsForSearch?searchtext=lime')).body)).toEqual(['11009']);
  });
});

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedStock } from '../stock/testing';
import { createTestDatabase, type TestDatabase } from '../test-support/test-app';
import { isCatalogueEmpty, seedDemoCatalogue, seedSyntheticItems } from './demo/seed';
import { readVersions } from './queries';
import { isValidUpc } from './upc';
import { type CatalogueItemInput, inTransaction, setNvMembers, upsertItems } from './writes';
import { itemsWithStock } from '../stock/testing';

let tdb: TestDatabase;
const db = () => tdb.database.db;

beforeAll(async () => {
  tdb = await createTestDatabase();
  expect(await isCatalogueEmpty(db())).toBe(true);
  const result = await seedDemoCatalogue(db());
  expect(result.seeded).toBe(true);
});
afterAll(async () => tdb?.drop());

const count = async (table: 'items' | 'categories' | 'item_facets') =>
  Number((await db().selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe('demo catalogue seed', () => {
  it('loads at least 1,000 items under the spec category numbers', async () => {
    expect(await count('items')).toBeGreaterThanOrEqual(1000);
    const categories = await db().selectFrom('categories').select(['num', 'description', 'parent_num', 'kind']).orderBy('num').execute();
    expect(categories.map((c) => c.num)).toEqual([1, 3, 4, 10, 11, 12, 13, 15, 17, 33, 900, 901]);
    expect(categories.find((c) => c.num === 33)).toMatchObject({ description: 'Number Shapes', parent_num: 3, kind: 'tree' });
    expect(categories.find((c) => c.num === 901)).toMatchObject({ description: 'Winter Catalogue', kind: 'nv' });
    const perCategory = await db().selectFrom('items').select(['category_num', (eb) => eb.fn.countAll().as('n')]).groupBy('category_num').execute();
    for (const leaf of [3, 4, 10, 11, 12, 13, 15, 17, 33]) {
      expect(Number(perCategory.find((r) => r.category_num === leaf)?.n ?? 0)).toBeGreaterThan(20);
    }
  });

  it('gives every item a valid 12-digit UPC-A, unique across the catalogue', async () => {
    const upcs = (await db().selectFrom('items').select('upc').execute()).map((r) => r.upc);
    expect(upcs.every(isValidUpc)).toBe(true);
    expect(new Set(upcs).size).toBe(upcs.length);
  });

  it('has items out of stock in exactly one warehouse, and some in both', async () => {
    const rows = await itemsWithStock(db()).execute();
    const west = (r: (typeof rows)[number]) => r.qty_fr - r.reserve_fr > 0;
    const east = (r: (typeof rows)[number]) => r.qty_fh - r.reserve_fh > 0;
    expect(rows.filter((r) => west(r) !== east(r)).length).toBeGreaterThan(10);
    expect(rows.filter((r) => !west(r) && !east(r)).length).toBeGreaterThan(0);
  });

  it('fills the NV collections with new and seasonal items', async () => {
    const members = await db()
      .selectFrom('nv_category_items')
      .innerJoin('items', 'items.id', 'nv_category_items.item_id')
      .select(['nv_category_items.category_num', 'items.is_new'])
      .execute();
    const newArrivals = members.filter((m) => m.category_num === 900);
    expect(newArrivals.length).toBeGreaterThan(0);
    expect(newArrivals.every((m) => m.is_new === 1)).toBe(true);
    expect(members.filter((m) => m.category_num === 901).length).toBeGreaterThan(50);
  });

  it('does nothing when run again', async () => {
    const before = await count('items');
    expect((await seedDemoCatalogue(db())).seeded).toBe(false);
    expect(await count('items')).toBe(before);
  });
});

describe('upsertItems', () => {
  const item = (over: Partial<CatalogueItemInput>): CatalogueItemInput => ({
    num: '990001', code: 'TEST-1', categoryNum: 11, webTitle: 'Test balloon', seoTitle: '', keyWords: 'test',
    upc: '036000291452', brand: '', colorFamily: 'Red', colorGroup: '', dimensions: '11" round', packaged: '100 ct bag',
    caseQty: 10, priceCents: 1000, srpCents: 2000, weightOz: 10, logo: '', picture: '/images/items/990001?v=1',
    packagedImage: '', productInfoHtml: '<p>Test</p>', isNew: false, active: true, createdAt: '2025-01-01T00:00:00.000Z',
    facets: [{ kind: 'color', name: 'Red', link: 'red' }, { kind: 'event', name: 'Birthday', link: 'birthday' }],
    attributes: [{ name: 'Size', value: '11"' }], suggestedNums: ['11001', '11002'], ...over,
  });
  const facetsOf = async (num: string) =>
    db().selectFrom('item_facets').innerJoin('items', 'items.id', 'item_facets.item_id')
      .select(['kind', 'name', 'link']).where('items.num', '=', num).orderBy('kind').orderBy('link').execute();

  it('inserts a new item with no stock, then updates it by number (its stock as it is) and replaces its facets, attributes and suggestions', async () => {
    const v0 = (await readVersions(db())).catalogue;
    expect(await upsertItems(db(), [item({})])).toEqual({ inserted: 1, updated: 0 });
    const v1 = (await readVersions(db())).catalogue;
    expect(v1).not.toBe(v0);
    expect(await itemsWithStock(db()).where('i.num', '=', '990001').executeTakeFirstOrThrow()).toMatchObject({ qty_fr: 0, qty_fh: 0, reserve_fr: 0, ordqty_fh: 0 });
    // Stock comes in through stock; the catalogue's next write leaves it as it is.
    await seedStock(db(), [{ num: '990001', qtyFr: 5, reserveFr: 1, ordqtyFh: 30 }]);

    const result = await inTransaction(db(), (trx) =>
      upsertItems(trx, [item({
        webTitle: 'Renamed balloon', priceCents: 1100, createdAt: '2026-06-01T00:00:00.000Z',
        facets: [{ kind: 'color', name: 'Royal Blue', link: 'royal-blue' }, { kind: 'theme', name: 'Sports', link: 'sports' }],
        attributes: [{ name: 'Finish', value: 'Metallic' }, { name: 'Size', value: '11"' }], suggestedNums: ['11003'],
      })]),
    );
    expect(result).toEqual({ inserted: 0, updated: 1 });
    expect((await readVersions(db())).catalogue).not.toBe(v1);

    const row = await itemsWithStock(db()).where('i.num', '=', '990001').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ web_title: 'Renamed balloon', price_cents: 1100, qty_fr: 5, qty_fh: 0, reserve_fr: 1, ordqty_fh: 30, created_at: '2025-01-01T00:00:00.000Z' });
    expect(await facetsOf('990001')).toEqual([
      { kind: 'color', name: 'Royal Blue', link: 'royal-blue' },
      { kind: 'theme', name: 'Sports', link: 'sports' },
    ]);
    const attributes = await db().selectFrom('item_attributes').select(['name', 'value']).where('item_id', '=', row.id).orderBy('position').execute();
    expect(attributes).toEqual([{ name: 'Finish', value: 'Metallic' }, { name: 'Size', value: '11"' }]);
    const suggestions = await db().selectFrom('item_suggestions').select('suggested_num').where('item_id', '=', row.id).execute();
    expect(suggestions.map((s) => s.suggested_num)).toEqual(['11003']);
  });

  it('writes more rows than one statement may bind', async () => {
    const many = Array.from({ length: 2500 }, (_, i) =>
      item({ num: String(980000 + i), code: `BULK-${i}`, facets: [{ kind: 'color', name: 'Red', link: 'red' }] }),
    );
    expect(await upsertItems(db(), many)).toEqual({ inserted: 2500, updated: 0 });
    const stored = await db().selectFrom('items').select((eb) => eb.fn.countAll().as('n')).where('code', 'like', 'BULK-%').executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(2500);
  });
});

describe('setNvMembers', () => {
  it('makes a collection hold exactly the given items, in order, and names the unknown ones', async () => {
    const result = await setNvMembers(db(), 900, ['11002', '11001', '00000']);
    expect(result).toEqual({ members: 2, missing: ['00000'] });
    const rows = await db().selectFrom('nv_category_items').innerJoin('items', 'items.id', 'nv_category_items.item_id')
      .select(['items.num', 'position']).where('nv_category_items.category_num', '=', 900).orderBy('position').execute();
    expect(rows.map((r) => r.num)).toEqual(['11002', '11001']);
  });
});

describe('seedSyntheticItems', () => {
  it('adds plausible items over the leaf categories and continues numbering on the next run', async () => {
    const first = await seedSyntheticItems(db(), 1500);
    expect(first).toEqual({ inserted: 1500, firstNum: '1000000', lastNum: '1001499' });
    const second = await seedSyntheticItems(db(), 10);
    expect(second.firstNum).toBe('1001500');
    const rows = await db().selectFrom('items').select(['category_num', 'upc', 'web_title'])
      .where(sql<boolean>`length(num) >= 7`).execute();
    expect(rows).toHaveLength(1510);
    expect(new Set(rows.map((r) => r.category_num)).size).toBeGreaterThanOrEqual(8);
    expect(rows.every((r) => isValidUpc(r.upc) && r.web_title.length > 10)).toBe(true);
  });
});

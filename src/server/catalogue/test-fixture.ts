import type { Kysely } from 'kysely';
import type { DB } from '../platform/db/schema';
import { type SeededStock, seedStock, type StockCounts } from '../stock';
import { facet, poscatFacet } from './facets';
import { blankItem, type CatalogueItemInput, setNvMembers, upsertCategories, upsertItems } from './writes';

/**
 * A small catalogue whose every answer is known by construction, for the catalogue API tests.
 * Tree: 1 latex > 11, 12; 3 foil > 33; 4 bubbles; NV collection 900.
 */
export const fixtureCategories = [
  { num: 1, description: 'Premium Latex', parentNum: 0, kind: 'tree', logo: '/images/logos/latex.svg', beCat: 'LTX', sortOrder: 1 },
  { num: 11, description: '11" Solid Color Latex', parentNum: 1, kind: 'tree', logo: '', beCat: 'LTX11', sortOrder: 2 },
  { num: 12, description: '16" Solid Color Latex', parentNum: 1, kind: 'tree', logo: '', beCat: 'LTX16', sortOrder: 3 },
  { num: 3, description: 'Foil Balloons', parentNum: 0, kind: 'tree', logo: '/images/logos/foil.svg', beCat: 'FOIL', sortOrder: 4 },
  { num: 33, description: 'Number Shapes', parentNum: 3, kind: 'tree', logo: '', beCat: 'NUM', sortOrder: 5 },
  { num: 4, description: 'Bubble Balloons', parentNum: 0, kind: 'tree', logo: '/images/logos/bubbles.svg', beCat: 'BUB', sortOrder: 6 },
  { num: 900, description: 'New Arrivals', parentNum: 0, kind: 'nv', logo: '', beCat: 'NEW', sortOrder: 7 },
] as const;

const latex = poscatFacet(12, 'Latex Balloons');
const foil = poscatFacet(30, 'Foil Balloons');

/** A fixture item: its catalogue fields and the stock a test starts with (set through stock, stock/counts.ts). */
export type FixtureItem = CatalogueItemInput & StockCounts;

function item(num: string, categoryNum: number, title: string, createdAt: string, more: Partial<FixtureItem>): FixtureItem {
  return {
    ...blankItem(num, createdAt),
    reserveFr: 0,
    reserveFh: 0,
    ordqtyFr: 0,
    ordqtyFh: 0,
    code: `C-${num}`,
    categoryNum,
    webTitle: title,
    brand: 'Skyline',
    packaged: '100 ct bag',
    caseQty: 10,
    priceCents: 1000,
    srpCents: 1999,
    weightOz: 8,
    qtyFr: 50,
    qtyFh: 50,
    ...more,
  };
}

export const fixtureItems: FixtureItem[] = [
  item('11001', 11, '11" Red Latex', '2026-01-05T00:00:00Z', {
    upc: '071234110018',
    colorFamily: 'Red',
    colorGroup: 'ltx11',
    keyWords: 'classic party',
    priceCents: 1250,
    qtyFh: 0,
    facets: [facet('color', 'Red'), facet('size', '11"'), latex],
    attributes: [{ name: 'Finish', value: 'Standard' }],
    suggestedNums: ['11002', '30001'],
    productInfoHtml: '<p>Floats <strong>14 hours</strong>.</p><script>alert(1)</script><img src=x onerror=alert(2)>',
  }),
  item('11002', 11, '11" Royal Blue Latex', '2026-02-01T00:00:00Z', {
    upc: '071234110025',
    colorFamily: 'Royal Blue',
    colorGroup: 'ltx11',
    facets: [facet('color', 'Royal Blue'), facet('size', '11"'), latex],
  }),
  item('11003', 11, '11" Pastel Pink Latex', '2025-12-01T00:00:00Z', {
    upc: '071234110032',
    colorFamily: 'Pastel Pink',
    colorGroup: 'ltx11',
    facets: [facet('color', 'Pastel Pink'), facet('size', '11"'), latex],
  }),
  item('12001', 12, '16" Red Latex', '2026-03-01T00:00:00Z', {
    upc: '071234120017',
    colorFamily: 'Red',
    facets: [facet('color', 'Red'), facet('size', '16"'), latex],
  }),
  item('30001', 3, 'Happy Birthday Heart', '2026-01-10T00:00:00Z', {
    upc: '071234300013',
    facets: [facet('message', 'Happy Birthday'), facet('event', 'Birthday'), facet('shape', 'Heart'), facet('color', 'Gold'), foil],
  }),
  item('30002', 3, 'Congratulations Star', '2026-01-11T00:00:00Z', {
    upc: '071234300020',
    keyWords: 'graduate',
    facets: [facet('message', 'Congratulations'), facet('event', 'Graduation'), facet('shape', 'Star'), foil],
  }),
  item('30003', 3, 'Dinosaur Party Round', '2026-01-12T00:00:00Z', {
    upc: '071234300037',
    facets: [facet('theme', 'Dinosaurs'), facet('event', 'Birthday'), facet('shape', 'Round'), foil],
  }),
  item('33007', 33, 'Number 7 Gold', '2026-01-13T00:00:00Z', {
    upc: '071234330072',
    facets: [facet('shape', 'Number'), facet('color', 'Gold'), foil],
  }),
  item('40001', 4, 'Clear Bubble', '2026-01-14T00:00:00Z', {
    upc: '071234400010',
    qtyFr: 0,
    qtyFh: 0,
    facets: [facet('color', 'Clear'), facet('dimension', '24 in')],
  }),
];

export async function loadFixtureCatalogue(db: Kysely<DB>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await upsertCategories(trx, fixtureCategories.map((c) => ({ ...c })));
    await seedItems(trx, fixtureItems);
    await setNvMembers(trx, 900, ['11002', '30001']);
  });
}

/**
 * Test set-up: writes these items (new or not) as the catalogue does, then sets the stock counts
 * they give through stock, as receiving goods would. A catalogue write alone never sets stock.
 */
export async function seedItems(db: Kysely<DB>, items: readonly (CatalogueItemInput & Partial<StockCounts>)[]): Promise<void> {
  await upsertItems(db, items);
  await seedStock(db, items as readonly SeededStock[]);
}

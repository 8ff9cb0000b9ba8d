import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test-support/test-app';
import { seedDemoCatalogue } from './demo/seed';
import { exportItemsCsv } from './item-import/export';
import { importCatalogueCsv } from './import-catalogue';
import { planImport } from './import-plan';
import { readVersions } from './queries';
import { itemsWithStock } from '../stock/testing';

const SAMPLE = readFileSync(join(import.meta.dirname, '../../../docs/sample-catalogue.csv'), 'utf8');
const SAMPLE_NEW = ['11043', '11044', '16043', '26043', '17901', '30901', '31901', '40901'];

let tdb: TestDatabase;
const db = () => tdb.database.db;

beforeAll(async () => {
  tdb = await createTestDatabase();
  await seedDemoCatalogue(db());
});
afterAll(async () => tdb?.drop());

/** Everything an import could change, to compare before and after. */
async function snapshot() {
  const items = await itemsWithStock(db()).select(['i.num', 'i.price_cents', 'i.web_title']).orderBy('i.num').execute();
  const facets = await db().selectFrom('item_facets').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  return { items, facets: Number(facets.n), version: (await readVersions(db())).catalogue };
}

const item = (num: string) => itemsWithStock(db()).where('i.num', '=', num).executeTakeFirst();

describe('CSV catalogue import', () => {
  it('on a dry run reports what it would insert and update, and changes nothing', async () => {
    const before = await snapshot();
    const report = await importCatalogueCsv(db(), SAMPLE, { dryRun: true });
    expect(report).toMatchObject({ ok: true, dryRun: true, errors: [] });
    expect(report.inserted.sort()).toEqual([...SAMPLE_NEW].sort());
    expect(report.updated.sort()).toEqual(['11001', '30010']);
    expect(await snapshot()).toEqual(before);
  });

  it('with one bad row reports its line and changes nothing', async () => {
    const before = await snapshot();
    const lines = SAMPLE.split('\r\n');
    // Line 5 of the file is item 16043; give it a category that does not exist.
    lines[4] = lines[4]!.replace('16043,LX16-SAGE,12,', '16043,LX16-SAGE,77,');
    const report = await importCatalogueCsv(db(), lines.join('\r\n'));
    expect(report.ok).toBe(false);
    expect(report.errors).toEqual(['line 5: category_num: 77 is not a category of the catalogue']);
    expect(report.inserted).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it('reports every bad row of a file at once', async () => {
    const bad = SAMPLE.replace('047385110016', '047385110017').replace(',12.50,27.99,', ',12.50,9.99,');
    const report = await importCatalogueCsv(db(), bad);
    expect(report.errors).toEqual([
      'line 2: upc: 047385110017 has a wrong check digit (expected 6)',
      'line 3: srp: must not be below the wholesale price',
    ]);
    expect(await item('11043')).toBeUndefined();
  });

  it('inserts new items and updates existing ones, keeping the columns the file leaves out', async () => {
    const red = (await item('11001'))!;
    // Ten items: recorded in the change feed, which every process follows (taking out and putting
    // in place; more than STRUCTURAL_LIMIT would bump the catalogue version: a rebuild).
    const versionBefore = (await readVersions(db())).changes;

    const report = await importCatalogueCsv(db(), SAMPLE);
    // The sample's stock columns are read-only: named as ignored, never written.
    expect(report).toMatchObject({ ok: true, dryRun: false, errors: [], ignoredColumns: ['qty_west', 'qty_east'] });
    expect(report.inserted).toHaveLength(8);
    expect(report.updated.sort()).toEqual(['11001', '30010']);
    expect((await readVersions(db())).changes).not.toBe(versionBefore);

    const updated = (await item('11001'))!;
    expect(updated).toMatchObject({ price_cents: 1295, srp_cents: 2899, qty_fr: red.qty_fr, qty_fh: red.qty_fh });
    expect((await item('11043'))!).toMatchObject({ qty_fr: 0, qty_fh: 0, reserve_fr: 0, ordqty_fr: 0 });
    // Not in the file: unchanged.
    expect(updated).toMatchObject({ id: red.id, key_words: red.key_words, created_at: red.created_at, color_group: red.color_group });

    const sage = (await item('11043'))!;
    expect(sage).toMatchObject({ category_num: 11, web_title: '11" Sage Green Latex Balloons, 100 ct', price_cents: 1250, is_new: 1 });
    expect(sage.picture).toBe('/images/items/11043?v=1');
    const facets = await db().selectFrom('item_facets').select(['kind', 'name', 'link']).where('item_id', '=', sage.id).orderBy('kind').orderBy('link').execute();
    expect(facets).toEqual([
      { kind: 'color', name: 'Sage Green', link: 'sage-green' },
      { kind: 'dimension', name: '11" round', link: '11" round' },
      { kind: 'event', name: 'Baby Shower', link: 'baby-shower' },
      { kind: 'event', name: 'Wedding', link: 'wedding' },
      { kind: 'poscat', name: 'Latex Balloons', link: '12' },
      { kind: 'shape', name: 'Round', link: 'round' },
      { kind: 'size', name: '11"', link: '11"' },
    ]);

    // Importing the same file again changes nothing: all ten are as the file says.
    const versionAfter = await readVersions(db());
    const again = await importCatalogueCsv(db(), SAMPLE);
    expect(again).toMatchObject({ inserted: [], updated: [], unchanged: 10 });
    expect((await readVersions(db())).catalogue).toBe(versionAfter.catalogue);
  });
});

describe('CSV export → import round trip', () => {
  it('the whole demo catalogue, exported, plans as all unchanged', async () => {
    let csv = '';
    for await (const lines of exportItemsCsv(db(), {}, null)) csv += lines;
    const plan = await planImport(db(), csv);
    const total = await db().selectFrom('items').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(plan.errors).toEqual([]);
    expect(plan.changed.slice(0, 3)).toEqual([]);
    expect(plan.new).toEqual([]);
    expect(plan.unchanged).toBe(Number(total.n));
  });
});

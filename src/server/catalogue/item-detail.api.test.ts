import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as productInfoSafe from '../platform/db/migrations/2026-11-22T03-30-product-info-safe';
import * as itemDetailLists from '../platform/db/migrations/2026-11-22T04-00-item-detail-lists';
import { createTestApp, createTestDatabase, type TestApp } from '../test-support/test-app';
import { bumpCatalogueVersion } from './queries';
import { loadItemInputs } from './stored-items';
import { fixtureItems, loadFixtureCatalogue, seedItems } from './test-fixture';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp((ctx) => loadFixtureCatalogue(ctx.database.db));
});
afterAll(() => t?.close());

const db = () => t.ctx.database.db;

async function detail(num: string) {
  const res = await t.app.inject({ method: 'GET', url: `/beapi/Inventory/GetItemDetail?itemNum=${num}` });
  return { status: res.statusCode, body: res.json() };
}

/** Makes every process (here: the test's) read the catalogue again, as after an import. */
async function catalogueChanged() {
  await bumpCatalogueVersion(db());
  await t.ctx.catalogue.refresh();
}

describe('item detail product info', () => {
  it("keeps the operator's HTML as written while clients only ever see it sanitised", async () => {
    const stored = (await loadItemInputs(db(), ['11001'])).get('11001')!;
    expect(stored.productInfoHtml).toBe(fixtureItems[0]!.productInfoHtml);
    expect((await detail('11001')).body.web_Product_Info).toBe('<p>Floats <strong>14 hours</strong>.</p>');
  });

  it('shows changed product info, attributes and suggestions after an import', async () => {
    const base = fixtureItems.find((i) => i.num === '12001')!;
    await seedItems(db(), [
      {
        ...base,
        productInfoHtml: '<p onclick="steal()">Now <em>brighter</em></p><iframe src="https://evil.test"></iframe><a href="javascript:x()">x</a>',
        attributes: [
          { name: 'Finish', value: 'Pearl' },
          { name: 'Count', value: '50 "ct" \\ bag' },
        ],
        suggestedNums: ['30002', '11001', 'NOT-AN-ITEM'],
      },
    ]);
    await catalogueChanged();
    const { status, body } = await detail('12001');
    expect(status).toBe(200);
    expect(body.web_Product_Info).toBe('<p>Now <em>brighter</em></p>x');
    expect(body.attributes).toEqual([
      { name: 'Finish', value: 'Pearl' },
      { name: 'Count', value: '50 "ct" \\ bag' },
    ]);
    expect(body.suggestedItems.map((s: { num: string }) => s.num)).toEqual(['30002', '11001']);
  });

  it('answers empty attribute and suggestion lists for an item that has none', async () => {
    const { body } = await detail('30003');
    expect(body.attributes).toEqual([]);
    expect(body.suggestedItems).toEqual([]);
    expect(body.colors).toEqual([]);
  });

  it('answers a row that was written around the catalogue writes from its stored HTML and tables', async () => {
    await db()
      .updateTable('items')
      .set({ product_info_html: '<h3>Raw</h3><script>alert(1)</script><img src=x onerror=alert(2)>', product_info_safe: null, attributes_json: null, suggested_json: null })
      .where('num', '=', '11001')
      .execute();
    await catalogueChanged();
    const { body } = await detail('11001');
    expect(body.web_Product_Info).toBe('<h3>Raw</h3>');
    expect(body.attributes).toEqual([{ name: 'Finish', value: 'Standard' }]);
    expect(body.suggestedItems.map((s: { num: string }) => s.num)).toEqual(['11002', '30001']);
  });

  it('keeps the page of an item made inactive (old orders link to it), and answers 404 for no item', async () => {
    const base = fixtureItems.find((i) => i.num === '33007')!;
    expect((await detail('33007')).status).toBe(200);
    await seedItems(db(), [{ ...base, active: false }]);
    await catalogueChanged();
    const hidden = await detail('33007');
    expect(hidden.status).toBe(200);
    expect(hidden.body).toMatchObject({ num: '33007', web_Title: base.webTitle });
    expect((await detail('33999')).status).toBe(404);
  });
});

describe('the item detail migrations', () => {
  it('sanitises the product info of items stored before it', async () => {
    const tdb = await createTestDatabase();
    try {
      const mdb = tdb.database.db;
      await loadFixtureCatalogue(mdb);
      // Back to the schema before the migration, with the HTML as it was stored then.
      await productInfoSafe.down(mdb);
      await mdb.updateTable('items').set({ product_info_html: '' }).where('num', '=', '11002').execute();
      await productInfoSafe.up(mdb);
      const rows = await mdb.selectFrom('items').select(['num', 'product_info_html', 'product_info_safe']).where('num', 'in', ['11001', '11002']).orderBy('num').execute();
      expect(rows).toEqual([
        { num: '11001', product_info_html: fixtureItems[0]!.productInfoHtml, product_info_safe: '<p>Floats <strong>14 hours</strong>.</p>' },
        { num: '11002', product_info_html: '', product_info_safe: '' },
      ]);
    } finally {
      await tdb.drop();
    }
  });

  it("copies each stored item's attributes and suggestions onto its row, in order", async () => {
    const tdb = await createTestDatabase();
    try {
      const mdb = tdb.database.db;
      await loadFixtureCatalogue(mdb);
      await itemDetailLists.down(mdb);
      await itemDetailLists.up(mdb);
      const rows = await mdb.selectFrom('items').select(['num', 'attributes_json', 'suggested_json']).where('num', 'in', ['11001', '11002']).orderBy('num').execute();
      expect(rows.map((r) => ({ num: r.num, attributes: JSON.parse(r.attributes_json!), suggested: JSON.parse(r.suggested_json!) }))).toEqual([
        { num: '11001', attributes: [{ name: 'Finish', value: 'Standard' }], suggested: ['11002', '30001'] },
        { num: '11002', attributes: [], suggested: [] },
      ]);
    } finally {
      await tdb.drop();
    }
  });
});

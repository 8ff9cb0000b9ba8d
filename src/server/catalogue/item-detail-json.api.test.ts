import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { itemDetail, itemDetailJson } from './item-detail';
import { fixtureItems, loadFixtureCatalogue } from './test-fixture';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp((ctx) => loadFixtureCatalogue(ctx.database.db));
});
afterAll(() => t?.close());

describe('item detail written as text', () => {
  it('is byte for byte JSON.stringify of the detail, for every item, priced or not', async () => {
    const db = t.ctx.database.db;
    // One row written around the catalogue writes: lists and safe HTML come from the fallbacks.
    await db
      .updateTable('items')
      .set({ product_info_html: '<h3>Raw "quoted"</h3><script>alert(1)</script>\\ ok', product_info_safe: null, attributes_json: null, suggested_json: null })
      .where('num', '=', fixtureItems[1]!.num)
      .execute();
    const index = t.ctx.catalogue.current();
    let compared = 0;
    for (const { num } of fixtureItems) {
      if (!index.byNum.has(num)) continue;
      for (const priced of [false, true]) {
        expect(await itemDetailJson(db, index, num, priced)).toBe(JSON.stringify(await itemDetail(db, index, num, priced)));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(10);
    await expect(itemDetailJson(db, index, 'NO-SUCH-ITEM', false)).rejects.toThrow('not found');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as detailHeadMigration from '../platform/db/migrations/2026-11-24T19-00-detail-head';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { LIST_PRICES } from './pricing/price-book';
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
      .set({ product_info_html: '<h3>Raw "quoted"</h3><script>alert(1)</script>\\ ok', product_info_safe: null, attributes_json: null, suggested_json: null, detail_head: null })
      .where('num', '=', fixtureItems[1]!.num)
      .execute();
    const index = t.ctx.catalogue.current();
    let compared = 0;
    for (const { num } of fixtureItems) {
      if (!index.byNum.has(num)) continue;
      for (const priced of [null, LIST_PRICES]) {
        expect(await itemDetailJson(db, index, num, priced)).toBe(JSON.stringify(await itemDetail(db, index, num, priced)));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(10);
    await expect(itemDetailJson(db, index, 'NO-SUCH-ITEM', null)).rejects.toThrow('not found');
  });

  it('keeps the answer head on the row when the item is written, and copes with a row that has none', async () => {
    const db = t.ctx.database.db;
    const index = t.ctx.catalogue.current();
    const written = fixtureItems.filter((it) => index.byNum.has(it.num));
    const heads = await db.selectFrom('items').select(['num', 'detail_head']).where('num', 'in', written.map((it) => it.num)).execute();
    // Every item the catalogue writes has its head (the one written around the writes above aside).
    expect(heads.filter((r) => r.detail_head === null).map((r) => r.num)).toEqual([fixtureItems[1]!.num]);
    const num = written[2]!.num;
    const before = await itemDetailJson(db, index, num, LIST_PRICES);
    expect(before.startsWith(heads.find((r) => r.num === num)!.detail_head!)).toBe(true);
    // Written around the writes without a head: the answer is built from the columns, the same bytes.
    await db.updateTable('items').set({ detail_head: null }).where('num', '=', num).execute();
    expect(await itemDetailJson(db, index, num, LIST_PRICES)).toBe(before);
    expect(await itemDetailJson(db, index, num, null)).toBe(JSON.stringify(await itemDetail(db, index, num, null)));
  });

  it('migrating a stored catalogue gives each item a head whose answer is byte for byte the same', async () => {
    const db = t.ctx.database.db;
    const index = t.ctx.catalogue.current();
    const nums = fixtureItems.map((it) => it.num).filter((n) => index.byNum.has(n));
    const expected = await Promise.all(nums.map(async (n) => JSON.stringify(await itemDetail(db, index, n, null))));
    // As a catalogue stored before the migration: no column, and lists written by other means than
    // JSON.stringify (an earlier migration built them in SQL): same values, other bytes.
    await detailHeadMigration.down(db);
    for (const r of await db.selectFrom('items').select(['id', 'attributes_json', 'suggested_json']).execute()) {
      const spaced = (text: string | null) => (text === null ? null : JSON.stringify(JSON.parse(text), null, 1));
      await db.updateTable('items').set({ attributes_json: spaced(r.attributes_json), suggested_json: spaced(r.suggested_json) }).where('id', '=', r.id).execute();
    }
    await detailHeadMigration.up(db);
    const rows = await db.selectFrom('items').select(['num', 'detail_head', 'product_info_safe']).where('num', 'in', nums).execute();
    for (const r of rows) expect(r.detail_head === null).toBe(r.product_info_safe === null);
    expect(await Promise.all(nums.map((n) => itemDetailJson(db, index, n, null)))).toEqual(expected);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ITEM_MESSAGES } from '../../../contract/admin/items';
import { adminCall, type StaffSessionForTest, staffWith } from '../../test-support/admin';
import { loadFixtureCatalogue } from '../test-fixture';
import { createTestApp, type TestApp } from '../../test-support/test-app';

/**
 * Item numbers suggested from the category's range (issue 29: a foil item got a latex number):
 * the next free number after the category's highest, and a taken number refused on save.
 * The fixture: 11001–11003 in 11" latex (11), 12001 in 16" latex (12), 30001–30003 in foil (3),
 * 33007 in number shapes (33, under foil), 40001 in bubbles (4); Premium Latex (1) has none of its own.
 */

let t: TestApp;
let editor: StaffSessionForTest;

beforeAll(async () => {
  t = await createTestApp((ctx) => loadFixtureCatalogue(ctx.database.db));
  editor = await staffWith(t, ['catalogue']);
});
afterAll(() => t?.close());

const next = async (category: number) => {
  const res = await adminCall(t, editor, { method: 'GET', url: `/Items/NextNumber?category=${category}` });
  expect(res.headers['cache-control']).toContain('no-store');
  return res;
};
const numOf = async (category: number) => (await next(category)).body.num as string;

const fields = (categories: number[], num?: string) => ({
  ...(num ? { num } : {}),
  code: '', web_Title: 'Numbered', web_Product_Info: '', key_Words: '', upc: '', srp: 2, price: 1, packaged: 'each', caseQty: 1, dimensions: '',
  color_Family: '', colorGroup: '', brand: '', seO_Title: '', new: false, categories,
  filters: { color: [], sizes: [], events: [], messages: [], shapes: [], themes: [], poscat: [] }, attributes: [], suggestedItems: [], status: 'active',
});
const create = (categories: number[], num?: string) => adminCall(t, editor, { method: 'POST', url: '/Items', payload: fields(categories, num) });

describe('item numbers from the category’s range', () => {
  it('suggests the next number after the category’s highest, not the catalogue’s', async () => {
    expect((await next(3)).body).toEqual({ category: 3, num: '30004' });
    expect(await numOf(11)).toBe('11004');
    expect(await numOf(33)).toBe('33008');
    expect(await numOf(4)).toBe('40002');
    // No items of its own: its subcategories' range.
    expect(await numOf(1)).toBe('12002');
  });

  it('skips a number another category already took', async () => {
    expect((await create([4], '30004')).status).toBe(201);
    expect(await numOf(3)).toBe('30005');
  });

  it('creates an item without a number with its category’s suggestion', async () => {
    const foil = await create([3, 900]);
    expect(foil.status).toBe(201);
    expect(foil.body.num).toBe('30005');
    expect(await numOf(3)).toBe('30006');
    const latex = await create([11]);
    expect(latex.body.num).toBe('11004');
  });

  it('refuses a number that is taken, at the Item number field, and an unknown category', async () => {
    const taken = await create([3], '11001');
    expect(taken.status).toBe(409);
    expect(taken.body.detail).toBe(ITEM_MESSAGES.numTaken('11001'));
    expect(Object.keys(taken.body.fields ?? {})).toEqual(['num']);
    expect((await next(999)).status).toBe(400);
    expect((await next(900)).status).toBe(400);
    const reader = await staffWith(t, ['warehouse']);
    expect((await adminCall(t, reader, { method: 'GET', url: '/Items/NextNumber?category=3' })).status).toBe(403);
  });
});

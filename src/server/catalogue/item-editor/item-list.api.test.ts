import { describe, expect, it } from 'vitest';
import { ITEM_MESSAGES, type ItemsList } from '../../../contract/admin/items';
import { adminCall } from '../../test-support/admin';
import { withShop } from '../../test-support/shop';
import { bodyOf, editorOf, putItem } from './test-helpers';

/** What the item screens need of the API: the list's stock filter and pictures, and refusals named by field. */

const { t, staff: { editor } } = withShop({ catalogue: true, staff: { editor: ['catalogue'] } });

const list = async (query: string): Promise<ItemsList> => {
  const res = await adminCall(t, editor, { method: 'GET', url: `/Items?pageSize=200${query}` });
  expect(res.status).toBe(200);
  return res.body as ItemsList;
};

describe('the items list', () => {
  it('filters by stock: in stock at either warehouse, or at neither', async () => {
    const all = await list('');
    const inStock = await list('&stock=in');
    const out = await list('&stock=out');
    expect(inStock.total).toBeGreaterThan(0);
    expect(out.total).toBeGreaterThan(0);
    expect(inStock.total + out.total).toBe(all.total);
    for (const i of inStock.items) expect(i.westAvailable > 0 || i.eastAvailable > 0, i.num).toBe(true);
    for (const i of out.items) expect(i.westAvailable <= 0 && i.eastAvailable <= 0, i.num).toBe(true);
    expect((await adminCall(t, editor, { method: 'GET', url: '/Items?stock=some' })).status).toBe(400);
  });

  it('shows each item’s picture as the storefront does', async () => {
    const row = (await list('&q=11001')).items.find((i) => i.num === '11001');
    expect(row?.picture).toBe('/images/items/11001?v=1');
  });
});

describe('refusals name the field', () => {
  it('a bad value in the body, and a rule the server checks, come with the field they are about', async () => {
    const item = await editorOf(t, editor, '30001');
    const badPrice = await putItem(t, editor, '30001', { ...bodyOf(item), price: 1.234 });
    expect(badPrice.status).toBe(400);
    expect(badPrice.body.fields).toMatchObject({ price: expect.any(String) });
    const srp = await putItem(t, editor, '30001', { ...bodyOf(item), price: 50, srp: 10 });
    expect(srp.body.fields).toEqual({ srp: ITEM_MESSAGES.srpBelowPrice });
    const taken = await putItem(t, editor, '30001', bodyOf(item, { upc: '071234110018' }));
    expect(taken.status).toBe(409);
    expect(taken.body.fields).toEqual({ upc: ITEM_MESSAGES.upcTaken('071234110018', '11001') });
    const suggested = await putItem(t, editor, '30001', bodyOf(item, { suggestedItems: ['77777'] }));
    expect(suggested.body.fields).toEqual({ suggestedItems: ITEM_MESSAGES.unknownSuggested('77777') });
    expect(await editorOf(t, editor, '30001')).toEqual(item);
  });
});

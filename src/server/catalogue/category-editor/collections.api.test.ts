import { describe, expect, it } from 'vitest';
import { CATEGORY_MESSAGES, type Collection } from '../../../contract/admin/categories';
import { call } from '../../customers/testing';
import { adminCall } from '../../test-support/admin';
import { withShop } from '../../test-support/shop';
import { lastAudit, taxonomySnapshot } from './test-helpers';

/** NV collections: curated, ordered item lists outside the tree (fixture: 900 New Arrivals = 11002, 30001). */

const { t, staff: { editor } } = withShop({ catalogue: true, staff: { editor: ['catalogue'] } });

const collection = async (num: number): Promise<Collection> => (await adminCall(t, editor, { method: 'GET', url: `/Collections/${num}` })).body;
const setItems = (num: number, nums: string[], version: number) => adminCall(t, editor, { method: 'PUT', url: `/Collections/${num}/Items`, payload: { nums, version } });
const shopListing = async (num: number) =>
  (await call(t, { method: 'GET', url: `/Inventory/GetPagedItemsForNVCategory?categoryNum=${num}&sort=num&pageSize=100` })).body.items.map((i: { num: string }) => i.num);
const fields = { seoTitle: '', seoDescription: '', logo: '', beCat: '' };

async function refused(send: () => Promise<{ status: number; body: any }>, status: number, detail: string) {
  const before = await taxonomySnapshot(t);
  const res = await send();
  expect(res.status).toBe(status);
  expect(res.body.detail).toBe(detail);
  expect(await taxonomySnapshot(t)).toBe(before);
}

describe('a collection’s items', () => {
  it('answers them in their curated order with titles and status', async () => {
    const c = await collection(900);
    expect(c).toMatchObject({ num: 900, kind: 'nv', description: 'New Arrivals', itemCount: 2, version: 1 });
    expect(c.items).toEqual([
      { num: '11002', web_Title: '11" Royal Blue Latex', status: 'active' },
      { num: '30001', web_Title: 'Happy Birthday Heart', status: 'active' },
    ]);
    expect((await adminCall(t, editor, { method: 'GET', url: '/Collections/33' })).status).toBe(404);
  });

  it('adds, removes and reorders in one call, audited; the storefront lists the new items at once', async () => {
    const res = await setItems(900, ['40001', '30001', '11001'], 1);
    expect(res.status).toBe(200);
    expect(res.body.items.map((i: { num: string }) => i.num)).toEqual(['40001', '30001', '11001']);
    expect(res.body).toMatchObject({ version: 2, itemCount: 3 });
    expect(await shopListing(900)).toEqual(['11001', '30001', '40001']);
    const audit = await lastAudit(t);
    expect(audit).toMatchObject({ action: 'collection.items', target: 'category:900' });
    expect(JSON.parse(audit.summary)).toMatchObject({ added: ['40001', '11001'], removed: ['11002'], count: 3 });
  });

  it('is listed on the storefront in its curated order unless another sort is asked for, and a reorder shows at once', async () => {
    const listed = async (query: string) => {
      const res = await call(t, { method: 'GET', url: `/Inventory/GetPagedItemsForNVCategory?categoryNum=900${query.includes('pageSize') ? '' : '&pageSize=100'}${query}` });
      expect(res.status).toBe(200);
      return res.body.items.map((i: { num: string }) => i.num);
    };
    const { version } = await collection(900);
    expect((await setItems(900, ['40001', '30001', '11001'], version)).status).toBe(200);
    expect(await listed('')).toEqual(['40001', '30001', '11001']);
    expect(await listed('&sort=position')).toEqual(['40001', '30001', '11001']);
    expect(await listed('&sort=num')).toEqual(['11001', '30001', '40001']);
    expect((await setItems(900, ['11001', '40001', '30001'], version + 1)).status).toBe(200);
    expect(await listed('')).toEqual(['11001', '40001', '30001']);
    // Paged, the order holds across pages.
    expect([...(await listed('&pageSize=2&page=1')), ...(await listed('&pageSize=2&page=2'))]).toEqual(['11001', '40001', '30001']);
    // A tree category has no curated order to sort by.
    expect((await call(t, { method: 'GET', url: '/Inventory/GetPagedItemsForCategory?categoryNum=11&sort=position' })).status).toBe(400);
    expect((await setItems(900, ['40001', '30001', '11001'], version + 2)).status).toBe(200);
  });

  it('refuses an unknown item naming it, an item twice and a stale version, changing nothing', async () => {
    await refused(() => setItems(900, ['30001', '99999', '11003'], 5), 400, CATEGORY_MESSAGES.unknownItem('99999'));
    await refused(() => setItems(900, ['30001', '30001'], 5), 400, CATEGORY_MESSAGES.duplicateItem('30001'));
    await refused(() => setItems(900, ['30001'], 1), 409, CATEGORY_MESSAGES.stale);
    await refused(() => setItems(33, ['30001'], 1), 404, CATEGORY_MESSAGES.collectionNotFound(33));
    expect((await setItems(900, ['x1'], 5)).status).toBe(400);
    expect(await shopListing(900)).toEqual(['11001', '30001', '40001']);
  });
});

describe('creating, renaming and deleting collections', () => {
  it('creates one, renames it with SEO texts; the storefront’s collections show it', async () => {
    const created = await adminCall(t, editor, { method: 'POST', url: '/Collections', payload: { ...fields, description: 'Winter Catalogue' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ num: 901, kind: 'nv', parentNum: 0, itemCount: 0, version: 1 });
    expect((await lastAudit(t)).action).toBe('collection.create');
    const renamed = await adminCall(t, editor, {
      method: 'PUT',
      url: '/Collections/901',
      payload: { ...fields, description: 'Winter 2027', seoTitle: 'Winter balloons 2027', seoDescription: 'Snowflakes and stars.', version: 1 },
    });
    expect(renamed.status).toBe(200);
    const shop = (await call(t, { method: 'GET', url: '/Categories/GetNVCategories' })).body;
    expect(shop.map((c: { description: string }) => c.description)).toEqual(['New Arrivals', 'Winter 2027']);
    expect(shop[1]).toMatchObject({ num: 901, seoTitle: 'Winter balloons 2027', seoDescription: 'Snowflakes and stars.' });
    await refused(() => adminCall(t, editor, { method: 'PUT', url: '/Collections/12', payload: { ...fields, description: 'X', version: 1 } }), 404, CATEGORY_MESSAGES.collectionNotFound(12));
  });

  it('refuses to delete a collection with items unless they go to another collection, then appends them there', async () => {
    expect((await setItems(901, ['30001'], 2)).status).toBe(200);
    const from = await collection(900);
    await refused(() => adminCall(t, editor, { method: 'DELETE', url: `/Categories/900?version=${from.version}` }), 409, CATEGORY_MESSAGES.hasItems(3, 'collection'));
    await refused(() => adminCall(t, editor, { method: 'DELETE', url: `/Categories/900?version=${from.version}&moveItemsTo=12` }), 400, CATEGORY_MESSAGES.targetKind);
    const res = await adminCall(t, editor, { method: 'DELETE', url: `/Categories/900?version=${from.version}&moveItemsTo=901` });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deleted: 900, movedItems: 3 });
    expect((await collection(901)).items.map((i) => i.num)).toEqual(['30001', '40001', '11001']);
    expect((await call(t, { method: 'GET', url: '/Inventory/GetPagedItemsForNVCategory?categoryNum=900' })).status).toBe(404);
    expect((await lastAudit(t)).action).toBe('collection.delete');
  });
});

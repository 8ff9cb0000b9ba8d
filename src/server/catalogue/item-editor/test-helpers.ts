import type { ItemEditor } from '../../../contract/admin/items';
import { call } from '../../customers/testing';
import { adminCall, type StaffSessionForTest } from '../../test-support/admin';
import type { TestApp } from '../../test-support/test-app';

/** Helpers of the item editor's API tests: the editor's calls, and what a buyer sees of an item. */

export const editorOf = async (t: TestApp, s: StaffSessionForTest, num: string): Promise<ItemEditor> => {
  const res = await adminCall(t, s, { method: 'GET', url: `/Items/${num}` });
  if (res.status !== 200) throw new Error(`GET /Items/${num}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as ItemEditor;
};

/** The editor JSON as a PUT body (photos are not sent back). */
export const bodyOf = (item: ItemEditor, over: Partial<ItemEditor> = {}) => {
  const { photos: _photos, ...rest } = { ...item, ...over };
  return rest;
};

export const putItem = (t: TestApp, s: StaffSessionForTest, num: string, payload: object) => adminCall(t, s, { method: 'PUT', url: `/Items/${num}`, payload });

/** The storefront's answers about an item: in a category listing, found by a search, its detail. */
export async function storefront(t: TestApp, num: string, opts: { category: number; search: string; token?: string }) {
  const headers = opts.token ? { 'user-token': opts.token } : {};
  const listing = await call(t, { method: 'GET', url: `/Inventory/GetPagedItemsForCategory?categoryNum=${opts.category}&pageSize=100`, headers });
  const search = await call(t, { method: 'GET', url: `/Inventory/GetPagedItemsForSearch?searchtext=${encodeURIComponent(opts.search)}&pageSize=100`, headers });
  const detail = await call(t, { method: 'GET', url: `/Inventory/GetItemDetail?itemNum=${num}`, headers });
  const find = (body: { items: Record<string, any>[] }) => body.items.find((i) => i.num === num);
  return { listed: find(listing.body), found: find(search.body), detail: detail.status === 200 ? detail.body : undefined, detailStatus: detail.status };
}

import type { CategoryNode, CategoryTree } from '../../../contract/admin/categories';
import { call } from '../../customers/testing';
import { adminCall, type StaffSessionForTest } from '../../test-support/admin';
import type { TestApp } from '../../test-support/test-app';

/** Helpers of the category editor's API tests. */

export async function treeOf(t: TestApp, s: StaffSessionForTest): Promise<CategoryTree> {
  const res = await adminCall(t, s, { method: 'GET', url: '/Categories' });
  if (res.status !== 200) throw new Error(`GET /Categories: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as CategoryTree;
}

export async function nodeOf(t: TestApp, s: StaffSessionForTest, num: number): Promise<CategoryNode> {
  const res = await adminCall(t, s, { method: 'GET', url: `/Categories/${num}` });
  if (res.status !== 200) throw new Error(`GET /Categories/${num}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as CategoryNode;
}

/** The PUT body of a category as it is, with some fields changed. */
export const bodyOf = (node: CategoryNode, over: Partial<CategoryNode> = {}) => {
  const c = { ...node, ...over };
  return { description: c.description, parentNum: c.parentNum, seoTitle: c.seoTitle, seoDescription: c.seoDescription, logo: c.logo, beCat: c.beCat, version: c.version };
};

/** The newest audit row. */
export async function lastAudit(t: TestApp) {
  return t.ctx.database.db.selectFrom('audit_log').select(['actor', 'action', 'target', 'summary']).orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
}

/** Everything a category edit may change: categories, collections' items, the items' categories and versions, the audit log. */
export async function taxonomySnapshot(t: TestApp): Promise<string> {
  const db = t.ctx.database.db;
  const parts = await Promise.all([
    db.selectFrom('categories').selectAll().orderBy('num').execute(),
    db.selectFrom('nv_category_items').selectAll().orderBy('category_num').orderBy('item_id').execute(),
    db.selectFrom('items').select(['num', 'category_num', 'version']).orderBy('num').execute(),
    db.selectFrom('audit_log').select('id').execute(),
  ]);
  return JSON.stringify(parts);
}

/** What the storefront answers for a category (anonymous). */
export const shopCategory = async (t: TestApp, num: number) => (await call(t, { method: 'GET', url: `/Categories/GetCategoryInfo?categoryNum=${num}` })).body;

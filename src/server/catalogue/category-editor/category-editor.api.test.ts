import { describe, expect, it } from 'vitest';
import { CATEGORY_MESSAGES } from '../../../contract/admin/categories';
import { call } from '../../customers/testing';
import { adminCall, staffWith } from '../../test-support/admin';
import { withShop } from '../../test-support/shop';
import { bodyOf, lastAudit, nodeOf, shopCategory, taxonomySnapshot, treeOf } from './test-helpers';

/** The category tree in the back office: fixture tree 1 > 11, 12; 3 > 33; 4; collection 900. */

const { t, staff: { editor } } = withShop({ catalogue: true, staff: { editor: ['catalogue'] } });

const put = (num: number, payload: object) => adminCall(t, editor, { method: 'PUT', url: `/Categories/${num}`, payload });
const children = async (num: number) => (await call(t, { method: 'GET', url: `/Categories/GetChildCategories?parentCategory=${num}` })).body.map((c: { num: number }) => c.num);
const listed = async (num: number) => (await call(t, { method: 'GET', url: `/Inventory/GetPagedItemsForCategory?categoryNum=${num}&pageSize=100` })).body.items.map((i: { num: string }) => i.num).sort();

/** A refused call: its status and message, and nothing changed (audit log included). */
async function refused(send: () => Promise<{ status: number; body: any; headers?: Record<string, unknown> }>, status: number, detail: string) {
  const before = await taxonomySnapshot(t);
  const res = await send();
  expect(res.status).toBe(status);
  expect(res.headers?.['content-type']).toContain('application/problem+json');
  expect(res.body.detail).toBe(detail);
  expect(await taxonomySnapshot(t)).toBe(before);
}

describe('the tree', () => {
  it('lists parents before children, siblings in order, with own and subtree item counts; then the collections', async () => {
    const tree = await treeOf(t, editor);
    expect(tree.categories.map((c) => [c.num, c.parentNum, c.itemCount, c.totalItemCount])).toEqual([
      [1, 0, 0, 4], [11, 1, 3, 3], [12, 1, 1, 1], [3, 0, 3, 4], [33, 3, 1, 1], [4, 0, 1, 1],
    ]);
    expect(tree.collections).toMatchObject([{ num: 900, kind: 'nv', description: 'New Arrivals', itemCount: 2, version: 1 }]);
    expect(await nodeOf(t, editor, 33)).toMatchObject({ description: 'Number Shapes', seoTitle: '', seoDescription: '', version: 1 });
    expect((await adminCall(t, editor, { method: 'GET', url: '/Categories/77' })).status).toBe(404);
  });
});

describe('creating, renaming and moving', () => {
  it('creates a category last among its siblings, audited, and the storefront lists it at once', async () => {
    const res = await adminCall(t, editor, { method: 'POST', url: '/Categories', payload: { description: 'Star Shapes', parentNum: 3, seoTitle: '', seoDescription: '', logo: '', beCat: 'STAR' } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ num: 901, kind: 'tree', description: 'Star Shapes', parentNum: 3, itemCount: 0, version: 1 });
    expect(await lastAudit(t)).toMatchObject({ action: 'category.create', target: 'category:901' });
    expect(await children(3)).toEqual([33, 901]);
    await refused(
      () => adminCall(t, editor, { method: 'POST', url: '/Categories', payload: { description: 'Lost', parentNum: 900, seoTitle: '', seoDescription: '', logo: '', beCat: '' } }),
      400,
      CATEGORY_MESSAGES.unknownParent(900),
    );
  });

  it('renames with SEO texts and a logo; the storefront answers them; a stale version is 409 and changes nothing', async () => {
    const node = await nodeOf(t, editor, 33);
    const res = await put(33, bodyOf(node, { description: 'Number Balloons', seoTitle: 'Foil number balloons 0–9', seoDescription: 'Gold and silver numbers.', logo: '/images/logos/numbers.svg' }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ description: 'Number Balloons', version: 2 });
    expect(await shopCategory(t, 33)).toMatchObject({ description: 'Number Balloons', seoTitle: 'Foil number balloons 0–9', seoDescription: 'Gold and silver numbers.', logo: '/images/logos/numbers.svg' });
    const audit = await lastAudit(t);
    expect(audit).toMatchObject({ action: 'category.update', target: 'category:33' });
    expect(JSON.parse(audit.summary).description).toEqual(['Number Shapes', 'Number Balloons']);
    await refused(() => put(33, bodyOf(node, { description: 'Old tab' })), 409, CATEGORY_MESSAGES.stale);
  });

  it('two staff saving the same category at once: one wins, the other gets 409, and one audit row is written', async () => {
    const other = await staffWith(t, ['manager']);
    const node = await nodeOf(t, editor, 12);
    const audits = await t.ctx.database.db.selectFrom('audit_log').select('id').where('target', '=', 'category:12').execute();
    const [a, b] = await Promise.all([
      put(12, bodyOf(node, { description: '16" Latex (A)' })),
      adminCall(t, other, { method: 'PUT', url: '/Categories/12', payload: bodyOf(node, { description: '16" Latex (B)' }) }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const winner = a.status === 200 ? '16" Latex (A)' : '16" Latex (B)';
    expect(await nodeOf(t, editor, 12)).toMatchObject({ description: winner, version: node.version + 1 });
    const after = await t.ctx.database.db.selectFrom('audit_log').select(['actor', 'action']).where('target', '=', 'category:12').execute();
    expect(after.length).toBe(audits.length + 1);
    expect(after.at(-1)!.actor).toMatch(/^staff:\d+ /);
  });

  it('moves a category with its items to a new parent; never under itself or its own subcategory', async () => {
    const node = await nodeOf(t, editor, 33);
    expect((await put(33, bodyOf(node, { parentNum: 1 }))).status).toBe(200);
    expect(await children(1)).toEqual([11, 12, 33]);
    expect(await listed(1)).toContain('33007');
    expect(await listed(3)).not.toContain('33007');
    const latex = await nodeOf(t, editor, 1);
    await refused(() => put(1, bodyOf(latex, { parentNum: 33 })), 400, CATEGORY_MESSAGES.underItself);
    await refused(() => put(1, bodyOf(latex, { parentNum: 1 })), 400, CATEGORY_MESSAGES.underItself);
    await refused(() => put(1, bodyOf(latex, { parentNum: 555 })), 400, CATEGORY_MESSAGES.unknownParent(555));
    await refused(() => put(900, bodyOf(latex, { version: 1 })), 404, CATEGORY_MESSAGES.notFound(900));
  });

  it('refuses bad input with the field named and changes nothing', async () => {
    const node = await nodeOf(t, editor, 12);
    for (const over of [{ description: '  ' }, { logo: 'javascript:alert(1)' }, { logo: '//evil.example/x.png' }, { seoTitle: 'a\u202Eb' }]) {
      const before = await taxonomySnapshot(t);
      const res = await put(12, bodyOf(node, over as object));
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(await taxonomySnapshot(t)).toBe(before);
    }
    expect((await put(12, { ...bodyOf(node), kind: 'nv' })).status).toBe(400);
    expect((await put(12, bodyOf(node, { logo: 'https://cdn.example.com/latex.png' }))).status).toBe(200);
  });
});

describe('reordering siblings', () => {
  it('puts the children in the order given; a list that is not exactly the children is 409', async () => {
    const res = await adminCall(t, editor, { method: 'PUT', url: '/Categories/Order', payload: { parentNum: 1, nums: [33, 12, 11] } });
    expect(res.status).toBe(200);
    expect(res.body.categories.filter((c: { parentNum: number }) => c.parentNum === 1).map((c: { num: number }) => c.num)).toEqual([33, 12, 11]);
    expect(await children(1)).toEqual([33, 12, 11]);
    expect((await lastAudit(t)).action).toBe('category.reorder');
    const order = (nums: number[]) => () => adminCall(t, editor, { method: 'PUT', url: '/Categories/Order', payload: { parentNum: 1, nums } });
    await refused(order([12, 11]), 409, CATEGORY_MESSAGES.siblingsChanged);
    await refused(order([12, 11, 33, 4]), 409, CATEGORY_MESSAGES.siblingsChanged);
    await refused(order([12, 12, 11]), 409, CATEGORY_MESSAGES.siblingsChanged);
  });
});

describe('deleting', () => {
  it('refuses a category with subcategories or items (naming how many), unless its items are moved', async () => {
    const foil = await nodeOf(t, editor, 3);
    await refused(() => adminCall(t, editor, { method: 'DELETE', url: `/Categories/3?version=${foil.version}` }), 409, CATEGORY_MESSAGES.hasChildren(1));
    const bubbles = await nodeOf(t, editor, 4);
    const del = (query: string) => () => adminCall(t, editor, { method: 'DELETE', url: `/Categories/4?${query}` });
    await refused(del(`version=${bubbles.version}`), 409, 'This category holds 1 item; choose where to move it before deleting it');
    await refused(del(`version=${bubbles.version}&moveItemsTo=4`), 400, CATEGORY_MESSAGES.moveToItself);
    await refused(del(`version=${bubbles.version}&moveItemsTo=900`), 400, CATEGORY_MESSAGES.targetKind);
    await refused(del(`version=${bubbles.version}&moveItemsTo=8888`), 400, CATEGORY_MESSAGES.unknownTarget(8888));
    await refused(del(`version=${bubbles.version + 1}&moveItemsTo=12`), 409, CATEGORY_MESSAGES.stale);

    const itemBefore = await t.ctx.database.db.selectFrom('items').select('version').where('num', '=', '40001').executeTakeFirstOrThrow();
    const res = await del(`version=${bubbles.version}&moveItemsTo=12`)();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deleted: 4, movedItems: 1 });
    const item = await t.ctx.database.db.selectFrom('items').select(['category_num', 'version']).where('num', '=', '40001').executeTakeFirstOrThrow();
    expect(item).toEqual({ category_num: 12, version: itemBefore.version + 1 });
    expect(await listed(12)).toEqual(['12001', '40001']);
    expect((await call(t, { method: 'GET', url: '/Categories/GetCategoryInfo?categoryNum=4' })).status).toBe(404);
    expect((await call(t, { method: 'GET', url: '/Inventory/GetItemDetail?itemNum=40001' })).body.category).toBe(12);
    const audit = await lastAudit(t);
    expect(audit).toMatchObject({ action: 'category.delete', target: 'category:4' });
    expect(JSON.parse(audit.summary)).toMatchObject({ movedItems: 1, movedTo: 12 });
  });

  it('deletes an empty category without a target', async () => {
    const star = await nodeOf(t, editor, 901);
    expect((await adminCall(t, editor, { method: 'DELETE', url: `/Categories/901?version=${star.version}` })).status).toBe(200);
    expect(await children(3)).toEqual([]);
  });
});

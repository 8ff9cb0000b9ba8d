import { describe, expect, it } from 'vitest';
import type { CategoryNode } from '../../../contract/admin/categories';
import { movedOrder, parentOptions, rootsOf, subtreeOf } from './tree-model';

const node = (num: number, parentNum: number, description: string): CategoryNode => ({
  num, parentNum, description, kind: 'tree', sortOrder: 0, seoTitle: '', seoDescription: '', logo: '', beCat: '', version: 1, itemCount: 0, totalItemCount: 0,
});
// Parents before children, siblings in order (as the server answers).
const tree = [node(1, 0, 'Latex'), node(11, 1, '11"'), node(111, 11, 'Pearl'), node(12, 1, '16"'), node(3, 0, 'Foil')];

describe('the tree model', () => {
  it('offers as parents everything but the category itself and what lies under it, indented by depth', () => {
    expect(parentOptions(tree, 11).map((o) => o.value)).toEqual(['0', '1', '12', '3']);
    expect(parentOptions(tree, null).find((o) => o.value === '111')?.label).toBe('\u2003\u2003Pearl (#111)');
    expect([...subtreeOf(tree, 1)].sort()).toEqual([1, 11, 111, 12]);
    expect(rootsOf(tree).map((n) => n.num)).toEqual([1, 3]);
  });

  it('moves a category up or down among its siblings only', () => {
    expect(movedOrder(tree, 12, -1)).toEqual({ parentNum: 1, nums: [12, 11] });
    expect(movedOrder(tree, 12, 1)).toBeNull();
    expect(movedOrder(tree, 1, 1)).toEqual({ parentNum: 0, nums: [3, 1] });
    expect(movedOrder(tree, 111, -1)).toBeNull();
  });
});

import { type CategoryNode, type CategoryTree, subtreeNums } from '../../../contract/admin/categories';
import type { CategoryRecord } from './queries';

/** The category tree as the back office shows it, from the rows and the item counts. Pure. */

export function nodeOf(row: CategoryRecord, itemCount: number, totalItemCount: number): CategoryNode {
  return {
    num: row.num,
    kind: row.kind,
    description: row.description,
    parentNum: row.parent_num,
    sortOrder: row.sort_order,
    seoTitle: row.seo_title,
    seoDescription: row.seo_description,
    logo: row.logo,
    beCat: row.be_cat,
    version: row.version,
    itemCount,
    totalItemCount,
  };
}

/** Tree categories by parent, siblings in the rows' order (sort order, then number). */
export function childrenByParent(rows: readonly CategoryRecord[]): Map<number, CategoryRecord[]> {
  const byParent = new Map<number, CategoryRecord[]>();
  for (const r of rows) {
    if (r.kind !== 'tree') continue;
    const list = byParent.get(r.parent_num) ?? [];
    list.push(r);
    byParent.set(r.parent_num, list);
  }
  return byParent;
}

/** `num` and every category under it. */
export const subtreeOf = (byParent: Map<number, CategoryRecord[]>, num: number): Set<number> => subtreeNums((n) => (byParent.get(n) ?? []).map((c) => c.num), num);

/**
 * The tree depth first (a parent, then its children in order), each with its own items and its
 * subtree's; categories whose parent is unknown come after, as roots. Then the collections.
 */
export function buildTree(rows: readonly CategoryRecord[], items: Map<number, number>, members: Map<number, number>): CategoryTree {
  const byParent = childrenByParent(rows);
  const known = new Set(rows.filter((r) => r.kind === 'tree').map((r) => r.num));
  const categories: CategoryNode[] = [];
  const visited = new Set<number>();
  const visit = (row: CategoryRecord): number => {
    if (visited.has(row.num)) return 0;
    visited.add(row.num);
    const own = items.get(row.num) ?? 0;
    const at = categories.length;
    categories.push(nodeOf(row, own, own));
    let total = own;
    for (const child of byParent.get(row.num) ?? []) total += visit(child);
    categories[at]!.totalItemCount = total;
    return total;
  };
  for (const r of rows) if (r.kind === 'tree' && (r.parent_num === 0 || !known.has(r.parent_num))) visit(r);
  // Rows on a loop of parent links have no root; show them rather than lose them.
  for (const r of rows) if (r.kind === 'tree') visit(r);
  const collections = rows.filter((r) => r.kind === 'nv').map((r) => nodeOf(r, members.get(r.num) ?? 0, members.get(r.num) ?? 0));
  return { categories, collections };
}

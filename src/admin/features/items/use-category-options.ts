import { useQuery } from '@tanstack/react-query';
import { type CategoryNode, categoryTreeSchema } from '../../../contract/admin/categories';
import { adminGet } from '../../lib/admin-api';

/** A category as the pickers show it: its number and its path in the tree ("Latex › 11 inch"). */
export interface CategoryOption {
  value: string;
  label: string;
}

export interface CategoryOptions {
  tree: CategoryOption[];
  collections: CategoryOption[];
}

/** The tree is a few levels deep; a bound keeps a loop of parent links in bad data from looping. */
const MAX_DEPTH = 6;

/** Each tree category with its path, and the collections, from the category editor's one call. */
export function categoryOptions(tree: { categories: CategoryNode[]; collections: CategoryNode[] }): CategoryOptions {
  const byNum = new Map(tree.categories.map((c) => [c.num, c]));
  const pathOf = (c: CategoryNode) => {
    const names = [c.description];
    for (let p = byNum.get(c.parentNum), depth = 0; p && depth < MAX_DEPTH; p = byNum.get(p.parentNum), depth++) names.unshift(p.description);
    return names.join(' › ');
  };
  return {
    tree: tree.categories.map((c) => ({ value: String(c.num), label: `${pathOf(c)} (${c.num})` })).sort((a, b) => a.label.localeCompare(b.label)),
    collections: tree.collections.map((c) => ({ value: String(c.num), label: `${c.description} (${c.num})` })),
  };
}

export function useCategoryOptions() {
  return useQuery({
    queryKey: ['admin', 'categories'],
    queryFn: () => adminGet('/Categories', categoryTreeSchema, 'Failed to load the categories'),
    select: categoryOptions,
    staleTime: 60_000,
  });
}

import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { categorySchema, type Category } from '../../../contract/catalogue';
import { apiGet, queryString } from '../../../web/lib/api-client';

/** A category as the pickers show it: its number and its path in the tree ("Latex › 11 inch"). */
export interface CategoryOption {
  value: string;
  label: string;
}

export interface CategoryOptions {
  tree: CategoryOption[];
  collections: CategoryOption[];
}

const categoryList = z.array(categorySchema);
/** The tree is a few levels deep; a bound keeps a cycle in bad data from looping. */
const MAX_DEPTH = 6;

/**
 * The storefront's own category calls (the tree level by level, and the NV collections), so the
 * editor offers exactly the categories buyers browse.
 */
async function loadCategoryOptions(): Promise<CategoryOptions> {
  const tree: CategoryOption[] = [];
  let level: { category: Category; path: string }[] = (await apiGet('/Categories/GetMainCategories', categoryList, 'Failed to load the categories')).map((c) => ({
    category: c,
    path: c.description,
  }));
  for (let depth = 0; level.length > 0 && depth < MAX_DEPTH; depth++) {
    for (const { category, path } of level) tree.push({ value: String(category.num), label: `${path} (${category.num})` });
    const children = await Promise.all(
      level.map(async ({ category, path }) =>
        (await apiGet(`/Categories/GetChildCategories${queryString({ parentCategory: category.num })}`, categoryList, 'Failed to load the categories')).map((c) => ({
          category: c,
          path: `${path} › ${c.description}`,
        })),
      ),
    );
    level = children.flat();
  }
  const nv = await apiGet('/Categories/GetNVCategories', categoryList, 'Failed to load the collections');
  return {
    tree: tree.sort((a, b) => a.label.localeCompare(b.label)),
    collections: nv.map((c) => ({ value: String(c.num), label: `${c.description} (${c.num})` })),
  };
}

export function useCategoryOptions() {
  return useQuery({ queryKey: ['admin', 'category-options'], queryFn: loadCategoryOptions, staleTime: 60_000 });
}

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { type Category, categorySchema, type FilterParam, itemDetailSchema, pagedItemsSchema } from '../../../contract/catalogue';
import { apiGet, apiRequest, queryString } from '../../lib/api-client';

const categoryList = z.array(categorySchema);

export function useMainCategories() {
  return useQuery({
    queryKey: ['categories', 'main'],
    queryFn: () => apiGet('/Categories/GetMainCategories', categoryList, 'Failed to fetch main categories'),
  });
}

export function useChildCategories(parentNum: number) {
  return useQuery({
    queryKey: ['categories', 'children', parentNum],
    queryFn: () => apiGet(`/Categories/GetChildCategories${queryString({ parentCategory: parentNum })}`, categoryList, 'Failed to fetch child categories'),
  });
}

function fetchCategoryInfo(categoryNum: number): Promise<Category> {
  return apiGet(`/Categories/GetCategoryInfo${queryString({ categoryNum })}`, categorySchema, 'Failed to fetch category info');
}

export function useCategoryInfo(categoryNum: number | null) {
  return useQuery({
    queryKey: ['categories', 'info', categoryNum],
    enabled: categoryNum !== null,
    queryFn: () => fetchCategoryInfo(categoryNum!),
  });
}

/** NV categories are curated collections outside the tree (New Arrivals, Winter); they list items through their own calls. */
function useNvCategories() {
  return useQuery({
    queryKey: ['categories', 'nv'],
    staleTime: 10 * 60_000,
    queryFn: () => apiGet('/Categories/GetNVCategories', categoryList, 'Failed to fetch category info'),
  });
}

/** The breadcrumb: the category and its ancestors, walking up through parentNum until 0 (spec §4). */
export function useBreadcrumb(categoryNum: number | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['categories', 'breadcrumb', categoryNum],
    enabled: categoryNum !== null && categoryNum > 0,
    queryFn: async () => {
      const trail: Category[] = [];
      let num = categoryNum!;
      try {
        for (let depth = 0; num > 0 && depth < 10; depth++) {
          const info = await queryClient.fetchQuery({ queryKey: ['categories', 'info', num], queryFn: () => fetchCategoryInfo(num), staleTime: 60_000 });
          trail.unshift(info);
          num = info.parentNum;
        }
      } catch {
        throw new Error('Failed to build breadcrumb');
      }
      return trail;
    },
  });
}

export type Filters = Record<FilterParam, string[]>;

export interface ListingRequest {
  categoryNum: number | null;
  search: string;
  page: number;
  pageSize: number;
  sort: string;
  filters: Filters;
}

/** One page of a listing: category, NV collection, or search (within a category when one is chosen). */
export function useListing(request: ListingRequest) {
  const nv = useNvCategories();
  const isNv = request.categoryNum !== null && (nv.data ?? []).some((c) => c.num === request.categoryNum);
  const waitForNv = request.categoryNum !== null && nv.isPending;
  return useQuery({
    queryKey: ['items', isNv ? 'nv' : 'tree', request],
    enabled: !waitForNv && (request.categoryNum !== null || request.search !== ''),
    placeholderData: keepPreviousData,
    queryFn: () => {
      const { categoryNum, search, page, pageSize, sort, filters } = request;
      const paging = { pageSize, page, sort, ...filters };
      let path: string;
      if (isNv) {
        path = search
          ? `/Inventory/GetPagedItemsForNVSearch${queryString({ nvcatnum: categoryNum!, searchtext: search, ...paging })}`
          : `/Inventory/GetPagedItemsForNVCategory${queryString({ categoryNum: categoryNum!, ...paging })}`;
      } else {
        path = search
          ? `/Inventory/GetPagedItemsForSearch${queryString({ searchtext: search, categoryNum: categoryNum ?? undefined, ...paging })}`
          : `/Inventory/GetPagedItemsForCategory${queryString({ categoryNum: categoryNum!, ...paging })}`;
      }
      return apiGet(path, pagedItemsSchema, 'Failed to fetch category items');
    },
  });
}

export function useItemDetail(itemNum: string) {
  return useQuery({
    queryKey: ['item', itemNum],
    enabled: itemNum !== '',
    retry: (count, err) => !(err && 'status' in err && err.status === 404) && count < 1,
    queryFn: () => apiGet(`/Inventory/GetItemDetail${queryString({ itemNum })}`, itemDetailSchema, 'An error occurred'),
  });
}

/** Adds to the cart (the cart issue owns the cart screens; any cart view refreshes after this). */
export function useAddToCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ invNum, qty }: { invNum: string; qty: number }) =>
      apiRequest('POST', `/Shop/AddItem${queryString({ InvNum: invNum, qty })}`, null, 'Failed to add item'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['cart'] }),
  });
}

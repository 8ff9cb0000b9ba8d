import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { type Category, categorySchema, type FilterParam, type ItemDetail, itemDetailSchema, type PagedItems, pagedItemsSchema } from '../../../contract/catalogue';
import { gridSchema } from '../../../contract/grid';
import { apiGet, queryString } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { readListing, sortParam } from './listing-state';
import { CARD_PICTURE_PX, DETAIL_PICTURE, preloadProductPicture } from '../../components/picture-preload';

const categoryList = z.array(categorySchema);

const mainCategoriesQuery = {
  queryKey: ['categories', 'main'],
  queryFn: () => apiGet('/Categories/GetMainCategories', categoryList, 'Failed to fetch main categories'),
};

export function useMainCategories() {
  return useQuery(mainCategoriesQuery);
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

const categoryInfoQuery = (categoryNum: number) => ({ queryKey: ['categories', 'info', categoryNum], queryFn: () => fetchCategoryInfo(categoryNum) });

export function useCategoryInfo(categoryNum: number | null) {
  return useQuery({ ...categoryInfoQuery(categoryNum ?? 0), enabled: categoryNum !== null });
}

/** NV categories are curated collections outside the tree (New Arrivals, Winter); they list items through their own calls. */
const nvCategoriesQuery = {
  queryKey: ['categories', 'nv'],
  staleTime: 10 * 60_000,
  queryFn: () => apiGet('/Categories/GetNVCategories', categoryList, 'Failed to fetch category info'),
};

function useNvCategories() {
  return useQuery(nvCategoriesQuery);
}

/**
 * The breadcrumb: the category and its ancestors, walking up through parentNum until 0 (spec §4).
 * The walk usually ends at a main category: that list is asked for together with the category, so
 * a two-level trail takes one round trip instead of two (an ancestor not in it is asked for).
 */
const breadcrumbQuery = (categoryNum: number) => ({
  queryKey: ['categories', 'breadcrumb', categoryNum],
  queryFn: async () => {
    const trail: Category[] = [];
    const infoOf = (num: number) => queryClient.fetchQuery({ ...categoryInfoQuery(num), staleTime: 60_000 });
    const main = queryClient.fetchQuery({ ...mainCategoriesQuery, staleTime: 60_000 }).catch((): Category[] => []);
    let num = categoryNum;
    try {
      for (let depth = 0; num > 0 && depth < 10; depth++) {
        const step = num;
        const info = depth === 0 ? await infoOf(step) : ((await main).find((c) => c.num === step) ?? (await infoOf(step)));
        trail.unshift(info);
        num = info.parentNum;
      }
    } catch {
      throw new Error('Failed to build breadcrumb');
    }
    return trail;
  },
});

export function useBreadcrumb(categoryNum: number | null) {
  return useQuery({ ...breadcrumbQuery(categoryNum ?? 0), enabled: categoryNum !== null && categoryNum > 0 });
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
const listingQuery = (request: ListingRequest, isNv: boolean) => ({
  queryKey: ['items', isNv ? 'nv' : 'tree', request],
  queryFn: () => {
    const { categoryNum, search, page, pageSize, sort, filters } = request;
    const paging = { pageSize, page, sort: sortParam(sort, isNv, search), ...filters };
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

/** Whether this category is an NV collection (false until the collections are known), and whether they are still loading. */
export function useIsCollection(categoryNum: number | null): { isNv: boolean; pending: boolean } {
  const nv = useNvCategories();
  return { isNv: categoryNum !== null && (nv.data ?? []).some((c) => c.num === categoryNum), pending: categoryNum !== null && nv.isPending };
}

export function useListing(request: ListingRequest) {
  const { isNv, pending: waitForNv } = useIsCollection(request.categoryNum);
  return useQuery({
    ...listingQuery(request, isNv),
    enabled: !waitForNv && (request.categoryNum !== null || request.search !== ''),
    placeholderData: keepPreviousData,
  });
}

const itemDetailQuery = (itemNum: string) => ({
  queryKey: ['item', itemNum],
  retry: (count: number, err: Error) => !(err && 'status' in err && err.status === 404) && count < 1,
  queryFn: () => apiGet(`/Inventory/GetItemDetail${queryString({ itemNum })}`, itemDetailSchema, 'An error occurred'),
});

export function useItemDetail(itemNum: string) {
  return useQuery({ ...itemDetailQuery(itemNum), enabled: itemNum !== '' });
}

/**
 * Route loaders (app/router.tsx) call these when a visitor enters a page, so the page's calls
 * run while its code loads and renders, all at once rather than one after another
 * (docs/decisions/0010-front-end-speed.md). The pages' own queries then find them in flight or
 * answered; the listing page also calls prefetchListing itself when its query changes. A listing
 * needs to know whether its category is an NV collection before it can call: until that list is
 * known the tree call is made too, as it is the answer for every other category.
 * Answers once the listing's call has ended (answered or failed; never rejects).
 */
export function prefetchListing(params: URLSearchParams, { pictures = false } = {}): Promise<void> {
  const state = readListing(params);
  if (state.categoryNum !== null) void queryClient.prefetchQuery(breadcrumbQuery(state.categoryNum));
  if (state.categoryNum === null && !state.search) return Promise.resolve();
  const nv = queryClient.getQueryData<Category[]>(nvCategoriesQuery.queryKey);
  if (state.categoryNum !== null && !nv) void queryClient.prefetchQuery(nvCategoriesQuery);
  const isNv = state.categoryNum !== null && (nv ?? []).some((c) => c.num === state.categoryNum);
  const query = listingQuery(state, isNv);
  return queryClient.prefetchQuery({ ...query, retry: false }).then(() => {
    if (!pictures) return;
    const items = queryClient.getQueryData<PagedItems>(query.queryKey)?.items ?? [];
    for (const item of items.slice(0, 2)) preloadProductPicture(item.picture, CARD_PICTURE_PX);
  });
}

export function prefetchItemDetail(params: URLSearchParams): void {
  const itemNum = params.get('productNum') ?? '';
  const categoryNum = Number(params.get('categoryNum'));
  if (itemNum) {
    const query = itemDetailQuery(itemNum);
    void queryClient
      .prefetchQuery(query)
      .then(() => preloadProductPicture(queryClient.getQueryData<ItemDetail>(query.queryKey)?.picture, DETAIL_PICTURE.size, DETAIL_PICTURE.sizes));
  }
  if (Number.isInteger(categoryNum) && categoryNum > 0) void queryClient.prefetchQuery(breadcrumbQuery(categoryNum));
}

/** The colour × size order grid (one request for the whole page); prices follow the session's token. */
/** The grid's call; the early data script (early-data.ts) starts the same one for a grid page's first load. */
export const gridPath = (categoryNum: number, group: string) => `/Inventory/GetGrid${queryString({ categoryNum, group })}`;

export function useGrid(categoryNum: number | null, group: string, who: string) {
  return useQuery({
    // `who`: prices differ by buyer, so a sign-in or sign-out asks again.
    queryKey: ['catalogue', 'grid', categoryNum, group, who],
    enabled: categoryNum !== null,
    placeholderData: keepPreviousData,
    queryFn: () => apiGet(gridPath(categoryNum ?? 0, group), gridSchema, 'Failed to fetch the order grid'),
    retry: false,
  });
}

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  bulkPriceResultSchema,
  bulkStatusResultSchema,
  itemEditorSchema,
  itemsListSchema,
  nextItemNumSchema,
  type BulkPriceBody,
  type ItemCreateBody,
  type ItemEditor,
  type ItemStatus,
  type ItemUpdateBody,
} from '../../../contract/admin/items';
import { adminCall, adminGet, queryString } from '../../lib/admin-api';
import type { ItemsFilter } from './use-items-filter';

/** The item editor's calls (DESIGN.md §5 "Catalogue and content management"); photos in photos-api.ts. */

const KEY = ['admin', 'items'] as const;
export const itemKey = (num: string) => ['admin', 'item', num] as const;

export function useItemsList(filter: ItemsFilter) {
  return useQuery({
    queryKey: [...KEY, filter],
    placeholderData: keepPreviousData,
    staleTime: 0,
    queryFn: () => adminGet(`/Items${queryString({ ...filter })}`, itemsListSchema, 'Failed to load items'),
  });
}

export function useItem(num: string | undefined) {
  return useQuery({
    queryKey: itemKey(num ?? ''),
    enabled: num !== undefined,
    staleTime: 0,
    // The editor keeps what it loaded: a refetch on focus would not reach an open form anyway.
    refetchOnWindowFocus: false,
    queryFn: () => adminGet(`/Items/${encodeURIComponent(num!)}`, itemEditorSchema, 'Failed to load the item'),
  });
}

/** PUT an item (a stale version is a 409 whose body holds theirs) or POST a new one. */
export function useSaveItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (call: { num: string; body: ItemUpdateBody } | { num: null; body: ItemCreateBody }) =>
      call.num === null
        ? adminCall('POST', '/Items', itemEditorSchema, 'Failed to create the item', { body: call.body })
        : adminCall('PUT', `/Items/${encodeURIComponent(call.num)}`, itemEditorSchema, 'Failed to save the item', { body: call.body }),
    onSuccess: (item: ItemEditor) => {
      queryClient.setQueryData(itemKey(item.num), item);
      void queryClient.invalidateQueries({ queryKey: KEY });
    },
  });
}

export function useBulkStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { nums: string[]; status: ItemStatus }) => adminCall('POST', '/Items/Bulk/Status', bulkStatusResultSchema, 'Failed to change the status', { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

/** The price change's preview (dry run, writes nothing) and its apply: the same body. */
export function useBulkPrice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, dryRun }: { body: BulkPriceBody; dryRun: boolean }) =>
      adminCall('POST', `/Items/Bulk/Price?dryRun=${dryRun ? 1 : 0}`, bulkPriceResultSchema, dryRun ? 'Failed to preview the prices' : 'Failed to change the prices', { body }),
    onSuccess: (_r, { dryRun }) => {
      if (!dryRun) void queryClient.invalidateQueries({ queryKey: KEY });
    },
  });
}

/** The next free number in a category's range (GET /Items/NextNumber), for a new item. */
export function useSuggestedNum(category: string | null) {
  return useQuery({
    queryKey: ['admin', 'next-item-num', category],
    enabled: category !== null && category !== '',
    staleTime: 0,
    queryFn: () => adminGet(`/Items/NextNumber?category=${encodeURIComponent(category!)}`, nextItemNumSchema, 'Failed to suggest a number'),
  });
}

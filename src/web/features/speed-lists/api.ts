import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { cartSchema } from '../../../contract/cart';
import { type SpeedList, speedListSchema, speedListSummarySchema } from '../../../contract/speed-lists';
import { setCart } from '../../components/cart-data';
import { apiGet, apiRequest } from '../../lib/api-client';

/** The Speed List calls (DESIGN.md §3); every change answers the list, which replaces the cached one. */

export const SPEED_LIST_TEXTS = {
  fetchFailed: 'Failed to fetch speed lists',
  saveFailed: 'Failed to save speed list',
  deleteFailed: 'Failed to delete speed list',
  addFailed: 'Failed to add the list to the cart',
} as const;

const KEYS = { all: ['speedLists'] as const, one: (id: number) => ['speedLists', id] as const };

export function useSpeedLists() {
  return useQuery({ queryKey: KEYS.all, queryFn: () => apiGet('/SpeedLists', z.array(speedListSummarySchema), SPEED_LIST_TEXTS.fetchFailed) });
}

export function useSpeedList(id: number) {
  return useQuery({ queryKey: KEYS.one(id), enabled: id > 0, queryFn: () => apiGet(`/SpeedLists/${id}`, speedListSchema, SPEED_LIST_TEXTS.fetchFailed) });
}

/** A call that answers one list: caches it and refreshes the overview. */
function useListMutation<V>(call: (vars: V) => Promise<SpeedList>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (list) => {
      queryClient.setQueryData(KEYS.one(list.id), list);
      void queryClient.invalidateQueries({ queryKey: KEYS.all, exact: true });
    },
  });
}

export const useCreateList = () => useListMutation((name: string) => apiRequest('POST', '/SpeedLists', speedListSchema, SPEED_LIST_TEXTS.saveFailed, { name }));

export const useSaveCartAsList = () => useListMutation((name: string) => apiRequest('POST', '/SpeedLists/FromCart', speedListSchema, SPEED_LIST_TEXTS.saveFailed, { name }));

export const useRenameList = (id: number) => useListMutation((name: string) => apiRequest('PUT', `/SpeedLists/${id}`, speedListSchema, SPEED_LIST_TEXTS.saveFailed, { name }));

export const useSaveLines = (id: number) =>
  useListMutation((lines: { invNum: string; qty: number }[]) => apiRequest('PUT', `/SpeedLists/${id}/Lines`, speedListSchema, SPEED_LIST_TEXTS.saveFailed, lines));

export function useDeleteList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `/SpeedLists/${id}`, null, SPEED_LIST_TEXTS.deleteFailed),
    onSuccess: (_v, id) => {
      queryClient.removeQueries({ queryKey: KEYS.one(id) });
      void queryClient.invalidateQueries({ queryKey: KEYS.all, exact: true });
    },
  });
}

/** Adds the whole list, or the chosen lines, to the cart in one call. */
export function useAddListToCart(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invNums?: string[]) => apiRequest('POST', `/SpeedLists/${id}/AddToCart`, cartSchema, SPEED_LIST_TEXTS.addFailed, invNums ? { invNums } : {}),
    onSuccess: (cart) => setCart(queryClient, cart),
  });
}

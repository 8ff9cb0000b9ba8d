import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { namedPriceSchema, priceBreakSchema, priceLevelSchema, type PriceBreakRow, type PriceLevel } from '../../../contract/admin/pricing';
import { adminCall, adminGet } from '../../lib/admin-api';

/** Price levels and quantity breaks (DESIGN.md §5; docs/decisions/0021-pricing.md). */

export function usePriceLevels() {
  return useQuery({ queryKey: ['admin', 'price-levels'], staleTime: 0, queryFn: () => adminGet('/PriceLevels', z.array(priceLevelSchema), 'Failed to load price levels') });
}

export function useSaveLevel(level: PriceLevel | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; percentOff: number }) =>
      level
        ? adminCall('PUT', `/PriceLevels/${level.id}`, priceLevelSchema, 'Failed to save the level', { body: { ...body, version: level.version } })
        : adminCall('POST', '/PriceLevels', priceLevelSchema, 'Failed to create the level', { body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['admin', 'price-levels'] }),
  });
}

export function useLevelPrices(id: number) {
  return useQuery({ queryKey: ['admin', 'price-level-prices', id], staleTime: 0, queryFn: () => adminGet(`/PriceLevels/${id}/Prices`, z.array(namedPriceSchema), 'Failed to load the level’s prices') });
}

export function useReplacePrices(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rows: { invNum: string; price: number }[]) => adminCall('PUT', `/PriceLevels/${id}/Prices`, z.array(namedPriceSchema), 'Failed to save the prices', { body: rows }),
    onSuccess: (prices) => {
      queryClient.setQueryData(['admin', 'price-level-prices', id], prices);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'price-levels'] });
    },
  });
}

export function useItemBreaks(num: string) {
  return useQuery({ queryKey: ['admin', 'item-breaks', num], staleTime: 0, queryFn: () => adminGet(`/Items/${encodeURIComponent(num)}/Breaks`, z.array(priceBreakSchema), 'Failed to load the quantity breaks') });
}

export function useReplaceBreaks(num: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rows: PriceBreakRow[]) => adminCall('PUT', `/Items/${encodeURIComponent(num)}/Breaks`, z.array(priceBreakSchema), 'Failed to save the quantity breaks', { body: rows }),
    onSuccess: (rows) => queryClient.setQueryData(['admin', 'item-breaks', num], rows),
  });
}

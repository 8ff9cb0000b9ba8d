import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { itemStockSchema, stockAdjustResultSchema, stockBinResultSchema, stockMovementsSchema, stockSearchSchema, type StockAdjustBody, type StockBinBody } from '../../../contract/admin/stock';
import { adminCall, adminGet, queryString } from '../../lib/admin-api';

/** Stock by warehouse, adjustments and the movements history (DESIGN.md §5 "Stock"). */

export function useStockSearch(q: string) {
  return useQuery({
    queryKey: ['admin', 'stock', 'search', q],
    enabled: q.length > 0,
    queryFn: () => adminGet(`/Stock${queryString({ q })}`, stockSearchSchema, 'Failed to search stock'),
  });
}

export function useItemStock(invNum: string) {
  return useQuery({ queryKey: ['admin', 'stock', 'item', invNum], staleTime: 0, queryFn: () => adminGet(`/Stock/${encodeURIComponent(invNum)}`, itemStockSchema, 'Failed to load the item') });
}

export function useMovements(invNum: string) {
  return useQuery({
    queryKey: ['admin', 'stock', 'movements', invNum],
    staleTime: 0,
    queryFn: () => adminGet(`/Stock/${encodeURIComponent(invNum)}/Movements`, stockMovementsSchema, 'Failed to load the history'),
  });
}

export function useAdjustStock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StockAdjustBody) => adminCall('POST', '/Stock/Adjust', stockAdjustResultSchema, 'Failed to adjust stock', { body }),
    onSuccess: () => queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'admin' && ['stock', 'dashboard', 'orders', 'order'].includes(String(q.queryKey[1])) }),
  });
}

export function useSetBin(invNum: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StockBinBody) => adminCall('PUT', `/Stock/${encodeURIComponent(invNum)}/Bin`, stockBinResultSchema, 'Failed to set the bin', { body }),
    onSuccess: () => queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'admin' && ['stock', 'orders'].includes(String(q.queryKey[1])) }),
  });
}

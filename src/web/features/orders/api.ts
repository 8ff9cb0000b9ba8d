import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { orderSchema, ordersPageSchema, reorderResultSchema } from '../../../contract/cart';
import { setCart } from '../../components/cart-data';
import { apiGet, apiRequest, queryString } from '../../lib/api-client';

/** Check Order Status: history, one order, and Reorder (DESIGN.md §3 Beyond the spec). */

export const ORDERS_PAGE_SIZE = 10;

export function useOrders(page: number) {
  return useQuery({
    queryKey: ['orders', page],
    placeholderData: keepPreviousData,
    staleTime: 0,
    queryFn: () => apiGet(`/Shop/GetOrders${queryString({ page, pageSize: ORDERS_PAGE_SIZE })}`, ordersPageSchema, 'Failed to fetch orders'),
  });
}

export function useOrder(orderNum: number) {
  return useQuery({
    queryKey: ['order', orderNum],
    enabled: Number.isInteger(orderNum) && orderNum > 0,
    retry: (count, err) => !(err && 'status' in err && err.status === 404) && count < 1,
    queryFn: () => apiGet(`/Shop/GetOrder/${orderNum}`, orderSchema, 'Failed to fetch order'),
  });
}

/** Puts the order's lines back in the cart at today's prices. */
export function useReorder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderNum: number) => apiRequest('POST', `/Shop/Reorder/${orderNum}`, reorderResultSchema, 'Failed to reorder'),
    onSuccess: (result) => setCart(queryClient, result),
  });
}

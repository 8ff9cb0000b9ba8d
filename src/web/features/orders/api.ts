import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { orderSchema, ordersPageSchema, reorderResultSchema } from '../../../contract/cart';
import { requestReturnAnswerSchema, type RequestReturnBody } from '../../../contract/returns';
import { setCart } from '../../components/cart-data';
import { RETURN_KEYS } from '../../components/returns-data';
import { apiBlob, apiGet, apiRequest, queryString, saveBlob } from '../../lib/api-client';

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

/** The buyer cancels their own order while it is `received`; the answer is the order as it is now. */
export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderNum: number) => apiRequest('POST', `/Shop/CancelOrder/${orderNum}`, orderSchema, 'Failed to cancel the order'),
    onSuccess: (order) => {
      queryClient.setQueryData(['order', order.orderNum], order);
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
    },
  });
}

/** One of the buyer's invoices as a PDF download (the token goes in a header, so not a plain link). */
export function useInvoiceDownload() {
  return useMutation({
    mutationFn: async (invoiceNum: number) => saveBlob(await apiBlob(`/Shop/GetInvoice/${invoiceNum}`, 'Failed to download the invoice'), `invoice-${invoiceNum}.pdf`),
  });
}

/** Asks to return shipped units (DESIGN.md §7); the answer is the return's number, and the order's returns are read again. */
export function useRequestReturn(orderNum: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestReturnBody) => apiRequest('POST', `/Shop/RequestReturn/${orderNum}`, requestReturnAnswerSchema, 'Failed to request the return', body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: RETURN_KEYS.all });
      void queryClient.invalidateQueries({ queryKey: ['order', orderNum] });
    },
  });
}

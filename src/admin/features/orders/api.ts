import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminOrderSchema,
  adminOrdersPageSchema,
  bulkAcceptResultSchema,
  shipmentSchema,
  type AdminOrder,
  type CancelBody,
  type ShipBody,
} from '../../../contract/admin/orders';
import { adminCall, adminGet, queryString } from '../../lib/admin-api';
import type { OrdersFilter } from './use-orders-filter';

/** The order desk's calls (DESIGN.md §5 "Orders"). */

export function useAdminOrders(filter: OrdersFilter) {
  return useQuery({
    queryKey: ['admin', 'orders', filter],
    placeholderData: keepPreviousData,
    staleTime: 0,
    queryFn: () => adminGet(`/Orders${queryString({ ...filter })}`, adminOrdersPageSchema, 'Failed to load orders'),
  });
}

export function useAdminOrder(orderNum: number) {
  return useQuery({
    queryKey: ['admin', 'order', orderNum],
    enabled: Number.isInteger(orderNum) && orderNum > 0,
    staleTime: 0,
    queryFn: () => adminGet(`/Orders/${orderNum}`, adminOrderSchema, 'Failed to load the order'),
  });
}

/** After any change: the order itself from the answer, the lists and counts again. */
function useAfterChange() {
  const queryClient = useQueryClient();
  return (order?: AdminOrder) => {
    if (order) queryClient.setQueryData(['admin', 'order', order.orderNum], order);
    void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'admin' && ['orders', 'dashboard', 'order', 'stock'].includes(String(q.queryKey[1])) });
  };
}

export function useBulkAccept() {
  const after = useAfterChange();
  return useMutation({
    mutationFn: (orderNums: number[]) => adminCall('POST', '/Orders/Accept', bulkAcceptResultSchema, 'Failed to accept the orders', { body: { orderNums } }),
    onSettled: () => after(),
  });
}

export type OrderActionCall =
  | { action: 'accept' | 'release' }
  | { action: 'hold'; body: { reason: string } }
  | { action: 'cancel'; body: CancelBody };

const ACTION_PATH = { accept: 'Accept', release: 'Release', hold: 'Hold', cancel: 'Cancel' } as const;

/** Accept, Hold, Release, Cancel: If-Match with the version shown, so a stale screen gets 409. */
export function useOrderAction(order: AdminOrder) {
  const after = useAfterChange();
  return useMutation({
    mutationFn: (call: OrderActionCall) =>
      adminCall('POST', `/Orders/${order.orderNum}/${ACTION_PATH[call.action]}`, adminOrderSchema, `Failed to ${call.action} the order`, {
        body: 'body' in call ? call.body : {},
        ifMatch: order.version,
      }),
    onSuccess: (o) => after(o),
  });
}

export function useShip(order: AdminOrder) {
  const after = useAfterChange();
  return useMutation({
    mutationFn: (body: ShipBody) => adminCall('POST', `/Orders/${order.orderNum}/Ship`, shipmentSchema, 'Failed to ship', { body, ifMatch: order.version }),
    onSettled: () => after(),
  });
}

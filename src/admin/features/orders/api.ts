import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminOrderSchema,
  adminOrdersPageSchema,
  bulkAcceptResultSchema,
  shipmentSchema,
  type AdminOrder,
  type CancelBody,
  type EditOrderBody,
  type HoldBody,
  type ShipBody,
} from '../../../contract/admin/orders';
import { bulkOrdersAnswerSchema, type BulkHoldBody, type BulkInvoiceBody, type BulkPrintBody } from '../../../contract/admin/order-bulk';
import { z } from 'zod';
import { adminCall, adminGet, queryString } from '../../lib/admin-api';
import type { OrdersFilter } from './use-orders-filter';

/** The order desk's calls (DESIGN.md §5 "Orders"). */

export function useAdminOrders(filter: OrdersFilter) {
  return useQuery({
    queryKey: ['admin', 'orders', filter],
    placeholderData: keepPreviousData,
    staleTime: 0,
    // Today and This week are the staff member's own days (their browser's time zone).
    queryFn: () => adminGet(`/Orders${queryString({ ...filter, tz: filter.period ? localTimeZone() : undefined })}`, adminOrdersPageSchema, 'Failed to load orders'),
  });
}

function localTimeZone(): string | undefined {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
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

export type BulkOrdersCall =
  | { kind: 'hold'; body: BulkHoldBody }
  | { kind: 'print'; body: BulkPrintBody }
  | { kind: 'invoice'; body: BulkInvoiceBody };

const BULK_PATH = { hold: '/Orders/Hold', print: '/Orders/Print', invoice: '/Orders/Invoices' } as const;
const BULK_FAILED = { hold: 'Failed to hold the orders', print: 'Failed to gather the documents', invoice: 'Failed to gather the invoices' } as const;

/** Bulk hold, print and invoice: a result per order. */
export function useBulkOrders() {
  const after = useAfterChange();
  return useMutation({
    mutationFn: (call: BulkOrdersCall) => adminCall('POST', BULK_PATH[call.kind], bulkOrdersAnswerSchema, BULK_FAILED[call.kind], { body: call.body }),
    onSettled: (_a, _e, call) => call.kind === 'hold' && after(),
  });
}

export type OrderActionCall =
  | { action: 'accept' | 'release' }
  | { action: 'hold'; body: HoldBody }
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

/** The order's edit (PATCH with If-Match): `preview` answers the order it would leave and changes nothing. */
export function useOrderEdit(order: AdminOrder) {
  const after = useAfterChange();
  return useMutation({
    mutationFn: (body: EditOrderBody) => adminCall('PATCH', `/Orders/${order.orderNum}`, adminOrderSchema, 'Failed to save the changes', { body, ifMatch: order.version }),
    onSuccess: (o) => after(o),
  });
}

/** The new total while editing: the same edit as a preview, asked again as the form changes. */
export function useEditPreview(order: AdminOrder, body: EditOrderBody | null) {
  return useQuery({
    queryKey: ['admin', 'order-edit-preview', order.orderNum, order.version, body],
    enabled: body !== null,
    staleTime: 60_000,
    retry: false,
    placeholderData: keepPreviousData,
    queryFn: () => adminCall('PATCH', `/Orders/${order.orderNum}`, adminOrderSchema, 'Failed to work out the new total', { body: { ...body, preview: true }, ifMatch: order.version }),
  });
}

/** What the edit's ship-to choice needs of the customer's page (the rest is not parsed). */
const shipTosSchema = z.object({ shipTos: z.array(z.object({ code: z.string(), orgName: z.string(), city: z.string(), state: z.string() })) });

/** The customer's ship-to addresses, for the edit's ship-to choice. */
export function useCustomerShipTos(customerId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['admin', 'customer', customerId, 'ship-tos'],
    enabled,
    staleTime: 60_000,
    queryFn: async () => (await adminGet(`/Customers/${customerId}`, shipTosSchema, 'Failed to load the addresses')).shipTos,
  });
}

import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  createdWebhookSchema,
  redeliveredSchema,
  webhookDeliveriesPageSchema,
  webhookEndpointListItemSchema,
  webhookEndpointSchema,
  type NewWebhookBody,
  type UpdateWebhookBody,
  type WebhookDeliveriesPage,
} from '../../../contract/admin/webhooks';
import { adminCall, adminGet, queryString } from '../../lib/admin-api';

/** The webhook endpoints' calls (DESIGN.md §5 "Integration and durable messages"). */

const KEY = ['admin', 'webhooks'];
/** The delivery log is a live view: new attempts show up without a reload. */
const LOG_REFRESH_MS = 5000;

export function useWebhooks() {
  return useQuery({ queryKey: KEY, queryFn: () => adminGet('/Webhooks', z.array(webhookEndpointListItemSchema), 'Failed to load the webhook endpoints') });
}

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewWebhookBody) => adminCall('POST', '/Webhooks', createdWebhookSchema, 'Failed to add the endpoint', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

export function useUpdateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateWebhookBody }) => adminCall('PATCH', `/Webhooks/${id}`, webhookEndpointSchema, 'Failed to save the endpoint', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => adminCall('DELETE', `/Webhooks/${id}`, null, 'Failed to delete the endpoint'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

export function useDeliveries(id: number) {
  return useInfiniteQuery({
    queryKey: [...KEY, id, 'deliveries'],
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last: WebhookDeliveriesPage) => last.nextCursor ?? undefined,
    refetchInterval: LOG_REFRESH_MS,
    queryFn: ({ pageParam }) => adminGet(`/Webhooks/${id}/Deliveries${queryString({ cursor: pageParam })}`, webhookDeliveriesPageSchema, 'Failed to load the delivery log'),
  });
}

export function useRedeliver(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: number) => adminCall('POST', `/Webhooks/${id}/Deliveries/${deliveryId}/Redeliver`, redeliveredSchema, 'Failed to redeliver the message'),
    // The dispatcher sends it within a moment: look again soon rather than at the next refresh.
    onSuccess: () => setTimeout(() => void queryClient.invalidateQueries({ queryKey: KEY }), 1000),
  });
}

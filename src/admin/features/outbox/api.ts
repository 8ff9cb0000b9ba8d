import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { outboxEntrySchema, outboxPageSchema, type OutboxPage, type OutboxStatus } from '../../../contract/admin/outbox';
import { adminCall, adminGet, queryString } from '../../lib/admin-api';

/** The outbox's calls (DESIGN.md §5 "Integration and durable messages"). */

export function useOutbox(status: OutboxStatus) {
  return useInfiniteQuery({
    queryKey: ['admin', 'outbox', status],
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last: OutboxPage) => last.nextCursor ?? undefined,
    staleTime: 0,
    queryFn: ({ pageParam }) => adminGet(`/Outbox${queryString({ status, cursor: pageParam })}`, outboxPageSchema, 'Failed to load the messages'),
  });
}

export function useRetry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => adminCall('POST', `/Outbox/${id}/Retry`, outboxEntrySchema, 'Failed to retry the message'),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['admin', 'outbox'] }),
  });
}

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminReturnSchema, adminReturnsPageSchema, type AdminReturn, type ReceiveReturnBody, type RejectReturnBody, RETURNS } from '../../../../contract/admin/returns';
import { adminCall, adminGet, queryString } from '../../../lib/admin-api';
import type { ReturnsFilter } from './use-returns-filter';

/** The order desk's returns (DESIGN.md §7 "Returns and credit memos"). */

export function useAdminReturns(filter: ReturnsFilter) {
  return useQuery({
    queryKey: ['admin', 'returns', filter],
    placeholderData: keepPreviousData,
    staleTime: 0,
    queryFn: () => adminGet(`/Returns${queryString(filter)}`, adminReturnsPageSchema, 'Failed to load returns'),
  });
}

/** One order's returns, for its order page (the list call's `orderNum` filter). */
export function useOrderReturns(orderNum: number, enabled: boolean) {
  return useQuery({
    queryKey: ['admin', 'returns', 'order', orderNum],
    enabled,
    staleTime: 0,
    queryFn: async () => {
      const page = await adminGet(`/Returns${queryString({ orderNum, pageSize: RETURNS.maxPageSize })}`, adminReturnsPageSchema, 'Failed to load the order’s returns');
      return page.items;
    },
  });
}

export function useAdminReturn(rmaNum: number) {
  return useQuery({
    queryKey: ['admin', 'return', rmaNum],
    enabled: Number.isInteger(rmaNum) && rmaNum > 0,
    staleTime: 0,
    queryFn: () => adminGet(`/Returns/${rmaNum}`, adminReturnSchema, 'Failed to load the return'),
  });
}

export type ReturnActionCall = { action: 'approve' } | { action: 'reject'; body: RejectReturnBody } | { action: 'receive'; body: ReceiveReturnBody };

const ACTION_PATH = { approve: 'Approve', reject: 'Reject', receive: 'Receive' } as const;
const ACTION_FAILED = { approve: 'Failed to approve the return', reject: 'Failed to reject the return', receive: 'Failed to receive the return' } as const;

/** Approve, Reject, Receive: the answer is the return as it is now; lists, the order and stock are read again. */
export function useReturnAction(ret: AdminReturn) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (call: ReturnActionCall) =>
      adminCall('POST', `/Returns/${ret.rmaNum}/${ACTION_PATH[call.action]}`, adminReturnSchema, ACTION_FAILED[call.action], { body: 'body' in call ? call.body : {} }),
    onSuccess: (r) => {
      queryClient.setQueryData(['admin', 'return', r.rmaNum], r);
      void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'admin' && ['returns', 'order', 'stock', 'dashboard', 'customer'].includes(String(q.queryKey[1])) });
    },
  });
}

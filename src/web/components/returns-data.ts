import { useMutation, useQuery } from '@tanstack/react-query';
import { buyerReturnsSchema, creditMemoSummariesSchema } from '../../contract/returns';
import { apiBlob, apiGet, saveBlob } from '../lib/api-client';

/**
 * The buyer's returns and credit memos (DESIGN.md §7 "Returns and credit memos"), as the order page
 * (this order's returns, what is left to return) and the account page (every return, every credit
 * memo) share them. Every query lives under ['returns'], so a new request refreshes both.
 */
export const RETURN_KEYS = {
  all: ['returns'] as const,
  returns: ['returns', 'list'] as const,
  creditMemos: ['returns', 'credit-memos'] as const,
};

/** `enabled`: false where there can be none (an order with nothing shipped), so nothing is asked. */
export function useReturns(enabled = true) {
  return useQuery({ queryKey: RETURN_KEYS.returns, enabled, staleTime: 0, queryFn: () => apiGet('/Shop/GetReturns', buyerReturnsSchema, 'Failed to load your returns') });
}

export function useCreditMemos() {
  return useQuery({ queryKey: RETURN_KEYS.creditMemos, staleTime: 0, queryFn: () => apiGet('/Shop/GetCreditMemos', creditMemoSummariesSchema, 'Failed to load your credit memos') });
}

/** One of the buyer's credit memos as a PDF download (the token goes in a header, so not a plain link). */
export function useCreditMemoDownload() {
  return useMutation({
    mutationFn: async (creditMemoNum: number) => saveBlob(await apiBlob(`/Shop/GetCreditMemo/${creditMemoNum}`, 'Failed to download the credit memo'), `credit-memo-${creditMemoNum}.pdf`),
  });
}

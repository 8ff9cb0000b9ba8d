import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { type StockAlert, stockAlertSchema } from '../../contract/stock-alerts';
import { apiGet, apiRequest } from '../lib/api-client';

/**
 * The buyer's back-in-stock alerts (decision 0041): the item page asks and stops, the account
 * page lists and stops, so both features share these calls and their cache.
 */

export const STOCK_ALERT_TEXTS = {
  fetchFailed: 'Failed to fetch your stock alerts',
  startFailed: 'Could not set up the alert',
  stopFailed: 'Could not stop the alert',
} as const;

const KEY = ['stockAlerts'] as const;

/** The waiting alerts of the signed-in buyer (`enabled` false for a visitor). */
export function useStockAlerts(enabled = true) {
  return useQuery({ queryKey: KEY, enabled, queryFn: () => apiGet('/Shop/NotifyWhenInStock', z.array(stockAlertSchema), STOCK_ALERT_TEXTS.fetchFailed) });
}

export function useStartStockAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invNum: string) => apiRequest('POST', `/Shop/NotifyWhenInStock/${encodeURIComponent(invNum)}`, stockAlertSchema, STOCK_ALERT_TEXTS.startFailed),
    onSuccess: (alert) =>
      queryClient.setQueryData<StockAlert[]>(KEY, (old) => [alert, ...(old ?? []).filter((a) => a.invNum !== alert.invNum)]),
  });
}

export function useStopStockAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invNum: string) => apiRequest('DELETE', `/Shop/NotifyWhenInStock/${encodeURIComponent(invNum)}`, null, STOCK_ALERT_TEXTS.stopFailed),
    onSuccess: (_v, invNum) => queryClient.setQueryData<StockAlert[]>(KEY, (old) => (old ?? []).filter((a) => a.invNum !== invNum)),
  });
}

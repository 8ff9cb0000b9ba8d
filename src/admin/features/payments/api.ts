import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { MONEY, paymentsPageSchema, paymentsQuery, type PaymentsQuery } from '../../../contract/money';
import { adminGet, queryString } from '../../lib/admin-api';
import { useUrlFilter } from '../../lib/url-filter';

/** The payments screen: recent payments, filtered by customer and received dates (in the URL). */
export type PaymentsFilter = Partial<Omit<PaymentsQuery, 'page' | 'pageSize'>> & Pick<PaymentsQuery, 'page' | 'pageSize'>;

const KEYS = ['customer', 'from', 'to', 'page', 'pageSize'] as const;
export const usePaymentsFilter = () => useUrlFilter<PaymentsFilter>(paymentsQuery, KEYS, { page: 1, pageSize: MONEY.defaultPageSize });

export function usePayments(filter: PaymentsFilter) {
  return useQuery({
    queryKey: ['admin', 'payments', filter],
    placeholderData: keepPreviousData,
    staleTime: 0,
    queryFn: () => adminGet(`/Payments${queryString({ ...filter })}`, paymentsPageSchema, 'Failed to load payments'),
  });
}

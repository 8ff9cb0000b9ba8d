import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminCustomerSchema, type AdminCustomer } from '../../../contract/admin/customers';
import { type PaymentBody, paymentSchema, type Terms } from '../../../contract/money';
import { adminCall } from '../../lib/admin-api';

/** The customer page's money calls (decision 0022): terms and limit, payments, returned cheques. */

function useRefresh(id: number) {
  const queryClient = useQueryClient();
  return (customer?: AdminCustomer) => {
    if (customer) queryClient.setQueryData(['admin', 'customer', id], customer);
    void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'admin' && (q.queryKey[1] === 'payments' || q.queryKey[1] === 'orders' || (q.queryKey[1] === 'customer' && !customer)) });
  };
}

export function useSetTerms(customer: AdminCustomer) {
  const refresh = useRefresh(customer.id);
  return useMutation({
    mutationFn: (body: { terms: Terms; creditLimit: number }) =>
      adminCall('PUT', `/Customers/${customer.id}`, adminCustomerSchema, 'Failed to save the terms', { body: { ...body, version: customer.version } }),
    onSuccess: (c) => refresh(c),
  });
}

export function useRecordPayment(id: number) {
  const refresh = useRefresh(id);
  return useMutation({
    mutationFn: (body: PaymentBody) => adminCall('POST', '/Payments', paymentSchema, 'Failed to record the payment', { body }),
    onSuccess: () => refresh(),
  });
}

export function useReturnPayment(id: number) {
  const refresh = useRefresh(id);
  return useMutation({
    mutationFn: (paymentId: number) => adminCall('POST', `/Payments/${paymentId}/Return`, paymentSchema, 'Failed to mark the cheque returned'),
    onSuccess: () => refresh(),
  });
}

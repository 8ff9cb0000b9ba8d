import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminTaxCertificateListSchema, adminTaxCertificateSchema, type AdminTaxCertificate, type RejectTaxCertificateBody } from '../../../../contract/tax-certificates';
import { adminCall, adminGet } from '../../../lib/admin-api';

/** Resale certificates in the back office (DESIGN.md §7; decision 0042). */

const KEY = ['admin', 'tax-certificates'] as const;

/** The queue: certificates waiting for review, oldest first. */
export function usePendingCertificates() {
  return useQuery({ queryKey: [...KEY, 'pending'], staleTime: 0, queryFn: () => adminGet('/TaxCertificates?status=pending', adminTaxCertificateListSchema, 'Failed to load the tax certificates') });
}

export function useCustomerCertificates(customerId: number) {
  return useQuery({
    queryKey: [...KEY, 'customer', customerId],
    staleTime: 0,
    queryFn: () => adminGet(`/Customers/${customerId}/TaxCertificates`, adminTaxCertificateListSchema, 'Failed to load the customer’s tax certificates'),
  });
}

export type CertificateDecision = { action: 'accept' } | { action: 'reject'; body: RejectTaxCertificateBody };

/** Accept or Reject: the queue and the customer's list are read again (also after a 409: someone else decided). */
export function useDecideCertificate(c: AdminTaxCertificate) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (d: CertificateDecision) =>
      adminCall('POST', `/TaxCertificates/${c.id}/${d.action === 'accept' ? 'Accept' : 'Reject'}`, adminTaxCertificateSchema, `Failed to ${d.action} the certificate`, {
        body: 'body' in d ? d.body : {},
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminCustomerSchema,
  customerNoteSchema,
  customersPageSchema,
  resetQueuedSchema,
  sessionsRevokedSchema,
  type AdminCustomer,
  type CustomerStatus,
  type customerProfileFields,
} from '../../../contract/admin/customers';
import type { z } from 'zod';
import { actAsLinkSchema } from '../../../contract/act-as';
import { adminCall, adminGet, queryString } from '../../lib/admin-api';
import type { CustomersFilter } from './use-customers-filter';

/** The customers desk's calls (DESIGN.md §5 "Customers"). */

export function useCustomers(filter: CustomersFilter) {
  return useQuery({
    queryKey: ['admin', 'customers', filter],
    placeholderData: keepPreviousData,
    staleTime: 0,
    queryFn: () => adminGet(`/Customers${queryString({ ...filter })}`, customersPageSchema, 'Failed to load customers'),
  });
}

/** The CSV export of what the filters keep (a download link: the cookie goes with it). */
export function exportUrl(filter: CustomersFilter): string {
  return `/beapi/Admin/Customers/Export.csv${queryString({ q: filter.q, status: filter.status, state: filter.state })}`;
}

export function useCustomer(id: number) {
  return useQuery({
    queryKey: ['admin', 'customer', id],
    enabled: Number.isInteger(id) && id > 0,
    staleTime: 0,
    queryFn: () => adminGet(`/Customers/${id}`, adminCustomerSchema, 'Failed to load the customer'),
  });
}

/** After a change: the customer again, and the lists. */
function useAfterChange(id: number) {
  const queryClient = useQueryClient();
  return (customer?: AdminCustomer) => {
    if (customer) queryClient.setQueryData(['admin', 'customer', id], customer);
    void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'admin' && (q.queryKey[1] === 'customers' || (q.queryKey[1] === 'customer' && !customer)) });
  };
}

/** Approve, suspend, reactivate, with the version shown: a stale page gets 409. */
export function useSetStatus(customer: AdminCustomer) {
  const after = useAfterChange(customer.id);
  return useMutation({
    mutationFn: (status: CustomerStatus) => adminCall('PUT', `/Customers/${customer.id}`, adminCustomerSchema, 'Failed to change the account', { body: { status, version: customer.version } }),
    onSuccess: (c) => after(c),
  });
}

/** What the profile form changed: only those fields are sent. */
export type ProfileChange = { [K in keyof typeof customerProfileFields]?: z.input<(typeof customerProfileFields)[K]> };

/** Names, phone, web, billing address, email (DESIGN.md §7), with the version shown: a stale page gets 409. */
export function useEditProfile(customer: AdminCustomer) {
  const after = useAfterChange(customer.id);
  return useMutation({
    mutationFn: (change: ProfileChange) => adminCall('PUT', `/Customers/${customer.id}`, adminCustomerSchema, 'Failed to save the customer', { body: { ...change, version: customer.version } }),
    onSuccess: (c) => after(c),
  });
}

export function useAddNote(id: number) {
  const after = useAfterChange(id);
  return useMutation({
    mutationFn: (text: string) => adminCall('POST', `/Customers/${id}/Notes`, customerNoteSchema, 'Failed to add the note', { body: { text } }),
    onSuccess: () => after(),
  });
}

/** Signs out one session, or every one with `sessionId` null. */
export function useRevokeSessions(id: number) {
  const after = useAfterChange(id);
  return useMutation({
    mutationFn: (sessionId: number | null) =>
      adminCall('DELETE', `/Customers/${id}/Sessions${sessionId === null ? '' : `/${sessionId}`}`, sessionsRevokedSchema, 'Failed to sign the customer out'),
    onSuccess: () => after(),
  });
}

export function useSendPasswordReset(id: number) {
  return useMutation({
    mutationFn: () => adminCall('POST', `/Customers/${id}/PasswordReset`, resetQueuedSchema, 'Failed to send the reset mail'),
  });
}

/** A one-time link (60 s) to the storefront as this customer (decision 0035). */
export function useActAsLink(id: number) {
  return useMutation({
    mutationFn: () => adminCall('POST', `/Customers/${id}/Impersonate`, actAsLinkSchema, 'Failed to open the shop as this customer'),
  });
}

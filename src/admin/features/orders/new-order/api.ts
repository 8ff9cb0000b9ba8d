import { useQuery } from '@tanstack/react-query';
import { customersPageSchema } from '../../../../contract/admin/customers';
import { adminOrderSchema, type StaffOrderBody, type StaffOrderPreviewBody, staffOrderPreviewSchema } from '../../../../contract/admin/orders';
import { pagedItemsSchema } from '../../../../contract/catalogue';
import { adminCall, adminGet, ApiError, queryString } from '../../../lib/admin-api';

/** The order desk's new-order calls (DESIGN.md §7 "Staff-entered orders"). */

/** Active customers matching a search (company, email, contact, code), for picking whom the order is for. */
export function useCustomerSearch(q: string) {
  const text = q.trim();
  return useQuery({
    queryKey: ['admin', 'new-order', 'customers', text],
    enabled: text.length >= 2,
    staleTime: 30_000,
    queryFn: () => adminGet(`/Customers${queryString({ q: text, status: 'active', pageSize: 8 })}`, customersPageSchema, 'Failed to find customers'),
  });
}

/** Items matching a search, from the catalogue's public search (numbers and titles; prices come from the preview). */
export function useItemSearch(q: string) {
  const text = q.trim();
  return useQuery({
    queryKey: ['admin', 'new-order', 'items', text],
    enabled: text.length >= 2,
    staleTime: 30_000,
    queryFn: async () => {
      const res = await fetch(`/beapi/Inventory/GetPagedItemsForSearch${queryString({ searchtext: text, pageSize: 8 })}`, { credentials: 'omit' });
      if (!res.ok) throw new ApiError(res.status, 'Failed to search the items');
      return pagedItemsSchema.parse(await res.json()).items;
    },
  });
}

export const previewOrder = (body: StaffOrderPreviewBody) => adminCall('POST', '/Orders/Preview', staffOrderPreviewSchema, 'Failed to price the order', { body });

export const placeOrder = (body: StaffOrderBody, idempotencyKey: string) => adminCall('POST', '/Orders', adminOrderSchema, 'Failed to place the order', { body, idempotencyKey });

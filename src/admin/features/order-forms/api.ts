import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { type OrderFormCreateBody, orderFormDeletedSchema, orderFormListItemSchema, orderFormSchema, type OrderFormUpdateBody } from '../../../contract/admin/order-forms';
import { adminCall, adminGet } from '../../lib/admin-api';

/** Order forms (DESIGN.md §5 "Catalogue and content management"). */

const KEY = ['admin', 'order-forms'];

export function useOrderForms() {
  return useQuery({ queryKey: KEY, queryFn: () => adminGet('/OrderForms', z.array(orderFormListItemSchema), 'Failed to load the order forms') });
}

export function useOrderForm(masterId: string) {
  return useQuery({ queryKey: [...KEY, masterId], queryFn: () => adminGet(`/OrderForms/${encodeURIComponent(masterId)}`, orderFormSchema, 'Failed to load the order form') });
}

export function useCreateOrderForm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OrderFormCreateBody) => adminCall('POST', '/OrderForms', orderFormSchema, 'Failed to add the order form', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

export function useSaveOrderForm(masterId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OrderFormUpdateBody) => adminCall('PUT', `/OrderForms/${encodeURIComponent(masterId)}`, orderFormSchema, 'Failed to save the order form', { body }),
    onSuccess: (saved) => {
      queryClient.setQueryData([...KEY, masterId], saved);
      void queryClient.invalidateQueries({ queryKey: KEY, exact: true });
    },
  });
}

export function useDeleteOrderForm(masterId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (version: number) =>
      adminCall('DELETE', `/OrderForms/${encodeURIComponent(masterId)}?version=${version}`, orderFormDeletedSchema, 'Failed to delete the order form'),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: [...KEY, masterId] });
      void queryClient.invalidateQueries({ queryKey: KEY, exact: true });
    },
  });
}

const itemTitleSchema = z.object({ num: z.string(), web_Title: z.string(), status: z.string() });

/** An item's title and status, to show what an item number is before it is added. */
export function lookUpItem(num: string) {
  return adminGet(`/Items/${encodeURIComponent(num)}`, itemTitleSchema, `Item ${num} not found`);
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { type CouponCreateBody, couponSchema, type CouponUpdateBody } from '../../../contract/admin/coupons';
import { adminCall, adminGet, queryString } from '../../lib/admin-api';

/** Coupons (DESIGN.md §5 "Catalogue and content management"). */

const KEY = ['admin', 'coupons'];

export function useCoupons(q: string | undefined) {
  return useQuery({ queryKey: [...KEY, q ?? ''], queryFn: () => adminGet(`/Coupons${queryString({ q })}`, z.array(couponSchema), 'Failed to load the coupons') });
}

export function useCreateCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CouponCreateBody) => adminCall('POST', '/Coupons', couponSchema, 'Failed to add the coupon', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

export function useUpdateCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: CouponUpdateBody }) => adminCall('PUT', `/Coupons/${id}`, couponSchema, 'Failed to save the coupon', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

export function useDeleteCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => adminCall('DELETE', `/Coupons/${id}`, null, 'Failed to delete the coupon'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

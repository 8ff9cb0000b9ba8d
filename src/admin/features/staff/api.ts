import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { staffListItemSchema, type newStaffBody, type updateStaffBody } from '../../../contract/admin/staff';
import { adminCall, adminGet } from '../../lib/admin-api';

const KEY = ['admin', 'staff'];

export function useStaffList() {
  return useQuery({ queryKey: KEY, queryFn: () => adminGet('/Staff', z.array(staffListItemSchema), 'Failed to load staff') });
}

export function useAddStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof newStaffBody>) => adminCall('POST', '/Staff', staffListItemSchema, 'Failed to add the staff member', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

export function useUpdateStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: z.input<typeof updateStaffBody> }) => adminCall('PUT', `/Staff/${id}`, staffListItemSchema, 'Failed to save the staff member', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

/** An owner's Reset sign-in: password and authenticator cleared, sessions ended, a link to set a password mailed. */
export function useResetSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => adminCall('POST', `/Staff/${id}/ResetSignIn`, staffListItemSchema, 'Failed to reset the sign-in'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

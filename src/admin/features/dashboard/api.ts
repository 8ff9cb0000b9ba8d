import { useQuery } from '@tanstack/react-query';
import { dashboardSchema } from '../../../contract/admin/dashboard';
import { adminGet } from '../../lib/admin-api';

export function useDashboard() {
  return useQuery({ queryKey: ['admin', 'dashboard'], staleTime: 0, refetchInterval: 60_000, queryFn: () => adminGet('/Dashboard', dashboardSchema, 'Failed to load the dashboard') });
}

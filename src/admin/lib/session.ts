import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Permission } from '../../contract/admin/permissions';
import { staffSessionSchema, type StaffSession } from '../../contract/admin/staff-session';
import { adminCall, ApiError, onStaffUnauthorized, setCsrfToken } from './admin-api';

export const SESSION_KEY = ['admin', 'me'] as const;

/** GET /Me: the session the cookie carries, or null when there is none (401). */
async function fetchSession(): Promise<StaffSession | null> {
  try {
    const session = await adminCall('GET', '/Me', staffSessionSchema, 'Failed to load your session', { quiet401: true });
    setCsrfToken(session.csrfToken);
    return session;
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) {
      setCsrfToken(null);
      return null;
    }
    throw err;
  }
}

/** After sign-in (or sign-out): the session every screen reads, without asking the server again. */
export function setSession(queryClient: QueryClient, session: StaffSession | null): void {
  setCsrfToken(session?.csrfToken ?? null);
  if (!session) queryClient.removeQueries({ predicate: (q) => q.queryKey[0] === 'admin' && q.queryKey[1] !== 'me' });
  queryClient.setQueryData(SESSION_KEY, session);
}

export function useStaffSession() {
  const queryClient = useQueryClient();
  // A 401 from any call means the session ended: the guard then sends the member to sign in.
  useEffect(() => onStaffUnauthorized(() => setSession(queryClient, null)), [queryClient]);
  return useQuery({ queryKey: SESSION_KEY, queryFn: fetchSession, staleTime: Infinity, retry: false });
}

/** What the signed-in member may do; the server checks again. */
export function useCan(): (permission: Permission) => boolean {
  const { data } = useQuery({ queryKey: SESSION_KEY, queryFn: fetchSession, staleTime: Infinity, enabled: false });
  return (permission) => data?.permissions.includes(permission) ?? false;
}

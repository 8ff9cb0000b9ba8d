import { type Query, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import type { Customer } from '../../contract/accounts';
import { queryClient } from './query-client';
import { type Acting, ApiError, apiGet, onUnauthorized, parseActing, storeActing, storedActingRaw, storedToken, storeToken, TOKEN_KEY } from './api-client';

/**
 * The parts of the customer every page needs (name for the profile menu), checked by hand: even
 * zod/mini's core is 15 KB gzip, which the home page should not carry. Account screens parse
 * the complete customer with contract/accounts.ts.
 */
const SESSION_FIELDS = ['code', 'orgName', 'firstName', 'lastName', 'email'] as const;
const customerParser = {
  parse(v: unknown): Customer {
    const record = typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : null;
    if (!record || SESSION_FIELDS.some((f) => typeof record[f] !== 'string')) throw new Error('Unexpected customer information');
    return record as unknown as Customer;
  },
};

export type SessionStatus = 'loading' | 'signedIn' | 'signedOut';

export interface Session {
  status: SessionStatus;
  customer: Customer | null;
  signOut(): void;
}

const listeners = new Set<() => void>();
function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === TOKEN_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * Stores (or clears) the token and tells every component that reads the session. Answers cached
 * for whoever was signed in before (an item's price and stock for a buyer, their cart, their
 * orders) are not kept for the next: on sign-in they are fetched again (shown until the new
 * answer arrives), and on sign-out they are dropped at once, so no price or order of the last
 * buyer stays on the screen.
 */
export function setSessionToken(token: string | null): void {
  const changed = token !== storedToken();
  storeToken(token);
  if (changed) {
    const notTheSession = (q: Query) => q.queryKey[0] !== 'session';
    if (token === null) queryClient.removeQueries({ predicate: notTheSession });
    else void queryClient.invalidateQueries({ predicate: notTheSession });
  }
  for (const l of listeners) l();
}

/** Staff start viewing the shop as a customer in this tab (the /act-as page, decision 0035). */
export function startActing(acting: Acting): void {
  storeActing(acting);
  for (const l of listeners) l();
}

/** This tab's act-as session (its `token` is '' once it has ended); null in a buyer's own tab. */
export function useActing(): Acting | null {
  const raw = useSyncExternalStore(subscribe, storedActingRaw, () => null);
  return useMemo(() => parseActing(raw), [raw]);
}

/** The sign-up wizard's progress (spec §4 Signup), kept so that it survives a reload; logout clears it. */
export const SIGN_UP_KEY = 'shop.signUp';

function clearSignUp(): void {
  try {
    localStorage.removeItem(SIGN_UP_KEY);
  } catch {
    // nothing stored
  }
}

// A 401 to a call made with the token: the session ended on the server.
onUnauthorized(() => setSessionToken(null));

/**
 * The signed-in customer (spec §4 Authentication): loading at start, signed in once
 * GetCustomerInfo succeeds; a failed call counts as signed out and removes the stored token.
 */
export function useSession(): Session {
  const token = useSyncExternalStore(subscribe, storedToken, () => null);
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: ['session', token],
    enabled: token !== null,
    retry: false,
    staleTime: 5 * 60_000,
    queryFn: async () => {
      try {
        return await apiGet('/Customer/GetCustomerInfo', customerParser, 'An error occurred. Please try again.');
      } catch (err) {
        if (err instanceof ApiError && (err.status === 401 || err.status === 403 || err.status === 404)) setSessionToken(null);
        throw err;
      }
    },
  });
  const signOut = useCallback(() => {
    setSessionToken(null);
    clearSignUp();
    queryClient.removeQueries({ queryKey: ['session'] });
  }, [queryClient]);
  if (token === null) return { status: 'signedOut', customer: null, signOut };
  if (query.isPending) return { status: 'loading', customer: null, signOut };
  return query.data ? { status: 'signedIn', customer: query.data, signOut } : { status: 'signedOut', customer: null, signOut };
}

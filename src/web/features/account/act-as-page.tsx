import { Alert, Loader, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ACT_AS_MESSAGES, type ActAsSession, actAsSessionSchema } from '../../../contract/act-as';
import { ApiError, apiPost } from '../../lib/api-client';
import { usePageMeta } from '../../lib/page-meta';
import { startActing, useActing } from '../../lib/session';
import { AuthCard } from './auth-card';

/**
 * One exchange per token, whatever React does: a second exchange of the same link is 410, so
 * the page's effect (run twice in development) shares the first call.
 */
const exchanges = new Map<string, Promise<ActAsSession>>();
function exchange(token: string): Promise<ActAsSession> {
  let call = exchanges.get(token);
  if (!call) {
    call = apiPost('/Customer/ActAs', { token }, actAsSessionSchema, 'Could not open the shop as this customer. Please try again.');
    exchanges.set(token, call);
  }
  return call;
}

/**
 * /act-as?t=… (DESIGN.md §7, decision 0035): the page staff reach from "View the shop as this
 * customer". It exchanges the one-time link for a 30-minute session in this tab only, takes the
 * token out of the address bar, and goes to the customer's account portal.
 */
export default function ActAsPage() {
  usePageMeta('Viewing the shop for a customer', 'Staff view of a customer’s shop.');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const acting = useActing();
  const [token] = useState(() => new URLSearchParams(window.location.search).get('t') ?? '');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!token) return;
    // The token never stays in the address bar or the history.
    window.history.replaceState(window.history.state, '', window.location.pathname);
    let current = true;
    exchange(token).then(
      (session) => {
        if (!current) return;
        const c = session.customer;
        startActing({ token: session.token, company: c.orgName.trim() || `${c.firstName} ${c.lastName}`.trim() || c.email, staffName: session.staff.name, expiresAt: session.expiresAt });
        // Nothing cached from before belongs to this customer.
        queryClient.removeQueries();
        void navigate('/landingpage', { replace: true });
      },
      (err: unknown) => {
        if (current) setError(err instanceof ApiError ? err.message : 'Could not open the shop as this customer. Please try again.');
      },
    );
    return () => {
      current = false;
    };
  }, [token, navigate, queryClient]);

  return (
    <AuthCard title="Viewing the shop for a customer">
      <Stack gap="sm">
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : token ? (
          <Loader aria-label="Opening the customer’s shop" />
        ) : (
          <Text>{acting ? (acting.token ? ACT_AS_MESSAGES.banner(acting.company, acting.staffName) : ACT_AS_MESSAGES.ended(acting.company)) : ACT_AS_MESSAGES.noLink}</Text>
        )}
      </Stack>
    </AuthCard>
  );
}

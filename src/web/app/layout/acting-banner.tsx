import { Button, Container, Group, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ACT_AS_MESSAGES } from '../../../contract/act-as-words';
import { apiRequest } from '../../lib/api-client';
import { setSessionToken, useActing } from '../../lib/session';

const timeOf = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/**
 * While staff view the shop as a customer (decision 0035): a strip above the header on every page,
 * in the page's flow (it never covers content), naming the customer and the staff member, with
 * "End", which signs that session out. After the end it says so, and the tab stays signed out.
 */
export function ActingBanner() {
  const acting = useActing();
  const queryClient = useQueryClient();
  const live = Boolean(acting?.token);
  const end = () => {
    // The request reads the token before it is cleared.
    apiRequest('GET', '/System/Logout', null, 'Could not end the session').catch(() => undefined);
    setSessionToken(null);
    queryClient.removeQueries({ queryKey: ['session'] });
  };
  // At its 30 minutes the server refuses the session; the banner says so without waiting for a call.
  useEffect(() => {
    if (!acting?.token) return;
    const left = Date.parse(acting.expiresAt) - Date.now();
    const timer = setTimeout(() => setSessionToken(null), Math.max(0, Math.min(left, 2 ** 31 - 1)));
    return () => clearTimeout(timer);
  }, [acting?.token, acting?.expiresAt]);
  if (!acting) return null;
  return (
    <div role="region" aria-label="Viewing the shop for a customer" data-testid="acting-banner" style={{ background: 'var(--mantine-color-indigo-9)', color: 'var(--mantine-color-white)' }}>
      <Container size="xl" py={6}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text size="sm" fw={700} c="white" style={{ overflowWrap: 'anywhere' }}>
            {live ? ACT_AS_MESSAGES.banner(acting.company, acting.staffName) : ACT_AS_MESSAGES.ended(acting.company)}
            {live && (
              <Text span size="sm" fw={400} c="white">
                {` · until ${timeOf(acting.expiresAt)}`}
              </Text>
            )}
          </Text>
          {live && (
            <Button size="compact-sm" variant="white" color="indigo.9" onClick={end}>
              End
            </Button>
          )}
        </Group>
      </Container>
    </div>
  );
}

import { Alert, Anchor, Breadcrumbs, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * One record's page (an order, a return, a customer): breadcrumbs back to its list, then a
 * loader while it comes, the error when it does not, or the record drawn by `children`.
 */
export function RecordPage<T>({
  list,
  crumb,
  loading,
  query,
  children,
}: {
  list: { to: string; label: string };
  crumb: string;
  /** The loader's accessible name ("Loading the order"). */
  loading: string;
  query: { isPending: boolean; data?: T; error?: Error | null };
  children: (record: T) => ReactNode;
}) {
  return (
    <Stack>
      <Breadcrumbs>
        <Anchor component={Link} to={list.to}>
          {list.label}
        </Anchor>
        <Text size="sm">{crumb}</Text>
      </Breadcrumbs>
      {query.isPending ? <Loader aria-label={loading} /> : query.data === undefined ? <Alert color="red">{query.error?.message}</Alert> : children(query.data)}
    </Stack>
  );
}

/** A record page's heading: its title and status badge, lines under them, and its action buttons. */
export function RecordHeader({ title, badge, actions, actionsLabel, children }: { title: string; badge: ReactNode; actions: ReactNode; actionsLabel: string; children?: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-start">
      <div>
        <Group gap="sm">
          <Title order={1}>{title}</Title>
          {badge}
        </Group>
        {children}
      </div>
      <Group gap="xs" role="group" aria-label={actionsLabel}>
        {actions}
      </Group>
    </Group>
  );
}

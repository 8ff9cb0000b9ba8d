import { Group, Stack, Text } from '@mantine/core';
import type { WebhookEndpointListItem } from '../../../contract/admin/webhooks';
import { atTime } from '../../components/dates';
import { StatusBadge } from '../../../web/components/status-badge';

/** On, off (by staff) or turned off by the shop after failing for days. */
export function EndpointActiveBadge({ endpoint }: { endpoint: Pick<WebhookEndpointListItem, 'active' | 'disabledReason'> }) {
  if (endpoint.active) {
    return (
      <StatusBadge tone="good">
        Active
      </StatusBadge>
    );
  }
  return (
    <StatusBadge tone={endpoint.disabledReason ? 'bad' : 'neutral'}>
      {endpoint.disabledReason ? 'Turned off by the shop' : 'Off'}
    </StatusBadge>
  );
}

/** The newest attempt and, when deliveries fail, since when and why the shop turned it off. */
export function EndpointHealth({ endpoint }: { endpoint: WebhookEndpointListItem }) {
  const last = endpoint.lastDelivery;
  return (
    <Stack gap={2}>
      {last === null ? (
        <Text size="sm">Nothing sent yet</Text>
      ) : (
        <Group gap={6} wrap="nowrap">
          <StatusBadge tone={last.delivered ? 'good' : 'bad'}>
            {last.delivered ? 'Delivered' : 'Failed'}
          </StatusBadge>
          <Text size="sm">
            {last.statusCode !== null ? `HTTP ${last.statusCode}` : (last.error ?? '')} · {atTime(last.createdAt)}
          </Text>
        </Group>
      )}
      {endpoint.failingSince && (
        <Text size="sm" c="red.9">
          Failing since {atTime(endpoint.failingSince)}
        </Text>
      )}
      {endpoint.disabledReason && (
        <Text size="sm" c="red.9">
          {endpoint.disabledReason}
        </Text>
      )}
    </Stack>
  );
}

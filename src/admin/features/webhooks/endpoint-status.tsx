import { Badge, Group, Stack, Text } from '@mantine/core';
import type { WebhookEndpointListItem } from '../../../contract/admin/webhooks';
import { atTime } from '../../components/dates';

/** On, off (by staff) or turned off by the shop after failing for days. */
export function EndpointActiveBadge({ endpoint }: { endpoint: Pick<WebhookEndpointListItem, 'active' | 'disabledReason'> }) {
  if (endpoint.active) {
    return (
      <Badge color="teal.9" variant="filled" miw="max-content">
        Active
      </Badge>
    );
  }
  return (
    <Badge color={endpoint.disabledReason ? 'red.9' : 'gray.8'} variant="filled" miw="max-content">
      {endpoint.disabledReason ? 'Turned off by the shop' : 'Off'}
    </Badge>
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
          <Badge color={last.delivered ? 'teal.9' : 'red.9'} variant="filled" miw="max-content">
            {last.delivered ? 'Delivered' : 'Failed'}
          </Badge>
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

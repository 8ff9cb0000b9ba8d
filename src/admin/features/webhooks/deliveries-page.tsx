import { Alert, Anchor, Button, Code, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import type { WebhookDelivery } from '../../../contract/admin/webhooks';
import { notify } from '../../../web/components/notify';
import { atTime } from '../../components/dates';
import { CallError } from '../../components/form-problems';
import { useAdminTitle } from '../../lib/title';
import { useDeliveries, useRedeliver, useWebhooks } from './api';
import { EndpointActiveBadge, EndpointHealth } from './endpoint-status';
import { StatusBadge } from '../../../web/components/status-badge';

/** One endpoint's delivery log, newest attempt first, with Redeliver (same body, same webhook-id). */
export default function DeliveriesPage() {
  const id = Number(useParams().id);
  useAdminTitle(`Webhook endpoint ${id}`);
  const endpoint = useWebhooks().data?.find((e) => e.id === id);
  const log = useDeliveries(id);
  const redeliver = useRedeliver(id);
  const rows = log.data?.pages.flatMap((p) => p.items) ?? [];

  const again = (d: WebhookDelivery) =>
    redeliver.mutate(d.id, { onSuccess: (r) => notify('green', `${d.eventType} ${r.webhookId} is queued to be sent again`) });

  return (
    <Stack>
      <Anchor component={Link} to="/webhooks" size="sm">
        ← All webhook endpoints
      </Anchor>
      <Title order={1}>Webhook endpoint {id}</Title>
      {endpoint && (
        <Stack gap={4}>
          <Text style={{ wordBreak: 'break-all' }}>{endpoint.url}</Text>
          <Group gap="xs">
            <EndpointActiveBadge endpoint={endpoint} />
            <Text size="sm" c="dimmed">
              {endpoint.events.join(', ')}
            </Text>
          </Group>
          <EndpointHealth endpoint={endpoint} />
        </Stack>
      )}
      <Group justify="space-between">
        <Title order={2} size="h3">
          Delivery log
        </Title>
        <Button variant="default" size="xs" onClick={() => void log.refetch()} loading={log.isRefetching && !log.isFetchingNextPage}>
          Refresh
        </Button>
      </Group>
      <CallError error={redeliver.error} title="Not redelivered" />
      {log.isPending ? (
        <Loader aria-label="Loading the delivery log" />
      ) : log.isError ? (
        <Alert color="red">{log.error.message}</Alert>
      ) : rows.length === 0 ? (
        <Text>Nothing sent to this endpoint yet.</Text>
      ) : (
        <Table.ScrollContainer minWidth={900}>
          <Table striped withTableBorder verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Time</Table.Th>
                <Table.Th>Result</Table.Th>
                <Table.Th>HTTP</Table.Th>
                <Table.Th>Event</Table.Th>
                <Table.Th>Duration</Table.Th>
                <Table.Th>Response</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((d) => (
                <DeliveryRow key={d.id} delivery={d} onRedeliver={() => again(d)} redelivering={redeliver.isPending && redeliver.variables === d.id} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {log.hasNextPage && (
        <Group>
          <Button variant="default" onClick={() => void log.fetchNextPage()} loading={log.isFetchingNextPage}>
            Load more
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function DeliveryRow({ delivery: d, onRedeliver, redelivering }: { delivery: WebhookDelivery; onRedeliver: () => void; redelivering: boolean }) {
  return (
    <Table.Tr data-testid={`delivery-${d.id}`}>
      <Table.Td>{atTime(d.createdAt)}</Table.Td>
      <Table.Td>
        <StatusBadge tone={d.delivered ? 'good' : 'bad'}>
          {d.delivered ? 'Delivered' : 'Failed'}
        </StatusBadge>
      </Table.Td>
      <Table.Td>{d.statusCode ?? '—'}</Table.Td>
      <Table.Td>
        <Text size="sm">{d.eventType}</Text>
        <Text size="xs" c="dimmed">
          {d.webhookId} · attempt {d.attempt}
        </Text>
      </Table.Td>
      <Table.Td>{d.durationMs} ms</Table.Td>
      <Table.Td maw={320}>
        {d.error && !d.delivered && (
          <Text size="sm" c="red.9">
            {d.error}
          </Text>
        )}
        {d.responseSnippet ? (
          <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
            {d.responseSnippet}
          </Code>
        ) : (
          d.delivered && <Text size="sm">No body</Text>
        )}
      </Table.Td>
      <Table.Td>
        <Button size="xs" variant="light" onClick={onRedeliver} loading={redelivering} aria-label={`Redeliver ${d.eventType} ${d.webhookId} (attempt ${d.attempt})`}>
          Redeliver
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}

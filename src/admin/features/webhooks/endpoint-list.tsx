import { Anchor, Box, Button, Group, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import type { WebhookEndpointListItem } from '../../../contract/admin/webhooks';
import { EndpointActiveBadge, EndpointHealth } from './endpoint-status';

interface ListProps {
  endpoints: WebhookEndpointListItem[];
  onEdit: (e: WebhookEndpointListItem) => void;
  onDelete: (e: WebhookEndpointListItem) => void;
}

/** The endpoints as a table on wider screens and as stacked cards on a phone. */
export function EndpointList(props: ListProps) {
  return (
    <>
      <Box visibleFrom="sm">
        <Table.ScrollContainer minWidth={720}>
          <EndpointTable {...props} />
        </Table.ScrollContainer>
      </Box>
      <Stack hiddenFrom="sm" gap="sm">
        {props.endpoints.map((e) => (
          <Paper key={e.id} withBorder p="sm" component="section" aria-label={e.url}>
            <Stack gap={6}>
              <EndpointUrl endpoint={e} />
              <Text size="sm">{e.events.join(', ')}</Text>
              <EndpointActiveBadge endpoint={e} />
              <EndpointHealth endpoint={e} />
              <EndpointActions endpoint={e} {...props} />
            </Stack>
          </Paper>
        ))}
      </Stack>
    </>
  );
}

function EndpointTable({ endpoints, onEdit, onDelete }: ListProps) {
  return (
    <Table striped withTableBorder verticalSpacing="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>URL</Table.Th>
          <Table.Th>Events</Table.Th>
          <Table.Th>State</Table.Th>
          <Table.Th>Last delivery</Table.Th>
          <Table.Th>
            <VisuallyHidden>Actions</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {endpoints.map((e) => (
          <Table.Tr key={e.id}>
            <Table.Td maw={300}>
              <EndpointUrl endpoint={e} />
            </Table.Td>
            <Table.Td maw={220}>
              <Text size="sm">{e.events.join(', ')}</Text>
            </Table.Td>
            <Table.Td>
              <EndpointActiveBadge endpoint={e} />
            </Table.Td>
            <Table.Td>
              <EndpointHealth endpoint={e} />
            </Table.Td>
            <Table.Td>
              <EndpointActions endpoint={e} onEdit={onEdit} onDelete={onDelete} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function EndpointUrl({ endpoint }: { endpoint: WebhookEndpointListItem }) {
  return (
    <Anchor component={Link} to={`/webhooks/${endpoint.id}`} style={{ wordBreak: 'break-all' }}>
      {endpoint.url}
    </Anchor>
  );
}

function EndpointActions({ endpoint: e, onEdit, onDelete }: { endpoint: WebhookEndpointListItem } & Omit<ListProps, 'endpoints'>) {
  return (
    <Group gap={6} wrap="nowrap">
      <Button size="xs" variant="default" component={Link} to={`/webhooks/${e.id}`} aria-label={`Delivery log of ${e.url}`}>
        Log
      </Button>
      <Button size="xs" variant="default" onClick={() => onEdit(e)} aria-label={`Edit ${e.url}`}>
        Edit
      </Button>
      <Button size="xs" variant="outline" color="red.9" onClick={() => onDelete(e)} aria-label={`Delete ${e.url}`}>
        Delete
      </Button>
    </Group>
  );
}

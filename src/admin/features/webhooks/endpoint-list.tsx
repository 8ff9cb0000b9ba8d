import { Anchor, Button, Group, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { WebhookEndpointListItem } from '../../../contract/admin/webhooks';
import { ACTIONS_COLUMN, HeadedTable } from '../../../web/components/headed-table';
import { ListCard, TableOrCards } from '../../components/table-or-cards';
import { EndpointActiveBadge, EndpointHealth } from './endpoint-status';

interface ListProps {
  endpoints: WebhookEndpointListItem[];
  onEdit: (e: WebhookEndpointListItem) => void;
  onDelete: (e: WebhookEndpointListItem) => void;
}

/** The endpoints as a table on wider screens and as stacked cards on a phone. */
export function EndpointList(props: ListProps) {
  return (
    <TableOrCards
      table={<EndpointTable {...props} />}
      cards={props.endpoints.map((e) => (
        <ListCard key={e.id} label={e.url}>
          <EndpointUrl endpoint={e} />
          <Text size="sm">{e.events.join(', ')}</Text>
          <EndpointActiveBadge endpoint={e} />
          <EndpointHealth endpoint={e} />
          <EndpointActions endpoint={e} {...props} />
        </ListCard>
      ))}
    />
  );
}

function EndpointTable({ endpoints, onEdit, onDelete }: ListProps) {
  return (
    <HeadedTable minWidth={720} striped withTableBorder verticalSpacing="sm" columns={['URL', 'Events', 'State', 'Last delivery', ACTIONS_COLUMN]}>
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
    </HeadedTable>
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

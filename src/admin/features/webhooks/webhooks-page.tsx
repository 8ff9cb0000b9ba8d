import { Alert, Anchor, Button, Group, Loader, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { WebhookEndpointListItem } from '../../../contract/admin/webhooks';
import { notify } from '../../../web/components/notify';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useAdminTitle } from '../../lib/title';
import { useDeleteWebhook, useWebhooks } from './api';
import { EndpointActiveBadge, EndpointHealth } from './endpoint-status';
import { WebhookDialog } from './webhook-dialog';

/** Webhook endpoints (owner and manager): list with each one's health, add, edit, delete, and a way to its delivery log. */
export default function WebhooksPage() {
  useAdminTitle('Webhooks');
  const endpoints = useWebhooks();
  const [editing, setEditing] = useState<WebhookEndpointListItem | 'new' | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpointListItem | null>(null);
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>Webhooks</Title>
        <Button onClick={() => setEditing('new')}>Add an endpoint</Button>
      </Group>
      <Text c="dimmed">The shop calls these addresses when orders, stock, items or customers change, signed so the receiver can check the message came from here.</Text>
      {endpoints.isPending ? (
        <Loader aria-label="Loading the webhook endpoints" />
      ) : endpoints.isError ? (
        <Alert color="red">{endpoints.error.message}</Alert>
      ) : endpoints.data.length === 0 ? (
        <Text>No endpoints yet.</Text>
      ) : (
        <Table.ScrollContainer minWidth={860}>
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
              {endpoints.data.map((e) => (
                <Table.Tr key={e.id}>
                  <Table.Td maw={300} style={{ wordBreak: 'break-all' }}>
                    <Anchor component={Link} to={`/webhooks/${e.id}`}>
                      {e.url}
                    </Anchor>
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
                    <Group gap={6} wrap="nowrap">
                      <Button size="xs" variant="default" component={Link} to={`/webhooks/${e.id}`} aria-label={`Delivery log of ${e.url}`}>
                        Log
                      </Button>
                      <Button size="xs" variant="default" onClick={() => setEditing(e)} aria-label={`Edit ${e.url}`}>
                        Edit
                      </Button>
                      <Button size="xs" variant="light" color="red.8" onClick={() => setDeleting(e)} aria-label={`Delete ${e.url}`}>
                        Delete
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {editing && <WebhookDialog endpoint={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {deleting && <DeleteEndpointDialog endpoint={deleting} onClose={() => setDeleting(null)} />}
    </Stack>
  );
}

function DeleteEndpointDialog({ endpoint, onClose }: { endpoint: WebhookEndpointListItem; onClose: () => void }) {
  const remove = useDeleteWebhook();
  return (
    <ConfirmDialog
      title="Delete this endpoint?"
      message={`${endpoint.url} receives nothing more, and its delivery log is deleted with it. This cannot be undone; to pause it instead, edit it and turn it off.`}
      confirmLabel="Delete the endpoint"
      pending={remove.isPending}
      error={remove.error}
      onClose={onClose}
      onConfirm={() =>
        remove.mutate(endpoint.id, {
          onSuccess: () => {
            notify('green', `Deleted the endpoint ${endpoint.url}`);
            onClose();
          },
        })
      }
    />
  );
}

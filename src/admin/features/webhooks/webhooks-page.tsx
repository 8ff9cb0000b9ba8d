import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { WebhookEndpointListItem } from '../../../contract/admin/webhooks';
import { notify } from '../../../web/components/notify';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useAdminTitle } from '../../lib/title';
import { useDeleteWebhook, useWebhooks } from './api';
import { EndpointList } from './endpoint-list';
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
        <EndpointList endpoints={endpoints.data} onEdit={setEditing} onDelete={setDeleting} />
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

import { Alert, Badge, Button, Code, Group, Loader, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import type { ApiKey } from '../../../contract/admin/api-keys';
import { notify } from '../../../web/components/notify';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { atTime } from '../../components/dates';
import { useAdminTitle } from '../../lib/title';
import { ApiKeyDialog } from './api-key-dialog';
import { useApiKeys, useRevokeApiKey } from './api';

/** API keys for ERP and scripts (owner and manager): list with last use, create (shown once), revoke. */
export default function ApiKeysPage() {
  useAdminTitle('API keys');
  const keys = useApiKeys();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>API keys</Title>
        <Button onClick={() => setCreating(true)}>Create a key</Button>
      </Group>
      <Text c="dimmed">Keys let an ERP or a script call the back-office API (see docs/integration.md). Each key may do only what its scopes allow.</Text>
      {keys.isPending ? (
        <Loader aria-label="Loading the API keys" />
      ) : keys.isError ? (
        <Alert color="red">{keys.error.message}</Alert>
      ) : keys.data.length === 0 ? (
        <Text>No keys yet.</Text>
      ) : (
        <Table.ScrollContainer minWidth={960}>
          <Table striped withTableBorder verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Scopes</Table.Th>
                <Table.Th>Key</Table.Th>
                <Table.Th>Created</Table.Th>
                <Table.Th>Expires</Table.Th>
                <Table.Th>Last used</Table.Th>
                <Table.Th>State</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {keys.data.map((k) => (
                <ApiKeyRow key={k.id} apiKey={k} asOf={keys.dataUpdatedAt} onRevoke={() => setRevoking(k)} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {creating && <ApiKeyDialog onClose={() => setCreating(false)} />}
      {revoking && <RevokeDialog apiKey={revoking} onClose={() => setRevoking(null)} />}
    </Stack>
  );
}

/** `asOf`: when the list was loaded, the moment "expired" is judged at. */
function ApiKeyRow({ apiKey: k, asOf, onRevoke }: { apiKey: ApiKey; asOf: number; onRevoke: () => void }) {
  const expired = k.expiresAt !== null && Date.parse(k.expiresAt) <= asOf;
  return (
    <Table.Tr data-testid={`api-key-${k.id}`}>
      <Table.Td maw={200} style={{ wordBreak: 'break-word' }}>
        {k.name}
      </Table.Td>
      <Table.Td maw={200}>
        <Text size="sm">{k.scopes.join(', ')}</Text>
      </Table.Td>
      <Table.Td>
        <Code>{k.prefix}…</Code>
      </Table.Td>
      <Table.Td>{atTime(k.createdAt)}</Table.Td>
      <Table.Td>{k.expiresAt ? atTime(k.expiresAt) : 'Never'}</Table.Td>
      <Table.Td>
        {k.lastUsedAt ? (
          <>
            <Text size="sm">{atTime(k.lastUsedAt)}</Text>
            {k.lastUsedIp && (
              <Text size="xs" c="dimmed">
                from {k.lastUsedIp}
              </Text>
            )}
          </>
        ) : (
          <Text size="sm">Never</Text>
        )}
      </Table.Td>
      <Table.Td>
        {k.revokedAt ? (
          <Stack gap={2}>
            <Badge color="red.9" variant="light">
              Revoked
            </Badge>
            <Text size="xs">{atTime(k.revokedAt)}</Text>
          </Stack>
        ) : expired ? (
          <Badge color="gray.8" variant="light">
            Expired
          </Badge>
        ) : (
          <Badge color="teal.9" variant="light">
            Active
          </Badge>
        )}
      </Table.Td>
      <Table.Td>
        {!k.revokedAt && (
          <Button size="xs" variant="light" color="red.8" onClick={onRevoke} aria-label={`Revoke ${k.name}`}>
            Revoke
          </Button>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

function RevokeDialog({ apiKey, onClose }: { apiKey: ApiKey; onClose: () => void }) {
  const revoke = useRevokeApiKey();
  return (
    <ConfirmDialog
      title={`Revoke ${apiKey.name}?`}
      message={`The key ${apiKey.prefix}… stops working at once: the next call made with it is refused. This cannot be undone; the system using it will need a new key.`}
      confirmLabel="Revoke the key"
      pending={revoke.isPending}
      error={revoke.error}
      onClose={onClose}
      onConfirm={() =>
        revoke.mutate(apiKey.id, {
          onSuccess: (k) => {
            notify('green', `Revoked ${k.name}`);
            onClose();
          },
        })
      }
    />
  );
}

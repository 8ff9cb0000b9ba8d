import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { ApiKey } from '../../../contract/admin/api-keys';
import { notify } from '../../../web/components/notify';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useAdminTitle } from '../../lib/title';
import { ApiKeyDialog } from './api-key-dialog';
import { ApiKeyList } from './api-key-list';
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
        <ApiKeyList keys={keys.data} asOf={keys.dataUpdatedAt} onRevoke={setRevoking} />
      )}
      {creating && <ApiKeyDialog onClose={() => setCreating(false)} />}
      {revoking && <RevokeDialog apiKey={revoking} onClose={() => setRevoking(null)} />}
    </Stack>
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

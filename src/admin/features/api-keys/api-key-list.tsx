import { Button, Code, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { ApiKey } from '../../../contract/admin/api-keys';
import { ACTIONS_COLUMN, HeadedTable } from '../../../web/components/headed-table';
import { atTime } from '../../components/dates';
import { ListCard, TableOrCards } from '../../components/table-or-cards';
import { StatusBadge } from '../../../web/components/status-badge';

interface ListProps {
  keys: ApiKey[];
  /** When the list was loaded: the moment "expired" is judged at. */
  asOf: number;
  onRevoke: (k: ApiKey) => void;
}

/** The keys as a table on wider screens and as stacked cards on a phone. */
export function ApiKeyList({ keys, asOf, onRevoke }: ListProps) {
  return (
    <TableOrCards
      table={
        <HeadedTable minWidth={900} striped withTableBorder verticalSpacing="sm" columns={['Name', 'Scopes', 'Key', 'Created', 'Expires', 'Last used', 'State', ACTIONS_COLUMN]}>
          {keys.map((k) => (
            <Table.Tr key={k.id}>
              <Table.Td maw={200} style={{ wordBreak: 'break-word' }}>
                {k.name}
              </Table.Td>
              <Table.Td maw={200}>
                <Scopes apiKey={k} />
              </Table.Td>
              <Table.Td>
                <Code>{k.prefix}…</Code>
              </Table.Td>
              <Table.Td>{atTime(k.createdAt)}</Table.Td>
              <Table.Td>{k.expiresAt ? atTime(k.expiresAt) : 'Never'}</Table.Td>
              <Table.Td>
                <LastUsed apiKey={k} />
              </Table.Td>
              <Table.Td>
                <KeyState apiKey={k} asOf={asOf} />
              </Table.Td>
              <Table.Td>
                <RevokeButton apiKey={k} onRevoke={onRevoke} />
              </Table.Td>
            </Table.Tr>
          ))}
        </HeadedTable>
      }
      cards={keys.map((k) => (
        <ListCard key={k.id} label={k.name}>
          <Text fw={600} style={{ wordBreak: 'break-word' }}>
            {k.name} <Code>{k.prefix}…</Code>
          </Text>
          <Scopes apiKey={k} />
          <KeyState apiKey={k} asOf={asOf} />
          <SimpleGrid cols={2} spacing={4} verticalSpacing={4}>
            <Text size="sm">Created</Text>
            <Text size="sm">{atTime(k.createdAt)}</Text>
            <Text size="sm">Expires</Text>
            <Text size="sm">{k.expiresAt ? atTime(k.expiresAt) : 'Never'}</Text>
            <Text size="sm">Last used</Text>
            <div>
              <LastUsed apiKey={k} />
            </div>
          </SimpleGrid>
          <RevokeButton apiKey={k} onRevoke={onRevoke} />
        </ListCard>
      ))}
    />
  );
}

/** Its scopes; those its maker no longer holds are named apart (the key cannot use them now). */
function Scopes({ apiKey: k }: { apiKey: ApiKey }) {
  const lost = k.scopes.filter((s) => !k.activeScopes.includes(s));
  if (lost.length === 0) return <Text size="sm">{k.scopes.join(', ')}</Text>;
  return (
    <Text size="sm">
      {k.activeScopes.length > 0 ? k.activeScopes.join(', ') : 'None now'}
      <Text span size="sm" c="orange.9" display="block">
        Not usable: {lost.join(', ')} (its maker no longer holds {lost.length === 1 ? 'it' : 'them'})
      </Text>
    </Text>
  );
}

function LastUsed({ apiKey: k }: { apiKey: ApiKey }) {
  if (!k.lastUsedAt) return <Text size="sm">Never</Text>;
  return (
    <>
      <Text size="sm">{atTime(k.lastUsedAt)}</Text>
      {k.lastUsedIp && <Text size="xs">from {k.lastUsedIp}</Text>}
    </>
  );
}

function KeyState({ apiKey: k, asOf }: { apiKey: ApiKey; asOf: number }) {
  if (k.revokedAt) {
    return (
      <Stack gap={2} align="flex-start">
        <StatusBadge tone="bad">
          Revoked
        </StatusBadge>
        <Text size="xs">{atTime(k.revokedAt)}</Text>
      </Stack>
    );
  }
  const expired = k.expiresAt !== null && Date.parse(k.expiresAt) <= asOf;
  return (
    <StatusBadge tone={expired ? 'neutral' : 'good'}>
      {expired ? 'Expired' : 'Active'}
    </StatusBadge>
  );
}

function RevokeButton({ apiKey: k, onRevoke }: { apiKey: ApiKey; onRevoke: (k: ApiKey) => void }) {
  if (k.revokedAt) return null;
  return (
    <Button size="xs" variant="outline" color="red.9" w="fit-content" onClick={() => onRevoke(k)} aria-label={`Revoke ${k.name}`}>
      Revoke
    </Button>
  );
}

import { Alert, Button, Group, Loader, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { OUTBOX_STATUSES, type OutboxEntry, type OutboxStatus } from '../../../contract/admin/outbox';
import { atTime } from '../../components/dates';
import { useAdminTitle } from '../../lib/title';
import { useOutbox, useRetry } from './api';

const LABELS: Record<OutboxStatus, string> = { pending: 'Pending', failed: 'Failed', done: 'Sent' };

/** GET /Outbox by status (failed first: they need someone); Retry on pending and failed rows. */
export default function MessagesPage() {
  useAdminTitle('Messages');
  const [params, setParams] = useSearchParams();
  const status = (OUTBOX_STATUSES as readonly string[]).includes(params.get('status') ?? '') ? (params.get('status') as OutboxStatus) : 'failed';
  const outbox = useOutbox(status);
  const retry = useRetry();
  const rows = outbox.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Stack>
      <Title order={1}>Messages</Title>
      <Text c="dimmed">Mails and webhooks are sent from here after each change commits, and retried when they fail.</Text>
      <SegmentedControl
        w="fit-content"
        value={status}
        onChange={(v) => setParams({ status: v })}
        data={[
          { value: 'failed', label: LABELS.failed },
          { value: 'pending', label: LABELS.pending },
          { value: 'done', label: LABELS.done },
        ]}
      />
      {retry.isError && <Alert color="red">{retry.error.message}</Alert>}
      {outbox.isPending ? (
        <Loader aria-label="Loading the messages" />
      ) : outbox.isError ? (
        <Alert color="red">{outbox.error.message}</Alert>
      ) : rows.length === 0 ? (
        <Text>No {LABELS[status].toLowerCase()} messages.</Text>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Created</Table.Th>
                <Table.Th>Kind</Table.Th>
                <Table.Th>About</Table.Th>
                <Table.Th>Attempts</Table.Th>
                <Table.Th>Last error</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <MessageRow key={r.id} row={r} onRetry={() => retry.mutate(r.id)} retrying={retry.isPending && retry.variables === r.id} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {outbox.hasNextPage && (
        <Group>
          <Button variant="default" onClick={() => void outbox.fetchNextPage()} loading={outbox.isFetchingNextPage}>
            Load more
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function MessageRow({ row, onRetry, retrying }: { row: OutboxEntry; onRetry: () => void; retrying: boolean }) {
  return (
    <Table.Tr>
      <Table.Td>{atTime(row.createdAt)}</Table.Td>
      <Table.Td>{row.kind === 'mail' ? 'Mail' : 'Webhook'}</Table.Td>
      <Table.Td maw={320} style={{ wordBreak: 'break-word' }}>
        {row.about}
      </Table.Td>
      <Table.Td>{row.attempts}</Table.Td>
      <Table.Td maw={320} style={{ wordBreak: 'break-word' }}>
        {row.lastError ?? ''}
      </Table.Td>
      <Table.Td>
        {row.status !== 'done' && (
          <Button size="xs" variant="light" onClick={onRetry} loading={retrying} aria-label={`Retry message ${row.id}`}>
            Retry
          </Button>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

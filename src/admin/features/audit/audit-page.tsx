import { Alert, Button, Code, Group, Loader, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { auditPageSchema, type AuditPage } from '../../../contract/admin/audit';
import { atTime } from '../../components/dates';
import { FilterDrawer } from '../../components/filter-drawer';
import { adminGet, queryString } from '../../lib/admin-api';
import { useAdminTitle } from '../../lib/title';

const FIELDS = ['actor', 'target', 'action', 'from', 'to'] as const;
type Field = (typeof FIELDS)[number];

/** GET /Audit with its filters in the URL; "Load more" follows the cursor. */
export default function AuditPage() {
  useAdminTitle('Audit log');
  const [params, setParams] = useSearchParams();
  const filter = Object.fromEntries(FIELDS.map((f) => [f, params.get(f) ?? ''])) as Record<Field, string>;
  const [draft, setDraft] = useState(filter);
  const audit = useInfiniteQuery({
    queryKey: ['admin', 'audit', filter],
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last: AuditPage) => last.nextCursor ?? undefined,
    queryFn: ({ pageParam }) => adminGet(`/Audit${queryString({ ...filter, cursor: pageParam })}`, auditPageSchema, 'Failed to load the audit log'),
  });
  const rows = audit.data?.pages.flatMap((p) => p.items) ?? [];
  const field = (f: Field, label: string, type = 'text') => (
    <TextInput key={f} label={label} type={type} value={draft[f]} onChange={(e) => setDraft((d) => ({ ...d, [f]: e.currentTarget.value }))} w={type === 'date' ? 150 : 190} />
  );
  return (
    <Stack>
      <Title order={1}>Audit log</Title>
      <FilterDrawer
        active={FIELDS.filter((f) => filter[f]).length}
        onClear={() => {
          setDraft(Object.fromEntries(FIELDS.map((f) => [f, ''])) as Record<Field, string>);
          setParams({});
        }}
      >
        <form
          onSubmit={(e) => {
            e.preventDefault();
            setParams(Object.fromEntries(Object.entries(draft).filter(([, v]) => v.trim())));
          }}
        >
          <Group align="flex-end" gap="sm">
            {field('actor', 'Who')}
            {field('target', 'Target (e.g. order:100123)')}
            {field('action', 'Action')}
            {field('from', 'From', 'date')}
            {field('to', 'To', 'date')}
            <Button type="submit">Filter</Button>
          </Group>
        </form>
      </FilterDrawer>
      {audit.isPending ? (
        <Loader aria-label="Loading the audit log" />
      ) : audit.isError ? (
        <Alert color="red">{audit.error.message}</Alert>
      ) : rows.length === 0 ? (
        <Text>No entries match.</Text>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>Who</Table.Th>
                <Table.Th>Action</Table.Th>
                <Table.Th>Target</Table.Th>
                <Table.Th>Change</Table.Th>
                <Table.Th>Address</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>{atTime(r.at)}</Table.Td>
                  <Table.Td>{r.actor}</Table.Td>
                  <Table.Td>{r.action}</Table.Td>
                  <Table.Td>{r.target}</Table.Td>
                  <Table.Td maw={360}>
                    <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                      {r.summary}
                    </Code>
                  </Table.Td>
                  <Table.Td>{r.ip}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {audit.hasNextPage && (
        <Button variant="default" onClick={() => void audit.fetchNextPage()} loading={audit.isFetchingNextPage} w="fit-content">
          Load more
        </Button>
      )}
    </Stack>
  );
}

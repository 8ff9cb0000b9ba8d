import { Alert, Anchor, Button, Code, Group, List, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { auditPageSchema, type AuditEntry, type AuditPage } from '../../../contract/admin/audit';
import { targetWords } from '../../../contract/admin/audit-words';
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
            {field('actor', 'Who (start of a name)')}
            {field('target', 'What (e.g. order:100123)')}
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
        <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Audit entries, newest first">
          {rows.map((r) => (
            <AuditRow key={r.id} entry={r} />
          ))}
        </Stack>
      )}
      {audit.hasNextPage && (
        <Button variant="default" onClick={() => void audit.fetchNextPage()} loading={audit.isFetchingNextPage} w="fit-content">
          Load more
        </Button>
      )}
    </Stack>
  );
}

/** A name or thing as a link to its screen when it has one. */
function MaybeLink({ to, children }: { to: string | null; children: string }) {
  return to ? (
    <Anchor component={Link} to={to} fw={600}>
      {children}
    </Anchor>
  ) : (
    <Text span fw={600}>
      {children}
    </Text>
  );
}

/**
 * One entry as a sentence ("Olivia Owner accepted order 1042") with the person and the thing as
 * links, the change as before → after lines, and the stored record behind "Details".
 */
function AuditRow({ entry: r }: { entry: AuditEntry }) {
  const what = targetWords(r.target);
  const middle = r.words.slice(r.actorName.length, r.words.endsWith(what) ? r.words.length - what.length : undefined);
  return (
    <Paper component="li" withBorder p="sm" radius="md">
      <Text>
        <MaybeLink to={r.actorPath}>{r.actorName}</MaybeLink>
        {middle}
        {r.words.endsWith(what) && <MaybeLink to={r.targetPath}>{what}</MaybeLink>}
      </Text>
      <Text size="xs" c="dimmed">
        {atTime(r.at)}
        {r.ip ? ` · from ${r.ip}` : ''}
      </Text>
      {r.changes.length > 0 && (
        <List size="sm" mt={4} spacing={2}>
          {r.changes.map((c, i) => (
            <List.Item key={i} style={{ overflowWrap: 'anywhere' }}>
              {c}
            </List.Item>
          ))}
        </List>
      )}
      <details>
        <summary style={{ cursor: 'pointer', fontSize: 'var(--mantine-font-size-xs)' }}>Details as recorded</summary>
        <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
          {`${r.action} · ${r.target} · ${r.actor}\n${r.summary}`}
        </Code>
      </details>
    </Paper>
  );
}

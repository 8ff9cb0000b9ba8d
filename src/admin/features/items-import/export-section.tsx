import { Button, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ITEM_STATUSES, type ItemStatus } from '../../../contract/admin/items';
import { exportUrl } from './api';

const STATUS_OPTIONS = [{ value: '', label: 'Any status' }, ...ITEM_STATUSES.map((s) => ({ value: s, label: s[0]!.toUpperCase() + s.slice(1) }))];

/** "Export CSV" with the item list's filters (q, category, status), kept in the URL; the file is a plain download. */
export function ExportSection() {
  const [params, setParams] = useSearchParams();
  const filter = { q: params.get('q') ?? '', category: params.get('category') ?? '', status: params.get('status') ?? '' };
  const [draft, setDraft] = useState(filter);
  const category = /^\d{1,9}$/.test(filter.category) ? Number(filter.category) : undefined;
  const status = (ITEM_STATUSES as readonly string[]).includes(filter.status) ? (filter.status as ItemStatus) : undefined;
  return (
    <Stack gap="sm">
      <Title order={2}>Export</Title>
      <Text size="sm" c="dimmed">
        The items matching these filters, in the columns the import reads: edit the file in a spreadsheet and import it below.
      </Text>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setParams(Object.fromEntries(Object.entries(draft).filter(([, v]) => v.trim())), { replace: true });
        }}
      >
        <Group align="flex-end" gap="sm">
          <TextInput label="Search" placeholder="Number, title, code, UPC" value={draft.q} onChange={(e) => setDraft((d) => ({ ...d, q: e.currentTarget.value }))} w={220} />
          <TextInput label="Category number" inputMode="numeric" value={draft.category} onChange={(e) => setDraft((d) => ({ ...d, category: e.currentTarget.value }))} w={150} />
          <Select label="Status" data={STATUS_OPTIONS} value={draft.status} onChange={(v) => setDraft((d) => ({ ...d, status: v ?? '' }))} allowDeselect={false} w={160} />
          <Button type="submit" variant="default">
            Apply filters
          </Button>
          <Button component="a" href={exportUrl({ q: filter.q || undefined, category, status })} download>
            Export CSV
          </Button>
        </Group>
      </form>
    </Stack>
  );
}

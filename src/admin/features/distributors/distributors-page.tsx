import 'mantine-datatable/styles.layer.css';
import { Alert, Button, Group, type MantineTheme, Select, Stack, Text, Title } from '@mantine/core';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import type { AdminDistributor } from '../../../contract/admin/distributors';
import { notify } from '../../../web/components/notify';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { SearchForm } from '../../components/search-form';
import { useCan } from '../../lib/session';
import { useAdminTitle } from '../../lib/title';
import { useDeleteDistributor, useDistributors } from './api';
import { DistributorDialog, STATE_OPTIONS } from './distributor-dialog';
import { ImportDialog } from './import-dialog';
import { useDistributorsFilter } from './use-distributors-filter';

const WIDE = (theme: MantineTheme) => `(min-width: ${theme.breakpoints.sm})`;

/** Where to Buy's distributors: search and state in the URL, add, edit, delete, CSV import. */
export default function DistributorsPage() {
  useAdminTitle('Distributors');
  const [filter, update] = useDistributorsFilter();
  const list = useDistributors(filter);
  const canEdit = useCan()('catalogue:write');
  const [editing, setEditing] = useState<AdminDistributor | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminDistributor | null>(null);
  const [importing, setImporting] = useState(false);
  const page = list.data;
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>Distributors</Title>
        {canEdit && (
          <Group gap="xs">
            <Button variant="default" onClick={() => setImporting(true)}>
              Import CSV
            </Button>
            <Button onClick={() => setEditing('new')}>Add a distributor</Button>
          </Group>
        )}
      </Group>
      <Group align="flex-end" gap="sm">
        <SearchForm key={filter.q ?? ''} value={filter.q} placeholder="Name, city or ZIP code" width={240} onSearch={(q) => update({ q })} />
        <Select label="State" placeholder="Any" clearable searchable data={STATE_OPTIONS} value={filter.state ?? null} onChange={(v) => update({ state: v ?? undefined })} w={220} />
        {page && (
          <Text size="sm" c="dimmed" aria-live="polite">
            {page.total.toLocaleString('en-US')} distributor{page.total === 1 ? '' : 's'}
          </Text>
        )}
      </Group>
      {list.isError && <Alert color="red">{list.error.message}</Alert>}
      <DataTable<AdminDistributor>
        withTableBorder
        borderRadius="md"
        striped
        minHeight={200}
        fetching={list.isFetching}
        records={page?.items ?? []}
        noRecordsText="No distributors match"
        totalRecords={page?.total ?? 0}
        recordsPerPage={filter.pageSize}
        page={filter.page}
        onPageChange={(p) => update({ page: p })}
        getPaginationControlProps={(control) => ({ 'aria-label': `${control} page` })}
        columns={[
          { accessor: 'name', title: 'Name' },
          { accessor: 'city', title: 'City', render: (d) => `${d.city}, ${d.state} ${d.zip}` },
          // A phone shows name, place and actions; the rest is in the edit dialog.
          { accessor: 'address', title: 'Address', visibleMediaQuery: WIDE },
          { accessor: 'phone', title: 'Phone', visibleMediaQuery: WIDE },
          {
            accessor: 'actions',
            title: 'Actions',
            render: (d) =>
              canEdit && (
                <Group gap={6} wrap="nowrap">
                  <Button size="xs" variant="default" onClick={() => setEditing(d)} aria-label={`Edit ${d.name}`}>
                    Edit
                  </Button>
                  <Button size="xs" variant="outline" color="red.9" onClick={() => setDeleting(d)} aria-label={`Delete ${d.name}`}>
                    Delete
                  </Button>
                </Group>
              ),
          },
        ]}
      />
      {editing && <DistributorDialog distributor={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {deleting && <DeleteDistributorDialog distributor={deleting} onClose={() => setDeleting(null)} />}
      {importing && <ImportDialog onClose={() => setImporting(false)} />}
    </Stack>
  );
}

function DeleteDistributorDialog({ distributor, onClose }: { distributor: AdminDistributor; onClose: () => void }) {
  const remove = useDeleteDistributor();
  return (
    <ConfirmDialog
      title={`Delete ${distributor.name}?`}
      message={`${distributor.name} in ${distributor.city}, ${distributor.state} no longer shows on Where to Buy. This cannot be undone.`}
      confirmLabel="Delete the distributor"
      pending={remove.isPending}
      error={remove.error}
      onClose={onClose}
      onConfirm={() =>
        remove.mutate(distributor.id, {
          onSuccess: () => {
            notify('green', `Deleted ${distributor.name}`);
            onClose();
          },
        })
      }
    />
  );
}

import 'mantine-datatable/styles.layer.css';
import { Anchor, Card, Checkbox, Group, Pagination, Stack, Text } from '@mantine/core';
import { DataTable } from 'mantine-datatable';
import { Link } from 'react-router';
import type { ItemsList } from '../../../contract/admin/items';
import { money } from '../../../web/components/money';
import { ProductPicture } from '../../../web/components/product-picture';
import { ItemStatusBadge } from './item-texts';
import type { ItemsFilter } from './use-items-filter';

type Row = ItemsList['items'][number];

interface ItemsTableProps {
  page: ItemsList | undefined;
  fetching: boolean;
  filter: ItemsFilter;
  update: (patch: Partial<ItemsFilter>) => void;
  selected: Row[];
  onSelect: ((rows: Row[]) => void) | null;
}

const Thumb = ({ row }: { row: Row }) => <ProductPicture src={row.picture} size={48} alt="" loading="lazy" />;
const ItemLink = ({ row }: { row: Row }) => (
  <Anchor component={Link} to={`/items/${row.num}`}>
    {row.num}
  </Anchor>
);

/** The items as a table (desktop): thumbnail, number, title, status, prices, UPC, photos, stock. */
export function ItemsTable({ page, fetching, filter, update, selected, onSelect }: ItemsTableProps) {
  return (
    <DataTable<Row>
      withTableBorder
      borderRadius="md"
      striped
      highlightOnHover
      minHeight={200}
      idAccessor="num"
      fetching={fetching}
      records={page?.items ?? []}
      noRecordsText="No items match"
      {...(onSelect
        ? {
            selectedRecords: selected,
            onSelectedRecordsChange: onSelect,
            allRecordsSelectionCheckboxProps: { 'aria-label': 'Select all items on this page' },
            getRecordSelectionCheckboxProps: (r: Row) => ({ 'aria-label': `Select item ${r.num}` }),
          }
        : {})}
      totalRecords={page?.total ?? 0}
      recordsPerPage={filter.pageSize}
      page={filter.page}
      onPageChange={(p) => update({ page: p })}
      recordsPerPageOptions={[25, 50, 100, 200]}
      onRecordsPerPageChange={(n) => update({ pageSize: n })}
      recordsPerPageLabel="Items per page"
      getPaginationControlProps={(control) => ({ 'aria-label': `${control} page` })}
      columns={[
        { accessor: 'picture', title: 'Picture', render: (r) => <Thumb row={r} /> },
        { accessor: 'num', title: 'Item', render: (r) => <ItemLink row={r} /> },
        { accessor: 'web_Title', title: 'Title' },
        { accessor: 'status', title: 'Status', render: (r) => <ItemStatusBadge status={r.status} /> },
        { accessor: 'price', title: 'Price', textAlign: 'right', render: (r) => money(r.price) },
        { accessor: 'srp', title: 'SRP', textAlign: 'right', render: (r) => money(r.srp) },
        { accessor: 'upc', title: 'UPC' },
        { accessor: 'photoCount', title: 'Photos', textAlign: 'right' },
        { accessor: 'westAvailable', title: 'West', textAlign: 'right' },
        { accessor: 'eastAvailable', title: 'East', textAlign: 'right' },
      ]}
    />
  );
}

/** The same items as stacked cards (phone), each with its checkbox; pages below. */
export function ItemCards({ page, filter, update, selected, onSelect }: ItemsTableProps) {
  const isSelected = (r: Row) => selected.some((s) => s.num === r.num);
  const toggle = (r: Row) => onSelect?.(isSelected(r) ? selected.filter((s) => s.num !== r.num) : [...selected, r]);
  const pages = page ? Math.max(1, Math.ceil(page.total / filter.pageSize)) : 1;
  return (
    <Stack gap="sm">
      {page?.items.length === 0 && <Text>No items match</Text>}
      {page?.items.map((r) => (
        <Card key={r.num} withBorder padding="sm">
          <Group wrap="nowrap" align="flex-start" gap="sm">
            {onSelect && <Checkbox aria-label={`Select item ${r.num}`} checked={isSelected(r)} onChange={() => toggle(r)} mt={4} />}
            <Thumb row={r} />
            <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
              <Group gap="xs" justify="space-between">
                <ItemLink row={r} />
                <ItemStatusBadge status={r.status} />
              </Group>
              <Text size="sm">{r.web_Title}</Text>
              <Text size="sm">
                {money(r.price)} · SRP {money(r.srp)}
              </Text>
              <Text size="xs">
                UPC {r.upc || '—'} · {r.photoCount} photo{r.photoCount === 1 ? '' : 's'} · West {r.westAvailable} · East {r.eastAvailable}
              </Text>
            </Stack>
          </Group>
        </Card>
      ))}
      {pages > 1 && <Pagination total={pages} value={filter.page} onChange={(p) => update({ page: p })} getControlProps={(control) => ({ 'aria-label': `${control} page` })} />}
    </Stack>
  );
}

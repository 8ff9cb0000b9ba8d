import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { ItemsList } from '../../../contract/admin/items';
import { BottomActionBar } from '../../components/bottom-action-bar';
import { usePhone } from '../../components/use-phone';
import { useCan } from '../../lib/session';
import { useAdminTitle } from '../../lib/title';
import { useItemsList } from './api';
import { BulkPriceDialog } from './bulk-price-dialog';
import { BulkStatusDialog } from './bulk-status-dialog';
import { ItemCards, ItemsTable } from './items-table';
import { ItemsFilters } from './items-filters';
import { useCategoryOptions } from './use-category-options';
import { useItemsFilter } from './use-items-filter';

type Row = ItemsList['items'][number];

/** GET /Items with search, filters and page in the URL; bulk status and price changes for the selection or a category. */
export default function ItemsPage() {
  useAdminTitle('Items');
  const [filter, update] = useItemsFilter();
  const items = useItemsList(filter);
  const categories = useCategoryOptions().data;
  const canWrite = useCan()('catalogue:write');
  const phone = usePhone();
  const [selected, setSelected] = useState<Row[]>([]);
  const [dialog, setDialog] = useState<'status' | 'price' | null>(null);
  const page = items.data;
  const nums = selected.map((r) => r.num);
  const done = () => {
    setDialog(null);
    setSelected([]);
  };
  const List = phone ? ItemCards : ItemsTable;

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>Items</Title>
        {canWrite && (
          <Button component={Link} to="/items/new">
            New item
          </Button>
        )}
      </Group>
      <ItemsFilters key={filter.q ?? ''} filter={filter} update={update} categories={categories} />
      <Group gap="sm">
        {canWrite && (
          <BottomActionBar count={selected.length} noun={['item', 'items']} onClear={() => setSelected([])}>
            <Button variant={phone ? 'filled' : 'default'} disabled={selected.length === 0} onClick={() => setDialog('status')}>
              Change status ({selected.length})
            </Button>
          </BottomActionBar>
        )}
        {canWrite && (
          <Button variant="default" onClick={() => setDialog('price')}>
            Change prices{selected.length ? ` (${selected.length})` : ''}
          </Button>
        )}
        {page && (
          <Text size="sm" aria-live="polite">
            {page.total.toLocaleString('en-US')} item{page.total === 1 ? '' : 's'}
          </Text>
        )}
      </Group>
      {items.isError && <Alert color="red">{items.error.message}</Alert>}
      <List page={page} fetching={items.isFetching} filter={filter} update={update} selected={selected} onSelect={canWrite ? setSelected : null} />
      {dialog === 'status' && <BulkStatusDialog nums={nums} onDone={done} onClose={() => setDialog(null)} />}
      {dialog === 'price' && <BulkPriceDialog nums={nums} categories={categories} onDone={done} onClose={() => setDialog(null)} />}
    </Stack>
  );
}

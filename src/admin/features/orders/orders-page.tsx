import 'mantine-datatable/styles.layer.css';
import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import { Link } from 'react-router';
import type { BulkOrdersAnswer } from '../../../contract/admin/order-bulk';
import { ORDERS_ADMIN, type AdminOrderListItem } from '../../../contract/admin/orders';
import { money } from '../../../web/components/money';
import { notify } from '../../../web/components/notify';
import { BottomActionBar } from '../../components/bottom-action-bar';
import { atTime } from '../../components/dates';
import { CardFacts, CardHead, CardList, TableOrCards } from '../../components/table-or-cards';
import { OrderStatusBadge } from '../../../web/components/order-status-badge';
import { documentUrl, queryString } from '../../lib/admin-api';
import { useCan, useStaffSession } from '../../lib/session';
import { useAdminTitle } from '../../lib/title';
import { useAdminOrders, useBulkAccept } from './api';
import { BulkActions, BulkResults } from './bulk-actions';
import { OrdersFilters } from './orders-filters';
import { useOrdersFilter } from './use-orders-filter';

const units = (n: number) => (n > 0 ? n : '—');
const orderTotal = (o: AdminOrderListItem) => (o.cancelledTotal > 0 ? `${money(o.total)} (was ${money(o.originalTotal)})` : money(o.total));

/** What the order waits for, in the desk's words: the card's last line on a phone. */
function nextStep(o: AdminOrderListItem): string | null {
  if (o.statusCode === 'received') return 'To accept';
  if (o.statusCode === 'on_hold') return 'On hold: to release';
  if (o.statusCode === 'accepted' || o.statusCode === 'partially_shipped') {
    const open = [o.openWest > 0 && `${o.openWest} at West`, o.openEast > 0 && `${o.openEast} at East`].filter(Boolean).join(', ');
    if (open) return `To ship: ${open}`;
    if (o.backordered > 0) return `Waiting for ${o.backordered} backordered`;
  }
  return null;
}

/** GET /Orders with filters, sort and page in the URL; bulk accept and a pick list for the selected rows. */
export default function OrdersPage() {
  useAdminTitle('Orders');
  const [filter, update] = useOrdersFilter();
  const orders = useAdminOrders(filter);
  const bulkAccept = useBulkAccept();
  const can = useCan();
  const [selected, setSelected] = useState<AdminOrderListItem[]>([]);
  const [accepted, setAccepted] = useState<BulkOrdersAnswer | null>(null);
  const page = orders.data;
  const totalText = page ? (page.totalCapped ? `more than ${ORDERS_ADMIN.countCap.toLocaleString('en-US')}` : page.total.toLocaleString('en-US')) : '';
  // A member limited to one warehouse picks there; others at the warehouse filtered on (West by default).
  const pickWarehouse = useStaffSession().data?.staff.warehouse ?? filter.warehouse ?? 'west';
  const toAccept = selected.filter((o) => o.statusCode === 'received');

  const accept = () =>
    bulkAccept.mutate(
      toAccept.map((o) => o.orderNum),
      {
        onSuccess: (r) => {
          setAccepted(r);
          setSelected([]);
        },
        onError: (err) => notify('red', err.message),
      },
    );

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>Orders</Title>
        {can('orders:write') && (
          <Button component={Link} to="/orders/new">
            New order
          </Button>
        )}
      </Group>
      <OrdersFilters key={filter.q ?? ''} filter={filter} update={update} />
      <Group gap="sm">
        {can('orders:ship') && (
          <Button
            component="a"
            variant="default"
            target="_blank"
            rel="noopener"
            href={documentUrl(`/PickList.pdf${queryString({ warehouse: pickWarehouse, orders: selected.length ? selected.map((o) => o.orderNum).join(',') : undefined })}`)}
          >
            Pick list {pickWarehouse === 'west' ? 'West' : 'East'}
            {selected.length ? ` (${selected.length} selected)` : ''}
          </Button>
        )}
        <BottomActionBar count={selected.length} noun={['order', 'orders']} onClear={() => setSelected([])}>
          {can('orders:write') && (
            <Button onClick={accept} disabled={toAccept.length === 0} loading={bulkAccept.isPending}>
              Accept selected ({toAccept.length})
            </Button>
          )}
          <BulkActions selected={selected} warehouse={pickWarehouse} onDone={() => setSelected([])} />
        </BottomActionBar>
        {page && (
          <Text size="sm" c="dimmed" aria-live="polite">
            {totalText} order{page.total === 1 ? '' : 's'}
          </Text>
        )}
      </Group>
      <BulkResults kind="accept" answer={accepted} onClose={() => setAccepted(null)} />
      {orders.isError && <Alert color="red">{orders.error.message}</Alert>}
      <TableOrCards
        table={
          <DataTable<AdminOrderListItem>
            withTableBorder
            borderRadius="md"
            striped
            highlightOnHover
            minHeight={200}
            idAccessor="orderNum"
            fetching={orders.isFetching}
            records={page?.items ?? []}
            noRecordsText="No orders match"
            selectedRecords={selected}
            onSelectedRecordsChange={setSelected}
            allRecordsSelectionCheckboxProps={{ 'aria-label': 'Select all orders on this page' }}
            getRecordSelectionCheckboxProps={(o) => ({ 'aria-label': `Select order ${o.orderNum}` })}
            totalRecords={page ? Math.min(page.total, ORDERS_ADMIN.countCap) : 0}
            recordsPerPage={filter.pageSize}
            page={filter.page}
            onPageChange={(p) => update({ page: p })}
            recordsPerPageOptions={[25, 50, 100, 200]}
            onRecordsPerPageChange={(n) => update({ pageSize: n })}
            recordsPerPageLabel="Orders per page"
            paginationText={({ from, to }) => `${from}–${to} of ${totalText}`}
            getPaginationControlProps={(control) => ({ 'aria-label': `${control} page` })}
            columns={[
              {
                accessor: 'orderNum',
                title: 'Order',
                render: (o) => (
                  <Anchor component={Link} to={`/orders/${o.orderNum}`}>
                    {o.orderNum}
                  </Anchor>
                ),
              },
              { accessor: 'createdAt', title: 'Placed', render: (o) => atTime(o.createdAt) },
              { accessor: 'statusCode', title: 'Status', render: (o) => <OrderStatusBadge status={o.statusCode} size="sm" /> },
              { accessor: 'customer', title: 'Customer', render: (o) => o.customer.orgName },
              { accessor: 'poNumber', title: 'PO' },
              { accessor: 'lineCount', title: 'Lines', textAlign: 'right' },
              { accessor: 'openWest', title: 'West', textAlign: 'right', render: (o) => units(o.openWest) },
              { accessor: 'openEast', title: 'East', textAlign: 'right', render: (o) => units(o.openEast) },
              { accessor: 'backordered', title: 'Backordered', textAlign: 'right', render: (o) => units(o.backordered) },
              {
                accessor: 'total',
                title: 'Total',
                textAlign: 'right',
                render: orderTotal,
              },
            ]}
          />
        }
        cards={
          <CardList
            records={page?.items}
            id={(o) => o.orderNum}
            label={(o) => `Order ${o.orderNum}`}
            empty="No orders match"
            selection={can('orders:write') || can('orders:ship') ? { selected, onChange: setSelected, label: (o) => `Select order ${o.orderNum}`, allLabel: 'Select all orders on this page' } : null}
            pagination={{ total: page ? Math.min(page.total, ORDERS_ADMIN.countCap) : 0, page: filter.page, pageSize: filter.pageSize, onPage: (p) => update({ page: p }) }}
          >
            {(o) => (
              <>
                <CardHead status={<OrderStatusBadge status={o.statusCode} size="sm" />}>
                  Order{' '}
                  <Anchor component={Link} to={`/orders/${o.orderNum}`}>
                    {o.orderNum}
                  </Anchor>
                </CardHead>
                <Text size="sm">{o.customer.orgName}</Text>
                <CardFacts facts={[['', atTime(o.createdAt)], ['PO', o.poNumber], ['', orderTotal(o)], ['', `${o.lineCount} line${o.lineCount === 1 ? '' : 's'}`]]} />
                {nextStep(o) && (
                  <Text size="sm" fw={600}>
                    {nextStep(o)}
                  </Text>
                )}
              </>
            )}
          </CardList>
        }
      />
    </Stack>
  );
}

import { Alert, Anchor, Button, Container, Group, Loader, Pagination, Paper, Table, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { HeadedTable } from '../../components/headed-table';
import { money } from '../../components/money';
import { OrderStatusBadge } from '../../components/order-status-badge';
import { usePageMeta } from '../../lib/page-meta';
import { ORDERS_PAGE_SIZE, useOrders } from './api';

export const orderDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/** Check Order Status: the order history, newest first, paged (the page lives in the URL). */
export default function OrdersPage() {
  usePageMeta('Order Status', 'Your orders: status, totals and reorder.');
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const orders = useOrders(page);
  const data = orders.data;
  return (
    <Container size="lg" py="lg">
      <Title order={1} size="h2" mb="md">
        Check Order Status
      </Title>
      {orders.isPending ? (
        <Loader size="sm" aria-label="Loading your orders" />
      ) : orders.isError ? (
        <Alert color="red" title="Error">
          {orders.error.message}
        </Alert>
      ) : !data || data.totalNumberOfOrders === 0 ? (
        <Paper withBorder p="xl" radius="md" ta="center">
          <Text>You have not placed any orders yet.</Text>
          <Button component={Link} to="/categories" mt="md">
            Start Shopping
          </Button>
        </Paper>
      ) : (
        <>
          <HeadedTable
            minWidth={640}
            striped
            highlightOnHover
            withTableBorder
            bg="white"
            verticalSpacing="sm"
            caption={`${data.totalNumberOfOrders} ${data.totalNumberOfOrders === 1 ? 'order' : 'orders'}`}
            columns={['Order #', 'Date', 'Status', 'PO number', { label: 'Lines', ta: 'right' }, { label: 'Units', ta: 'right' }, { label: 'Total', ta: 'right' }]}
          >
            {data.orders.map((o) => (
              <Table.Tr key={o.orderNum}>
                <Table.Td>
                  <Anchor component={Link} to={`/orders/${o.orderNum}`} fw={600}>
                    {o.orderNum}
                  </Anchor>
                </Table.Td>
                <Table.Td>{orderDate(o.createdAt)}</Table.Td>
                <Table.Td>
                  <OrderStatusBadge status={o.statusCode} />
                </Table.Td>
                <Table.Td>{o.poNumber || '—'}</Table.Td>
                <Table.Td ta="right">{o.numberOfLines}</Table.Td>
                <Table.Td ta="right">{o.totalQuantity}</Table.Td>
                <Table.Td ta="right">
                  {money(o.total)}
                  {o.cancelledTotal > 0 && (
                    <Text size="xs" c="dimmed">
                      was {money(o.originalTotal)}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </HeadedTable>
          {data.totalNumberOfOrders > ORDERS_PAGE_SIZE && (
            <Group justify="center" mt="md">
              <Pagination
                total={Math.ceil(data.totalNumberOfOrders / ORDERS_PAGE_SIZE)}
                value={page}
                onChange={(p) => setParams(p === 1 ? {} : { page: String(p) })}
                getControlProps={(control) => ({ 'aria-label': `${control} page` })}
                getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
              />
            </Group>
          )}
        </>
      )}
    </Container>
  );
}

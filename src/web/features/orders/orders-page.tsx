import { Alert, Anchor, Button, Container, Group, Loader, Pagination, Paper, Table, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
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
          <Table.ScrollContainer minWidth={640}>
            <Table striped highlightOnHover withTableBorder bg="white" verticalSpacing="sm">
              <Table.Caption>
                {data.totalNumberOfOrders} {data.totalNumberOfOrders === 1 ? 'order' : 'orders'}
              </Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Order #</Table.Th>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>PO number</Table.Th>
                  <Table.Th ta="right">Lines</Table.Th>
                  <Table.Th ta="right">Units</Table.Th>
                  <Table.Th ta="right">Total</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
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
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
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

import { Alert, Anchor, Breadcrumbs, Button, Container, Grid, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import type { Order } from '../../../contract/cart';
import { money } from '../../components/money';
import { buyerLineRows, OrderLines } from '../../components/order-lines';
import { OrderStatusBadge } from '../../components/order-status-badge';
import { OrderTotalsList } from '../../components/order-totals';
import { usePageMeta } from '../../lib/page-meta';
import { useOrder, useReorder } from './api';
import { orderDate } from './orders-page';
import { notify } from '../../components/notify';
import { CancelOrderButton } from './cancel-order-button';
import { OrderReturns, ReturnItemsButton } from './order-returns';
import { OrderInvoices, OrderShipments } from './order-shipments';
import { OrderTimeline } from './order-timeline';

function Totals({ order }: { order: Order }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Order totals">
      <OrderTotalsList
        totals={order}
        coupons={order.couponsApplied}
        shipping={{ label: `Shipping (${order.shippingOption.name})`, value: order.shippingOption.amount === 0 ? 'Free' : money(order.shipping) }}
        cancelNote={`The total is what remains to be delivered and paid, after the cancelled items${order.total === 0 ? ' and the shipping' : ''}.`}
        totalSize="md"
        taxTerms={order}
      >
        <Text size="xs" c="dimmed">
          Terms: {order.terms}
        </Text>
      </OrderTotalsList>
    </Paper>
  );
}

/** One order: status, lines with their five quantities, shipments with tracking, invoices, totals, history; returns; Cancel while allowed, Return items once shipped, and Reorder. */
export default function OrderPage() {
  const orderNum = Number(useParams().orderNum);
  const order = useOrder(orderNum);
  const reorder = useReorder();
  const navigate = useNavigate();
  usePageMeta(`Order ${orderNum}`, 'Order status, lines and totals.');
  const o = order.data;
  return (
    <Container size="lg" py="lg">
      <Breadcrumbs mb="md">
        <Anchor component={Link} to="/orders">
          Order Status
        </Anchor>
        <Text size="sm">Order {Number.isFinite(orderNum) ? orderNum : ''}</Text>
      </Breadcrumbs>
      {order.isPending ? (
        <Loader size="sm" aria-label="Loading the order" />
      ) : !o ? (
        <Alert color="red" title="Error">
          {order.error?.message}
        </Alert>
      ) : (
        <Stack>
          <Group justify="space-between" align="flex-start">
            <div>
              <Title order={1} size="h2">
                Order {o.orderNum}
              </Title>
              <Group gap="xs" mt={4}>
                <OrderStatusBadge status={o.statusCode} size="lg" />
                <Text size="sm" c="dimmed">
                  Placed {orderDate(o.createdAt)}
                  {o.poNumber ? ` · PO ${o.poNumber}` : ''}
                  {o.enteredByOrderDesk ? ' · Entered by our order desk' : ''}
                </Text>
              </Group>
            </div>
            <Group gap="xs">
              {o.cancellable && <CancelOrderButton orderNum={o.orderNum} />}
              <ReturnItemsButton order={o} />
              <Button
                loading={reorder.isPending}
                onClick={() =>
                  reorder.mutate(o.orderNum, {
                    onSuccess: (result) => {
                      notify(
                        'green',
                        result.discontinued.length
                          ? `Added to your cart. No longer sold: ${result.discontinued.join(', ')}`
                          : 'The order’s items are in your cart',
                      );
                      void navigate('/cart');
                    },
                    onError: (e) => notify('red', e.message),
                  })
                }
              >
                Reorder
              </Button>
            </Group>
          </Group>
          <OrderLines rows={buyerLineRows(o.lines)} caption="West ships from Fresno, CA; East from Fairhope, AL" />
          <OrderShipments shipments={o.shipments} />
          <OrderInvoices invoices={o.invoices} />
          <OrderReturns order={o} />
          <Grid>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <Paper withBorder p="md" radius="md">
                <Text fw={700} mb={4}>
                  Ship to
                </Text>
                <Text size="sm">{o.shipTo.orgName || o.shipTo.contact}</Text>
                <Text size="sm">{o.shipTo.addressLine1}</Text>
                <Text size="sm">
                  {o.shipTo.city}, {o.shipTo.state} {o.shipTo.zip}
                </Text>
                {o.comments && (
                  <>
                    <Text fw={700} mt="sm" mb={4}>
                      Comments
                    </Text>
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                      {o.comments}
                    </Text>
                  </>
                )}
              </Paper>
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <Totals order={o} />
            </Grid.Col>
          </Grid>
          <OrderTimeline events={o.events} />
        </Stack>
      )}
    </Container>
  );
}

import { Alert, Button, Container, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { CheckoutSteps } from '../../components/checkout-steps';
import { money } from '../../components/money';
import { allocationTotals, buyerLineRows, OrderLines } from '../../components/order-lines';
import { usePageMeta } from '../../lib/page-meta';
import { useOrder } from './api';

function Split({ label, units, lines, color }: { label: string; units: number; lines: number; color?: string }) {
  return (
    <Paper withBorder p="sm" radius="md" data-testid={`split-${label.toLowerCase().replace(/\W+/g, '-')}`}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fz={24} fw={800} c={color}>
        {units} {units === 1 ? 'unit' : 'units'}
      </Text>
      <Text size="xs" c="dimmed">
        {lines} {lines === 1 ? 'line' : 'lines'}
      </Text>
    </Paper>
  );
}

/** The Complete step: the order number and what ships from West and East and what is backordered. */
export default function CompletePage() {
  const orderNum = Number(useParams().orderNum);
  const order = useOrder(orderNum);
  usePageMeta('Order placed', 'Your order has been placed.');
  const o = order.data;
  return (
    <Container size="xl" py="lg">
      <CheckoutSteps active={3} />
      {order.isPending ? (
        <Loader size="sm" aria-label="Loading your order" />
      ) : !o ? (
        <Alert color="red" title="Error">
          {order.error?.message}
        </Alert>
      ) : (
        <Stack>
          <div>
            <Title order={1} size="h2">
              Thank you! Your order is placed.
            </Title>
            <Text size="lg" mt={4}>
              Order number <strong data-testid="order-number">{o.orderNum}</strong> · total {money(o.total)} · {o.terms}
            </Text>
          </div>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {(
              [
                ['Ships from West', 'west'],
                ['Ships from East', 'east'],
                ['Backordered', 'backordered'],
              ] as const
            ).map(([label, key]) => (
              <Split
                key={key}
                label={label}
                units={allocationTotals(o.lines)[key]}
                lines={o.lines.filter((l) => l.allocation[key] > 0).length}
                color={key === 'backordered' && allocationTotals(o.lines)[key] > 0 ? 'red.9' : undefined}
              />
            ))}
          </SimpleGrid>
          <OrderLines rows={buyerLineRows(o.lines)} caption={`Lines of order ${o.orderNum}: West is Fresno, CA; East is Fairhope, AL`} />
          <Group>
            <Button component={Link} to={`/orders/${o.orderNum}`}>
              View order
            </Button>
            <Button component={Link} to="/categories" variant="default">
              Continue Shopping
            </Button>
          </Group>
        </Stack>
      )}
    </Container>
  );
}

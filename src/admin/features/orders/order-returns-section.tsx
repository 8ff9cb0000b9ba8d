import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { AdminOrder } from '../../../contract/admin/orders';
import { money } from '../../../web/components/money';
import { ReturnStatusBadge } from '../../../web/components/return-status-badge';
import { atTime } from '../../components/dates';
import { useOrderReturns } from './returns/api';

/** The order's returns, each a link to its page; nothing while the order has none (or nothing shipped, so none can be). */
export function OrderReturnsSection({ order }: { order: AdminOrder }) {
  const shipped = order.lines.some((l) => l.shipped > 0);
  const returns = useOrderReturns(order.orderNum, shipped);
  if (!returns.data || returns.data.length === 0) return null;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="section-returns">
      <Title order={2} size="h4" mb="sm" id="section-returns">
        Returns
      </Title>
      <Stack gap="xs">
        {returns.data.map((r) => (
          <Group key={r.rmaNum} gap="xs" justify="space-between" data-testid={`order-return-${r.rmaNum}`}>
            <Group gap="xs">
              <Anchor component={Link} to={`/returns/${r.rmaNum}`} fw={600}>
                Return {r.rmaNum}
              </Anchor>
              <ReturnStatusBadge status={r.status} />
            </Group>
            <Text size="sm" c="dimmed">
              {atTime(r.createdAt)} · {r.units} unit{r.units === 1 ? '' : 's'}
              {r.creditTotal !== null ? ` · credit ${money(r.creditTotal)}` : ''}
            </Text>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}

import { Button, Paper, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { Order } from '../../../contract/cart';
import { ReturnEntry } from '../../components/return-entry';
import { useReturns } from '../../components/returns-data';
import { canReturn, returnableLines } from './returnable';

/** "Return items", once something of the order has shipped and not all of it is on a return already. */
export function ReturnItemsButton({ order }: { order: Order }) {
  const shipped = order.lines.some((l) => l.shipped > 0);
  const returns = useReturns(shipped);
  if (!shipped || (returns.data && !canReturn(returnableLines(order, returns.data)))) return null;
  return (
    <Button component={Link} to={`/orders/${order.orderNum}/return`} variant="default">
      Return items
    </Button>
  );
}

/** The order's returns, newest first; nothing while there are none. */
export function OrderReturns({ order }: { order: Order }) {
  const returns = useReturns(order.lines.some((l) => l.shipped > 0));
  const mine = (returns.data ?? []).filter((r) => r.orderNum === order.orderNum);
  if (mine.length === 0) return null;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="returns-title">
      <Title order={2} size="h4" mb="sm" id="returns-title">
        Returns
      </Title>
      <Stack gap="md">
        {mine.map((r) => (
          <ReturnEntry key={r.rmaNum} r={r} />
        ))}
      </Stack>
    </Paper>
  );
}

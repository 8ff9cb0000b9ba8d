import { Badge } from '@mantine/core';
import { ORDER_STATUS_LABELS, type OrderStatus } from '../../contract/order-lifecycle';

// Dark shades: the badge's light background keeps AA contrast for its text.
const COLORS: Record<OrderStatus, string> = {
  received: 'blue.9',
  accepted: 'teal.9',
  on_hold: 'orange.9',
  partially_shipped: 'indigo.9',
  shipped: 'green.9',
  closed: 'gray.8',
  cancelled: 'red.9',
};

export function StatusBadge({ status, size = 'md' }: { status: OrderStatus; size?: 'sm' | 'md' | 'lg' }) {
  return (
    <Badge variant="light" color={COLORS[status]} size={size}>
      {ORDER_STATUS_LABELS[status]}
    </Badge>
  );
}

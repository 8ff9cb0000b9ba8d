import { Badge, type BadgeProps } from '@mantine/core';
import { ORDER_STATUS_LABELS, type OrderStatus } from '../../contract/order-lifecycle';

/** Dark shades: the light badge's text stays above AA contrast. */
const COLORS: Record<OrderStatus, string> = {
  received: 'shop.9',
  accepted: 'indigo.9',
  on_hold: 'orange.9',
  partially_shipped: 'teal.9',
  shipped: 'green.9',
  closed: 'gray.8',
  cancelled: 'red.9',
};

/** An order's status as a badge, the same on the buyer's pages and in the back office. */
export function OrderStatusBadge({ status, size = 'md' }: { status: OrderStatus; size?: BadgeProps['size'] }) {
  return (
    <Badge variant="light" color={COLORS[status]} size={size} data-status={status}>
      {ORDER_STATUS_LABELS[status]}
    </Badge>
  );
}

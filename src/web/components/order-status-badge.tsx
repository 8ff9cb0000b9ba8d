import { Badge, type BadgeProps } from '@mantine/core';
import { ORDER_STATUS_LABELS, type OrderStatus } from '../../contract/order-lifecycle';

/** Dark shades under white text: above AA contrast. (Mantine 9 draws a "light" badge with a shade as solid colour on the same colour, so filled it is.) */
const COLORS: Record<OrderStatus, string> = {
  received: 'shop.9',
  accepted: 'indigo.9',
  // orange.9 under white text is about 3.9:1 (axe: serious); this darker orange is 6.5:1.
  on_hold: '#a63a0b',
  partially_shipped: 'teal.9',
  shipped: 'green.9',
  closed: 'gray.8',
  cancelled: 'red.9',
};

/** An order's status as a badge, the same on the buyer's pages and in the back office. */
export function OrderStatusBadge({ status, size = 'md' }: { status: OrderStatus; size?: BadgeProps['size'] }) {
  return (
    <Badge variant="filled" color={COLORS[status]} size={size} data-status={status}>
      {ORDER_STATUS_LABELS[status]}
    </Badge>
  );
}

import type { BadgeProps } from '@mantine/core';
import { ORDER_STATUS_LABELS, type OrderStatus } from '../../contract/order-lifecycle';
import { type BadgeTone, StatusBadge } from './status-badge';

const TONES: Record<OrderStatus, BadgeTone> = {
  received: 'new',
  accepted: 'progress',
  on_hold: 'attention',
  partially_shipped: 'partial',
  shipped: 'good',
  closed: 'neutral',
  cancelled: 'bad',
};

/** An order's status as a badge, the same on the buyer's pages and in the back office. */
export function OrderStatusBadge({ status, size = 'md' }: { status: OrderStatus; size?: BadgeProps['size'] }) {
  return (
    <StatusBadge tone={TONES[status]} size={size} data-status={status}>
      {ORDER_STATUS_LABELS[status]}
    </StatusBadge>
  );
}

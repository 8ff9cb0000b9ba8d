import type { BadgeProps } from '@mantine/core';
import { RETURN_STATUS_LABELS, type ReturnStatus } from '../../contract/returns';
import { type BadgeTone, StatusBadge } from './status-badge';

const TONES: Record<ReturnStatus, BadgeTone> = {
  requested: 'attention',
  approved: 'progress',
  received: 'good',
  rejected: 'bad',
};

/** A return's status as a badge, the same on the buyer's pages and in the back office. */
export function ReturnStatusBadge({ status, size = 'sm' }: { status: ReturnStatus; size?: BadgeProps['size'] }) {
  return (
    <StatusBadge tone={TONES[status]} size={size} data-status={status}>
      {RETURN_STATUS_LABELS[status]}
    </StatusBadge>
  );
}

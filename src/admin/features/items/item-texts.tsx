import { Badge } from '@mantine/core';
import type { ItemStatus } from '../../../contract/admin/items';

/** How the screens name an item's status. */
export const STATUS_LABELS: Record<ItemStatus, string> = { active: 'Active', hidden: 'Hidden', discontinued: 'Discontinued' };
// Dark shades under white text, at least 4.5:1 (Mantine's green.9 is not).
const STATUS_COLORS: Record<ItemStatus, string> = { active: 'teal.9', hidden: 'gray.8', discontinued: 'red.9' };

export function ItemStatusBadge({ status }: { status: ItemStatus }) {
  return (
    <Badge size="sm" variant="filled" color={STATUS_COLORS[status]}>
      {STATUS_LABELS[status]}
    </Badge>
  );
}

import type { ItemStatus } from '../../../contract/admin/items';
import { type BadgeTone, StatusBadge } from '../../../web/components/status-badge';

/** How the screens name an item's status. */
export const STATUS_LABELS: Record<ItemStatus, string> = { active: 'Active', hidden: 'Hidden', discontinued: 'Discontinued' };
const STATUS_TONES: Record<ItemStatus, BadgeTone> = { active: 'good', hidden: 'neutral', discontinued: 'bad' };

export function ItemStatusBadge({ status }: { status: ItemStatus }) {
  return (
<StatusBadge tone={STATUS_TONES[status]}>{STATUS_LABELS[status]}</StatusBadge>
  );
}

import type { BadgeTone } from '../../../web/components/status-badge';
import type { OrderFormListItem } from '../../../contract/admin/order-forms';

/** Whether buyers see the form now. */
export function formState(f: Pick<OrderFormListItem, 'active' | 'opensAt' | 'closesAt'>, now = Date.now()): { label: string; tone: BadgeTone } {
  if (!f.active) return { label: 'Off', tone: 'neutral' };
  if (f.opensAt && Date.parse(f.opensAt) > now) return { label: 'Opens later', tone: 'progress' };
  if (f.closesAt && Date.parse(f.closesAt) <= now) return { label: 'Closed', tone: 'neutral' };
  return { label: 'Open', tone: 'good' };
}

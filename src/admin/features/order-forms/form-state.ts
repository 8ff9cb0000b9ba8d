import type { OrderFormListItem } from '../../../contract/admin/order-forms';

/** Whether buyers see the form now. */
export function formState(f: Pick<OrderFormListItem, 'active' | 'opensAt' | 'closesAt'>, now = Date.now()): { label: string; color: string } {
  if (!f.active) return { label: 'Off', color: 'gray.8' };
  if (f.opensAt && Date.parse(f.opensAt) > now) return { label: 'Opens later', color: 'blue.9' };
  if (f.closesAt && Date.parse(f.closesAt) <= now) return { label: 'Closed', color: 'gray.8' };
  return { label: 'Open', color: 'teal.9' };
}

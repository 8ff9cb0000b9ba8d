import { CUSTOMER_STATUS_LABELS, type CustomerStatus } from '../../../contract/admin/customers';
import { type BadgeTone, StatusBadge } from '../../../web/components/status-badge';

const TONES: Record<CustomerStatus, BadgeTone> = { pending: 'attention', active: 'good', suspended: 'bad' };

export function CustomerStatusBadge({ status }: { status: CustomerStatus }) {
  return <StatusBadge tone={TONES[status]}>{CUSTOMER_STATUS_LABELS[status]}</StatusBadge>;
}

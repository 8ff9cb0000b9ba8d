import { Badge } from '@mantine/core';
import { CUSTOMER_STATUS_LABELS, type CustomerStatus } from '../../../contract/admin/customers';

const COLORS: Record<CustomerStatus, string> = { pending: 'yellow.9', active: 'green.9', suspended: 'red.9' };

export function CustomerStatusBadge({ status }: { status: CustomerStatus }) {
  return (
    <Badge color={COLORS[status]} variant="light" size="sm">
      {CUSTOMER_STATUS_LABELS[status]}
    </Badge>
  );
}

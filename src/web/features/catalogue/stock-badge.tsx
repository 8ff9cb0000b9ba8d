import { Badge } from '@mantine/core';

/** Stock of one warehouse, as the catalogue labels them: Fresno = West, Fairhope = East (spec §1). */
export function StockBadge({ label, inStock }: { label: 'West' | 'East'; inStock: boolean }) {
  return (
    <Badge
      variant="light"
      color={inStock ? 'green' : 'gray'}
      size="sm"
      radius="sm"
      tt="none"
      style={{ color: inStock ? '#1b5e20' : '#495057' }}
    >
      {label}: {inStock ? 'In stock' : 'Out of stock'}
    </Badge>
  );
}

export const money = (n: number) => `$${n.toFixed(2)}`;

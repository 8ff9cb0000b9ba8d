import { Divider, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { OrderTotals, TaxBasis } from '../../contract/cart';
import { money } from './money';
import { salesTaxLine } from './tax-label';

interface OrderTotalsListProps {
  totals: OrderTotals;
  coupons: readonly { code: string }[];
  /** The shipping line, as the page words it. */
  shipping: { label: string; value: string };
  /** What the total means once something was cancelled. */
  cancelNote: ReactNode;
  /** The size of the Total line's text. */
  totalSize?: 'sm' | 'md';
  /** How the order is taxed: its Sales tax line (none where the shop collects no tax). */
  taxTerms?: { taxRate: number | null; taxBasis: TaxBasis };
  /** Lines under the totals. */
  children?: ReactNode;
}

/**
 * An order's totals, a line each (decision 0026): subtotal, coupons, shipping, sales tax and total; after a
 * cancel also the total as placed and what the cancels took off it, with what the total means.
 */
export function OrderTotalsList({ totals, coupons, shipping, cancelNote, totalSize = 'sm', taxTerms, children }: OrderTotalsListProps) {
  const tax = taxTerms ? salesTaxLine(taxTerms, totals.tax) : null;
  const row = (label: string, value: string, strong = false) => (
    <Group justify="space-between" key={label}>
      <Text size={strong ? totalSize : 'sm'} fw={strong ? 800 : 500}>
        {label}
      </Text>
      <Text size={strong ? totalSize : 'sm'} fw={strong ? 800 : 600}>
        {value}
      </Text>
    </Group>
  );
  return (
    <Stack gap={4}>
      {row('Subtotal', money(totals.subtotal))}
      {totals.discount > 0 && row(`Coupon ${coupons.map((c) => c.code).join(', ')}`, `−${money(totals.discount)}`)}
      {row(shipping.label, shipping.value)}
      {tax && row(tax.label, tax.value)}
      <Divider my={4} />
      {row('Total', money(totals.total), true)}
      {totals.cancelledTotal > 0 && (
        <>
          {row('Original total', money(totals.originalTotal))}
          {row('Cancelled', `−${money(totals.cancelledTotal)}`)}
          <Text size="xs" c="dimmed">
            {cancelNote}
          </Text>
        </>
      )}
      {children}
    </Stack>
  );
}

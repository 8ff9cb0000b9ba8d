import { Alert, Divider, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { Cart, ShippingOption } from '../../../contract/cart';
import { useCartAvailability } from '../../components/cart-availability';
import { HeadedTable } from '../../components/headed-table';
import { money } from '../../components/money';
import { salesTaxLine } from '../../components/tax-label';

function Row({ label, value, strong, testId }: { label: string; value: string; strong?: boolean; testId?: string }) {
  return (
    <Group justify="space-between">
      <Text size={strong ? 'lg' : 'sm'} fw={strong ? 800 : 500}>
        {label}
      </Text>
      <Text size={strong ? 'lg' : 'sm'} fw={strong ? 800 : 600} data-testid={testId ?? `review-${label.toLowerCase()}`}>
        {value}
      </Text>
    </Group>
  );
}

/**
 * The order review: lines, discount, shipping, sales tax and total, and which lines stock cannot cover today
 * (the forecast of checkout's allocation, DESIGN.md §3: nearest warehouse, then the other, the rest
 * backordered), so the buyer knows before placing the order, not after.
 */
export function OrderReview({ cart, shipping }: { cart: Cart; shipping: ShippingOption | null }) {
  const shippingAmount = shipping?.amount ?? 0;
  // The merchandise's tax and the chosen shipping's (each option carries its own), added in cents.
  const taxCents = Math.round(cart.tax * 100) + Math.round((shipping?.tax ?? 0) * 100);
  const tax = salesTaxLine(cart, taxCents / 100);
  const totalCents = Math.round(cart.total * 100) + Math.round(shippingAmount * 100) + taxCents;
  const availability = useCartAvailability(cart);
  const backordered = new Map((availability.data?.lines ?? []).filter((l) => l.backordered > 0).map((l) => [l.invNum, l.backordered]));
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="xs">
        4. Review your order
      </Title>
      {backordered.size > 0 && (
        <Alert color="orange.9" variant="light" title="Some items will be backordered" mb="sm" data-testid="review-backorders">
          <Text size="sm">
            {backordered.size === 1 ? 'One line is' : `${backordered.size} lines are`} not fully in stock. What is in stock ships now from the warehouse nearest your ship-to
            address; the backordered units ship when new stock arrives.
          </Text>
        </Alert>
      )}
      <HeadedTable minWidth={300} verticalSpacing={6} columns={['Item', { label: 'Qty', ta: 'right' }, { label: 'Price', ta: 'right' }, { label: 'Extended', ta: 'right' }]}>
        {cart.items.map((l) => (
          <Table.Tr key={l.invNum}>
            <Table.Td>
              <Text size="sm">
                #{l.invNum} {l.inventoryData.web_Title}
              </Text>
              {backordered.has(l.invNum) && (
                <Text size="xs" fw={700} c="red.9" data-testid={`review-backordered-${l.invNum}`}>
                  {backordered.get(l.invNum)} backordered
                </Text>
              )}
            </Table.Td>
            <Table.Td ta="right">{l.ordQty}</Table.Td>
            <Table.Td ta="right">{money(l.price)}</Table.Td>
            <Table.Td ta="right">{money(l.extended)}</Table.Td>
          </Table.Tr>
        ))}
      </HeadedTable>
      <Stack gap={4} mt="sm">
        <Row label="Subtotal" value={money(cart.subtotal)} />
        {cart.discount > 0 && <Row label="Discount" value={`−${money(cart.discount)}`} />}
        <Row label="Shipping" value={shipping ? (shippingAmount === 0 ? 'Free' : money(shippingAmount)) : 'Choose an option'} />
        {tax && <Row label={tax.label} value={tax.value} testId="review-sales-tax" />}
        <Divider my={4} />
        <Row label="Total" value={money(totalCents / 100)} strong />
        <Text size="xs" c="dimmed">
          Terms: pay on account.
        </Text>
      </Stack>
    </Paper>
  );
}

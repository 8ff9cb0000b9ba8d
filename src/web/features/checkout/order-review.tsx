import { Divider, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { Cart, ShippingOption } from '../../../contract/cart';
import { HeadedTable } from '../../components/headed-table';
import { money } from '../../components/money';

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between">
      <Text size={strong ? 'lg' : 'sm'} fw={strong ? 800 : 500}>
        {label}
      </Text>
      <Text size={strong ? 'lg' : 'sm'} fw={strong ? 800 : 600} data-testid={`review-${label.toLowerCase()}`}>
        {value}
      </Text>
    </Group>
  );
}

/** The order review: lines, discount, shipping and total. */
export function OrderReview({ cart, shipping }: { cart: Cart; shipping: ShippingOption | null }) {
  const shippingAmount = shipping?.amount ?? 0;
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="xs">
        4. Review your order
      </Title>
      <HeadedTable minWidth={300} verticalSpacing={6} columns={['Item', { label: 'Qty', ta: 'right' }, { label: 'Price', ta: 'right' }, { label: 'Extended', ta: 'right' }]}>
        {cart.items.map((l) => (
          <Table.Tr key={l.invNum}>
            <Table.Td>
              <Text size="sm">
                #{l.invNum} {l.inventoryData.web_Title}
              </Text>
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
        <Divider my={4} />
        <Row label="Total" value={money(cart.total + shippingAmount)} strong />
        <Text size="xs" c="dimmed">
          Terms: pay on account.
        </Text>
      </Stack>
    </Paper>
  );
}

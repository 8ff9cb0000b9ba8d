import { Button, Divider, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Cart } from '../../../contract/cart';
import { money } from '../../components/money';
import { salesTaxLine } from '../../components/tax-label';

function Row({ label, value, strong, color, testId }: { label: string; value: string; strong?: boolean; color?: string; testId?: string }) {
  return (
    <Group justify="space-between">
      <Text size={strong ? 'lg' : 'sm'} fw={strong ? 800 : 500}>
        {label}
      </Text>
      <Text size={strong ? 'lg' : 'sm'} fw={strong ? 800 : 600} c={color} data-testid={testId ?? `cart-${label.toLowerCase()}`}>
        {value}
      </Text>
    </Group>
  );
}

/** A padlock: the seal needs no image request. */
function Lock() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <rect x="4" y="11" width="16" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" />
    </svg>
  );
}

/** The cart's total with its sales tax, added in cents. */
export const withTax = (cart: Pick<Cart, 'total' | 'tax'>): number => (Math.round(cart.total * 100) + Math.round(cart.tax * 100)) / 100;

/** Subtotal, discount, sales tax and total, the security seal and CHECKOUT (spec §2 Cart page). */
export function CartSummary({ cart }: { cart: Cart }) {
  const blocked = cart.unavailableItems.length > 0;
  const tax = salesTaxLine(cart, cart.tax);
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap={6}>
        <Row label="Items" value={`${cart.numberOfItems} ${cart.numberOfItems === 1 ? 'line' : 'lines'} · ${cart.totalQuantity} ${cart.totalQuantity === 1 ? 'unit' : 'units'}`} />
        <Row label="Subtotal" value={money(cart.subtotal)} />
        {cart.discount > 0 && <Row label="Discount" value={`−${money(cart.discount)}`} color="#1b5e20" />}
        {tax && <Row label={tax.label} value={tax.value} testId="cart-sales-tax" />}
        <Divider my={4} />
        <Row label="Total" value={money(withTax(cart))} strong />
        <Text size="xs" c="dimmed">
          {cart.freeShipping ? 'Free ground shipping applies.' : 'Shipping is chosen at checkout.'} Terms: pay on account.
        </Text>
        <Button component={Link} to="/checkout/suggested" size="md" mt="xs" fullWidth disabled={blocked}>
          CHECKOUT
        </Button>
        <Group gap="xs" wrap="nowrap" c="#1b5e20" mt={4} aria-label="Security seal">
          <Lock />
          <Text size="xs" c="#1b5e20" fw={600}>
            Secure checkout · 256-bit TLS encryption · your account is never charged online
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}

import { Button, Divider, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Cart } from '../../../contract/cart';
import { money } from '../../components/money';

function Row({ label, value, strong, color }: { label: string; value: string; strong?: boolean; color?: string }) {
  return (
    <Group justify="space-between">
      <Text size={strong ? 'lg' : 'sm'} fw={strong ? 800 : 500}>
        {label}
      </Text>
      <Text size={strong ? 'lg' : 'sm'} fw={strong ? 800 : 600} c={color} data-testid={`cart-${label.toLowerCase()}`}>
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

/** Subtotal, discount and total, the security seal and CHECKOUT (spec §2 Cart page). */
export function CartSummary({ cart }: { cart: Cart }) {
  const blocked = cart.unavailableItems.length > 0;
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap={6}>
        <Row label="Items" value={`${cart.numberOfItems} ${cart.numberOfItems === 1 ? 'line' : 'lines'} · ${cart.totalQuantity} ${cart.totalQuantity === 1 ? 'unit' : 'units'}`} />
        <Row label="Subtotal" value={money(cart.subtotal)} />
        {cart.discount > 0 && <Row label="Discount" value={`−${money(cart.discount)}`} color="#1b5e20" />}
        <Divider my={4} />
        <Row label="Total" value={money(cart.total)} strong />
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

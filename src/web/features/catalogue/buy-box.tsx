import { Alert, Anchor, Button, Card, Group, NumberInput, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { ItemDetail } from '../../../contract/catalogue';
import { addToCartCallbacks, useAddToCart } from './add-to-cart';
import { money } from './stock-badge';

/**
 * Price, quantity and Add to cart for a signed-in customer on the item detail page. A chunk of its
 * own: NumberInput (with react-number-format) is a tenth of the page's JavaScript, and a visitor,
 * who sees a sign-in prompt instead, never needs it (docs/decisions/0010-front-end-speed.md).
 */
export default function SignedInBuyBox({ item }: { item: ItemDetail }) {
  const add = useAddToCart();
  const [qty, setQty] = useState<number | string>(1);
  const quantity = typeof qty === 'number' ? qty : Number(qty);
  // The last add's backorder notice stays until the next add.
  const notice = add.isSuccess ? add.data : null;
  return (
    <Card withBorder radius="md" p="md">
      <Group align="flex-end" gap="md">
        <div>
          <Text size="xs" c="dimmed">
            Your price
          </Text>
          <Text fz={28} fw={800} c="shop.8" lh={1.1}>
            {item.price !== undefined ? money(item.price) : '—'}
          </Text>
        </div>
        <NumberInput label="Quantity" value={qty} onChange={setQty} min={1} max={9999} allowDecimal={false} w={110} />
        <Button
          loading={add.isPending}
          disabled={!Number.isInteger(quantity) || quantity < 1}
          onClick={() => add.mutate({ invNum: item.num, qty: quantity }, addToCartCallbacks)}
        >
          Add to cart
        </Button>
      </Group>
      {notice && <BackorderAlert notice={notice} />}
    </Card>
  );
}

/** Told when the item is added, not after the order is placed. */
export function BackorderAlert({ notice }: { notice: string }) {
  return (
    <Alert color="orange.9" variant="light" title="Not all of it is in stock" mt="sm" role="status" data-testid="backorder-notice">
      <Text size="sm">{notice}</Text>
      <Anchor component={Link} to="/cart" size="sm" fw={600}>
        See where your cart ships from
      </Anchor>
    </Alert>
  );
}

import { Button, Card, Group, NumberInput, Text } from '@mantine/core';
import { useState } from 'react';
import type { ItemDetail } from '../../../contract/catalogue';
import { notify } from '../../components/notify';
import { useAddToCart } from './api';
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
          onClick={() =>
            add.mutate(
              { invNum: item.num, qty: quantity },
              {
                onSuccess: () => notify('green', 'Item added to cart'),
                onError: (err) => notify('red', err.message && err.message !== 'Failed to add item' ? err.message : 'Failed to add item to cart'),
              },
            )
          }
        >
          Add to cart
        </Button>
      </Group>
    </Card>
  );
}

import { Alert, Button, Card, Container, Group, Image, Loader, NumberInput, SimpleGrid, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { ListItem } from '../../../contract/catalogue';
import { addItem, useCartMutation } from '../../components/cart-data';
import { CART_TEXTS, reasonOr } from '../../components/cart-texts';
import { CheckoutSteps } from '../../components/checkout-steps';
import { money } from '../../components/money';
import { usePageMeta } from '../../lib/page-meta';
import { useSession } from '../../lib/session';
import { useSuggestedItems } from './api';
import { notify } from '../../components/notify';

function SuggestedCard({ item }: { item: ListItem }) {
  const add = useCartMutation(addItem);
  const [qty, setQty] = useState<number | string>(1);
  const n = typeof qty === 'number' ? qty : Number(qty);
  return (
    <Card withBorder radius="md" padding="sm" data-testid={`suggested-${item.num}`}>
      <Card.Section bg="gray.0">
        <Image src={item.picture} alt="" h={140} fit="contain" loading="lazy" />
      </Card.Section>
      <Text size="xs" c="dimmed" mt="xs">
        #{item.num}
      </Text>
      <Text size="sm" fw={600} lineClamp={2} mih={40}>
        {item.web_Title}
      </Text>
      <Text fw={700} c="shop.8" mt={4}>
        {item.price !== undefined ? money(item.price) : `SRP ${money(item.srp)}`}
      </Text>
      <Group gap="xs" mt="xs" wrap="nowrap" align="flex-end">
        <NumberInput size="xs" w={70} label="Qty" value={qty} onChange={setQty} min={1} max={9999} allowDecimal={false} allowNegative={false} />
        <Button
          size="xs"
          style={{ flex: 1 }}
          loading={add.isPending}
          disabled={!Number.isInteger(n) || n < 1}
          aria-label={`Add ${item.num} to cart`}
          onClick={() =>
            add.mutate(
              { invNum: item.num, qty: n },
              {
                onSuccess: () => notify('green', CART_TEXTS.success.itemAdded),
                onError: (e) => notify('red', reasonOr(e, CART_TEXTS.addFailed, CART_TEXTS.screen.addToCart)),
              },
            )
          }
        >
          Add
        </Button>
      </Group>
    </Card>
  );
}

/** The suggested step (spec §4): items that go with what is in the cart, with quick add, then Continue. */
export default function SuggestedPage() {
  usePageMeta('Suggested items', 'Items that go with your order, before you check out.');
  const session = useSession();
  const suggested = useSuggestedItems();
  return (
    <Container size="xl" py="lg">
      <CheckoutSteps active={1} />
      <Group justify="space-between" mb="md">
        <Title order={1} size="h2">
          You may also need
        </Title>
        <Group>
          <Button component={Link} to="/cart" variant="default">
            Back to cart
          </Button>
          <Button component={Link} to="/checkout">
            Continue
          </Button>
        </Group>
      </Group>
      {session.status === 'signedOut' ? (
        <Text>
          <Link to="/signin">Sign in</Link> to check out.
        </Text>
      ) : suggested.isPending ? (
        <Group gap="xs">
          <Loader size="sm" />
          <Text>Loading suggestions...</Text>
        </Group>
      ) : suggested.isError ? (
        <Alert color="red" title="Error">
          {suggested.error.message}
        </Alert>
      ) : suggested.data.length === 0 ? (
        <Text c="dimmed">No suggestions for this order. Continue to checkout.</Text>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4, lg: 6 }} spacing="md">
          {suggested.data.map((item) => (
            <SuggestedCard key={item.num} item={item} />
          ))}
        </SimpleGrid>
      )}
    </Container>
  );
}

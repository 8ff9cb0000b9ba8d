import { Button, Paper, Title } from '@mantine/core';
import { Link } from 'react-router';
import { CART_TEXTS } from './cart-texts';

/** The cart and checkout pages with nothing in the cart: say so, and lead back to the catalogue. */
export function EmptyCart() {
  return (
    <Paper withBorder p="xl" radius="md" ta="center">
      <Title order={2} size="h3">
        {CART_TEXTS.empty}
      </Title>
      <Button component={Link} to="/categories" mt="md">
        Continue Shopping
      </Button>
    </Paper>
  );
}

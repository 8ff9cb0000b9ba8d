import { Alert, Anchor, Container, Grid, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { AccountStatusNotice, useAccountStatusMessage } from '../../components/account-status-notice';
import { useCart } from '../../components/cart-data';
import { CART_TEXTS } from '../../components/cart-texts';
import { CheckoutSteps } from '../../components/checkout-steps';
import { EmptyCart } from '../../components/empty-cart';
import { usePageMeta } from '../../lib/page-meta';
import { useSession } from '../../lib/session';
import { CartItemsTable } from './cart-items-table';
import { CartSummary } from './cart-summary';
import { CouponBox } from './coupon-box';
import { OrderComments } from './order-comments';
import { SpeedLane } from './speed-lane';
import { PasteList } from './paste-list';
import { ShipsFrom } from './ships-from';

/** The cart page (spec §2): steps, items, Speed Lane, Order Comments, coupons, totals and CHECKOUT. */
export default function CartPage() {
  usePageMeta('Cart', 'Your wholesale balloon order: items, quick order by catalog number, comments and coupons.');
  const session = useSession();
  const cart = useCart();
  const blocked = useAccountStatusMessage();

  let body: React.ReactNode;
  if (blocked) {
    body = <AccountStatusNotice />;
  } else if (session.status === 'loading' || (session.status === 'signedIn' && cart.isPending)) {
    body = (
      <Group gap="xs">
        <Loader size="sm" />
        <Text>Loading your cart...</Text>
      </Group>
    );
  } else if (session.status === 'signedOut') {
    body = (
      <Paper withBorder p="xl" radius="md">
        <Text>
          <Anchor component={Link} to="/signin" state={{ from: '/cart' }} fw={600}>
            Sign in
          </Anchor>{' '}
          to see your cart and order at your wholesale prices.
        </Text>
      </Paper>
    );
  } else if (cart.isError || !cart.data) {
    body = (
      <Alert color="red" title="Error">
        {cart.error?.message || CART_TEXTS.fetchFailed}
      </Alert>
    );
  } else {
    const c = cart.data;
    body = (
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          {c.items.length === 0 ? (
            <EmptyCart />
          ) : (
            <Stack>
              {c.unavailableItems.length > 0 && (
                <Alert color="orange" title="No longer available">
                  Remove these items to check out: {c.unavailableItems.join(', ')}
                </Alert>
              )}
              <CartItemsTable items={c.items} />
              <ShipsFrom cart={c} />
              <CartSummary cart={c} />
            </Stack>
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack>
            <SpeedLane />
            <PasteList />
            <OrderComments saved={c.comments} />
            <CouponBox coupons={c.couponsApplied} />
          </Stack>
        </Grid.Col>
      </Grid>
    );
  }

  return (
    <Container size="xl" py="lg">
      <CheckoutSteps active={0} />
      <Title order={1} size="h2" mb="md">
        Shopping Cart
      </Title>
      {body}
    </Container>
  );
}

import { Alert, Anchor, Box, Button, Container, Grid, Group, Loader, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { CART, type CheckoutRequest } from '../../../contract/cart';
import { AccountStatusNotice, useAccountStatusMessage } from '../../components/account-status-notice';
import { useCart } from '../../components/cart-data';
import { CART_TEXTS } from '../../components/cart-texts';
import { CheckoutSteps } from '../../components/checkout-steps';
import { EmptyCart } from '../../components/empty-cart';
import { money } from '../../components/money';
import { usePageMeta } from '../../lib/page-meta';
import { useSession } from '../../lib/session';
import { usePlaceOrder, useShippingOptions } from './api';
import { type Attempt, attemptFor } from './idempotency-key';
import classes from './checkout.module.css';
import { OrderReview } from './order-review';
import { ShippingChoice } from './shipping-choice';
import { ShipToChoice } from './ship-to-choice';

/** Checkout (spec §2, §4; DESIGN.md §3): ship-to, shipping option, PO number, comments, review, Place Order. */
export default function CheckoutPage() {
  usePageMeta('Checkout', 'Choose where your order ships and how, then place it. Terms: pay on account.');
  const session = useSession();
  const cart = useCart();
  const navigate = useNavigate();
  const hasItems = (cart.data?.items.length ?? 0) > 0;
  const options = useShippingOptions(session.status === 'signedIn' && hasItems);
  const place = usePlaceOrder();
  const [chosen, setChosen] = useState<string | null>(null);
  const [poNumber, setPoNumber] = useState('');
  const [comments, setComments] = useState<string | null>(null);
  const attempt = useRef<Attempt | null>(null);
  const sending = useRef(false);
  const blocked = useAccountStatusMessage();

  if (blocked) {
    return (
      <Container size="xl" py="lg">
        <CheckoutSteps active={2} />
        <AccountStatusNotice />
      </Container>
    );
  }
  if (session.status === 'loading' || (session.status === 'signedIn' && cart.isPending)) {
    return (
      <Container size="xl" py="lg">
        <CheckoutSteps active={2} />
        <Loader size="sm" aria-label="Loading your cart" />
      </Container>
    );
  }
  if (session.status === 'signedOut' || !cart.data) {
    return (
      <Container size="xl" py="lg">
        <CheckoutSteps active={2} />
        {session.status === 'signedOut' ? (
          <Text>
            <Anchor component={Link} to="/signin" state={{ from: '/checkout' }}>
              Sign in
            </Anchor>{' '}
            to check out.
          </Text>
        ) : (
          <Alert color="red" title="Error">
            {cart.error?.message || CART_TEXTS.fetchFailed}
          </Alert>
        )}
      </Container>
    );
  }
  const c = cart.data;
  const list = options.data ?? [];
  // The chosen option, or the first one offered (ground) until the buyer picks another.
  const shipping = list.find((o) => o.code === chosen) ?? list[0] ?? null;
  const orderComments = comments ?? c.comments;
  const canPlace = Boolean(shipping) && c.unavailableItems.length === 0;
  const failed = place.isError && (
    <Alert color="red" title={CART_TEXTS.checkoutFailed} role="alert" mb="sm">
      {place.error.message !== CART_TEXTS.checkoutFailed ? place.error.message : 'Please try again.'}
    </Alert>
  );

  const placeOrder = () => {
    if (sending.current || !shipping) return;
    const body: CheckoutRequest = { shipToCode: c.shipToCode, shippingOption: shipping.code, poNumber: poNumber.trim(), comments: orderComments };
    const signature = JSON.stringify([body, c.items.map((i) => [i.invNum, i.ordQty]), c.couponsApplied.map((x) => x.code)]);
    attempt.current = attemptFor(attempt.current, signature);
    sending.current = true;
    place.mutate(
      { body, key: attempt.current.key },
      {
        onSettled: () => {
          sending.current = false;
        },
        onSuccess: (order) => {
          attempt.current = null;
          void navigate(`/checkout/complete/${order.orderNum}`, { replace: true });
        },
      },
    );
  };

  return (
    <Container size="xl" py="lg">
      <CheckoutSteps active={2} />
      <Title order={1} size="h2" mb="md">
        Checkout
      </Title>
      {c.items.length === 0 ? (
        <EmptyCart />
      ) : (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack>
              <ShipToChoice value={c.shipToCode} />
              <ShippingChoice
                options={list}
                loading={options.isPending}
                error={options.isError ? options.error.message : null}
                value={shipping?.code ?? null}
                onChange={setChosen}
              />
              <Paper withBorder p="md" radius="md">
                <Title order={2} size="h4" mb="xs">
                  3. PO number and comments
                </Title>
                <TextInput label="PO number (optional)" value={poNumber} onChange={(e) => setPoNumber(e.currentTarget.value)} maxLength={CART.poNumberMax} autoComplete="off" />
                <Textarea label="Order comments" mt="sm" value={orderComments} onChange={(e) => setComments(e.currentTarget.value)} maxLength={CART.commentsMax} autosize minRows={2} maxRows={6} />
              </Paper>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack>
              <OrderReview cart={c} shipping={shipping} />
              <Box visibleFrom="md">{failed}</Box>
              <Group grow>
                <Button component={Link} to="/cart" variant="default">
                  Back to cart
                </Button>
                <Button size="md" onClick={placeOrder} loading={place.isPending} disabled={!canPlace} visibleFrom="md">
                  Place Order
                </Button>
              </Group>
            </Stack>
          </Grid.Col>
        </Grid>
      )}
      {c.items.length > 0 && (
        // Below 62em the review comes last, under the forms: the total and Place Order stay on screen at the bottom.
        <Paper hiddenFrom="md" className={classes.placeBar} data-testid="place-order-bar">
          {failed}
          <Group justify="space-between" wrap="nowrap">
            <div>
              <Text size="xs" c="dimmed">
                Total{shipping ? '' : ' before shipping'}
              </Text>
              <Text fw={800} size="lg" data-testid="place-order-total">
                {money(c.total + (shipping?.amount ?? 0))}
              </Text>
            </div>
            <Button size="md" onClick={placeOrder} loading={place.isPending} disabled={!canPlace}>
              Place Order
            </Button>
          </Group>
        </Paper>
      )}
    </Container>
  );
}

import { ActionIcon, Button, Divider, Drawer, Group, Loader, ScrollArea, Stack, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import type { CartItem } from '../../../contract/cart';
import { useCart } from '../../components/cart-data';
import { closeCartDrawer, useCartDrawerOpen } from '../../components/cart-drawer-state';
import { CART_TEXTS, reasonOr } from '../../components/cart-texts';
import { money } from '../../components/money';
import { useDeleteItem, useUpdateItem } from './api';
import { QuantityEditor } from './quantity-editor';
import { notify } from '../../components/notify';
import { ProductPicture } from '../../components/product-picture';

/** The drawer's quantity range (spec §5, §9). */
const DRAWER_MAX_QTY = 999;

function DrawerLine({ item }: { item: CartItem }) {
  const update = useUpdateItem();
  const remove = useDeleteItem();
  return (
    <Group wrap="nowrap" align="flex-start" gap="sm" data-testid={`drawer-line-${item.invNum}`}>
      <ProductPicture src={item.inventoryData.picture} alt="" size={52} />
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Text size="sm" fw={600} lineClamp={2}>
          {item.inventoryData.web_Title || item.inventoryData.description}
        </Text>
        <Text size="xs" c="dimmed">
          #{item.invNum} · {money(item.price)} each
        </Text>
        <Group justify="space-between" wrap="nowrap">
          <QuantityEditor
            compact
            qty={item.ordQty}
            invNum={item.invNum}
            max={DRAWER_MAX_QTY}
            saving={update.isPending}
            onSave={(qty) =>
              update.mutate(
                { invNum: item.invNum, qty },
                {
                  onSuccess: () => notify('green', CART_TEXTS.success.cartUpdated),
                  onError: (e) => notify('red', reasonOr(e, CART_TEXTS.updateFailed, CART_TEXTS.screen.updateCart)),
                },
              )
            }
          />
          <Text size="sm" fw={700}>
            {money(item.extended)}
          </Text>
        </Group>
      </Stack>
      <ActionIcon
        variant="subtle"
        color="red"
        c="red.9"
        aria-label={`Delete ${item.invNum}`}
        loading={remove.isPending}
        onClick={() =>
          remove.mutate(item.invNum, {
            onSuccess: () => notify('green', CART_TEXTS.success.itemRemoved),
            onError: (e) => notify('red', reasonOr(e, CART_TEXTS.deleteFailed, CART_TEXTS.screen.removeItem)),
          })
        }
      >
        ✕
      </ActionIcon>
    </Group>
  );
}

/** The cart side drawer (spec §2): lines with quantity edit and delete, count, subtotal, CART and PROCEED TO CHECKOUT. */
export function CartDrawer() {
  const opened = useCartDrawerOpen();
  const cart = useCart();
  const navigate = useNavigate();
  const go = (path: string) => {
    closeCartDrawer();
    void navigate(path);
  };
  const c = cart.data;
  return (
    <Drawer opened={opened} onClose={closeCartDrawer} position="right" size="md" title={<Text fw={700}>Your Cart</Text>} closeButtonProps={{ 'aria-label': 'Close the cart' }}>
      {cart.isPending ? (
        <Loader size="sm" aria-label="Loading your cart" />
      ) : !c ? (
        <Text c="red.9">{cart.error?.message || CART_TEXTS.fetchFailed}</Text>
      ) : c.items.length === 0 ? (
        <Stack align="center" py="xl">
          <Text fw={600}>{CART_TEXTS.empty}</Text>
          <Button onClick={() => go('/categories')}>Back To Store</Button>
        </Stack>
      ) : (
        <Stack gap="md">
          <Text size="sm" c="dimmed" data-testid="drawer-count">
            {c.numberOfItems} {c.numberOfItems === 1 ? 'item' : 'items'} · {c.totalQuantity} {c.totalQuantity === 1 ? 'unit' : 'units'}
          </Text>
          <ScrollArea.Autosize mah="calc(100vh - 300px)" type="auto">
            <Stack gap="md" pr="xs">
              {c.items.map((item) => (
                <DrawerLine key={item.invNum} item={item} />
              ))}
            </Stack>
          </ScrollArea.Autosize>
          <Divider />
          <Group justify="space-between">
            <Text fw={600}>Subtotal</Text>
            <Text fw={800} data-testid="drawer-subtotal">
              {money(c.subtotal)}
            </Text>
          </Group>
          <Stack gap="xs">
            <Button fullWidth onClick={() => go('/checkout/suggested')}>
              PROCEED TO CHECKOUT
            </Button>
            <Button fullWidth variant="default" onClick={() => go('/cart')}>
              CART
            </Button>
          </Stack>
        </Stack>
      )}
    </Drawer>
  );
}

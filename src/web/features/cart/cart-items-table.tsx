import { Anchor, Box, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { CART, type CartItem } from '../../../contract/cart';
import { CART_TEXTS, reasonOr } from '../../components/cart-texts';
import { HeadedTable } from '../../components/headed-table';
import { money } from '../../components/money';
import { notify } from '../../components/notify';
import { useDeleteItem, useUpdateItem } from './api';
import { QuantityEditor } from './quantity-editor';
import { ProductPicture } from '../../components/product-picture';

/** Quantity edit and remove for one line, shared by the table (wide screens) and the cards (phones). */
function useLineActions(item: CartItem) {
  const update = useUpdateItem();
  const remove = useDeleteItem();
  const quantity = (
    <QuantityEditor
      qty={item.ordQty}
      invNum={item.invNum}
      max={CART.maxQty}
      saving={update.isPending}
      onSave={(qty) =>
        update.mutate(
          { invNum: item.invNum, qty },
          { onSuccess: () => notify('green', CART_TEXTS.success.cartUpdated), onError: (e) => notify('red', reasonOr(e, CART_TEXTS.updateFailed, CART_TEXTS.screen.updateCart)) },
        )
      }
    />
  );
  const removeButton = (
    <Button
      size="compact-sm"
      variant="subtle"
      color="red"
      c="red.9"
      loading={remove.isPending}
      aria-label={`Remove ${item.invNum} from the cart`}
      onClick={() =>
        remove.mutate(item.invNum, {
          onSuccess: () => notify('green', CART_TEXTS.success.itemRemoved),
          onError: (e) => notify('red', reasonOr(e, CART_TEXTS.deleteFailed, CART_TEXTS.screen.removeItem)),
        })
      }
    >
      Remove
    </Button>
  );
  return { quantity, removeButton };
}

const title = (item: CartItem) => item.inventoryData.web_Title || item.inventoryData.description;
const detailLink = (item: CartItem) => `/productdetail?productNum=${encodeURIComponent(item.invNum)}`;

/** Why the line's quantity was rounded up, or that the item is sold by the case. */
function LineNotice({ item }: { item: CartItem }) {
  if (!item.notice) return null;
  return (
    <Text size="xs" c="orange.9" data-testid={`cart-notice-${item.invNum}`}>
      {item.notice}
    </Text>
  );
}

function LineRow({ item }: { item: CartItem }) {
  const { quantity, removeButton } = useLineActions(item);
  return (
    <Table.Tr data-testid={`cart-line-${item.invNum}`}>
      <Table.Td>
        <ProductPicture src={item.inventoryData.picture} alt="" size={56} />
      </Table.Td>
      <Table.Td>
        <Anchor component={Link} to={detailLink(item)} size="sm">
          {item.invNum}
        </Anchor>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{title(item)}</Text>
        <LineNotice item={item} />
      </Table.Td>
      <Table.Td ta="right">{money(item.price)}</Table.Td>
      <Table.Td>{quantity}</Table.Td>
      <Table.Td ta="right" fw={600}>
        {money(item.extended)}
      </Table.Td>
      <Table.Td>{removeButton}</Table.Td>
    </Table.Tr>
  );
}

function LineCard({ item }: { item: CartItem }) {
  const { quantity, removeButton } = useLineActions(item);
  return (
    <Paper withBorder p="sm" radius="md" data-testid={`cart-card-${item.invNum}`}>
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <ProductPicture src={item.inventoryData.picture} alt="" size={64} />
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" fw={600}>
            {title(item)}
          </Text>
          <LineNotice item={item} />
          <Text size="xs" c="dimmed">
            <Anchor component={Link} to={detailLink(item)} size="xs">
              #{item.invNum}
            </Anchor>{' '}
            · {money(item.price)} each
          </Text>
          <Group justify="space-between" wrap="nowrap">
            {quantity}
            <Text fw={700}>{money(item.extended)}</Text>
          </Group>
          <Box>{removeButton}</Box>
        </Stack>
      </Group>
    </Paper>
  );
}

/** Image, item number, description, price, quantity with edit/save/cancel, extended, remove (spec §2 Cart page): a table on wide screens, cards on phones. */
export function CartItemsTable({ items }: { items: CartItem[] }) {
  return (
    <>
      <Box visibleFrom="sm">
        <HeadedTable
          verticalSpacing="sm"
          bg="white"
          withTableBorder
          columns={[{ label: 'Image', w: 72 }, 'Item #', 'Description', { label: 'Price', ta: 'right' }, 'Quantity', { label: 'Extended', ta: 'right' }, { label: 'Remove', visuallyHidden: true }]}
        >
          {items.map((item) => (
            <LineRow key={item.invNum} item={item} />
          ))}
        </HeadedTable>
      </Box>
      <Stack hiddenFrom="sm" gap="sm" aria-label="Items in your cart">
        {items.map((item) => (
          <LineCard key={item.invNum} item={item} />
        ))}
      </Stack>
    </>
  );
}

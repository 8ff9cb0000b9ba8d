import { Badge, Group, Loader, NativeSelect, Paper, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { customerSchema } from '../../../contract/accounts';
import { type Cart, cartSchema } from '../../../contract/cart';
import { shipsFrom } from '../../../contract/cart-availability';
import { useCartAvailability } from '../../components/cart-availability';
import { CART_TEXTS, reasonOr } from '../../components/cart-texts';
import { useCartMutation } from '../../components/cart-data';
import { notify } from '../../components/notify';
import { apiGet, apiRequest, queryString } from '../../lib/api-client';

const WAREHOUSE = { west: 'West (Fresno, CA)', east: 'East (Fairhope, AL)' } as const;

/**
 * Where each line would ship from to the cart's ship-to (issue 8): the server applies checkout's
 * allocation rule. Changing the ship-to here updates the cart, and so this forecast.
 */
export function ShipsFrom({ cart }: { cart: Cart }) {
  const availability = useCartAvailability(cart);
  const customer = useQuery({
    queryKey: ['customer', 'full'],
    queryFn: () => apiGet('/Customer/GetCustomerInfo', customerSchema, 'An error occurred. Please try again.'),
  });
  const updateShipTo = useCartMutation((code: string) => apiRequest('PUT', `/Shop/UpdateShipTo${queryString({ shiptocode: code })}`, cartSchema, CART_TEXTS.shipToFailed));
  const c = customer.data;
  const options = c
    ? [{ value: '', label: `Billing address (${c.city}, ${c.state})` }, ...c.shipTo.map((s) => ({ value: s.code, label: `${s.orgName || s.contact} (${s.city}, ${s.state})` }))]
    : [];
  const a = availability.data;
  const titles = new Map(cart.items.map((i) => [i.invNum, i.inventoryData.web_Title]));

  return (
    <Paper withBorder p="md" radius="md">
      <Group justify="space-between" align="flex-end" mb="xs">
        <div>
          <Title order={2} size="h5">
            Where it ships from
          </Title>
          {a && (
            <Text size="xs" c="dimmed">
              To {a.destination}: from {WAREHOUSE[a.nearest]} first. Stock is reserved when you place the order.
            </Text>
          )}
        </div>
        {options.length > 1 && (
          <NativeSelect
            label="Ship to"
            size="xs"
            data={options}
            value={options.some((o) => o.value === cart.shipToCode) ? cart.shipToCode : ''}
            onChange={(e) => updateShipTo.mutate(e.currentTarget.value, { onError: (err) => notify('red', reasonOr(err, CART_TEXTS.shipToFailed, CART_TEXTS.shipToFailed)) })}
            disabled={updateShipTo.isPending}
          />
        )}
      </Group>
      {!a ? (
        availability.isError ? (
          <Text size="sm" c="red.9">
            {availability.error.message}
          </Text>
        ) : (
          <Loader size="xs" aria-label="Loading stock availability" />
        )
      ) : (
        <Table.ScrollContainer minWidth={420}>
          <Table verticalSpacing={4} fz="sm" aria-label="Where each line ships from">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Item</Table.Th>
                <Table.Th ta="right">Qty</Table.Th>
                <Table.Th ta="right">West</Table.Th>
                <Table.Th ta="right">East</Table.Th>
                <Table.Th ta="right">Backordered</Table.Th>
                <Table.Th>Ships from</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {a.lines.map((l) => (
                <Table.Tr key={l.invNum} data-testid={`ships-from-${l.invNum}`}>
                  <Table.Td>
                    <Text size="sm" lineClamp={1}>
                      #{l.invNum} {titles.get(l.invNum) ?? ''}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{l.qty}</Table.Td>
                  <Table.Td ta="right">{l.west}</Table.Td>
                  <Table.Td ta="right">{l.east}</Table.Td>
                  <Table.Td ta="right">{l.backordered}</Table.Td>
                  <Table.Td>
                    <Badge variant="filled" tt="none" color={l.backordered > 0 ? 'red.9' : 'shop.9'}>
                      {shipsFrom(l)}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}

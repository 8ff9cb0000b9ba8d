import { Anchor, Group, Loader, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { CART_TEXTS, reasonOr } from '../../components/cart-texts';
import { useCustomer, useUpdateShipTo } from './api';
import { notify } from '../../components/notify';

interface Address {
  code: string;
  label: string;
  lines: string;
}

/** Billing address or any ship-to (spec §4: choosing one re-fetches the cart), and a way to manage them. */
export function ShipToChoice({ value }: { value: string }) {
  const customer = useCustomer();
  const update = useUpdateShipTo();
  const c = customer.data;
  const addresses: Address[] = c
    ? [
        { code: '', label: `Billing address: ${c.orgName || `${c.firstName} ${c.lastName}`}`, lines: `${c.addressLine1}, ${c.city}, ${c.state} ${c.zip}` },
        ...c.shipTo.map((s) => ({ code: s.code, label: s.orgName || s.contact, lines: `${s.addressLine1}, ${s.city}, ${s.state} ${s.zip}` })),
      ]
    : [];
  // A ship-to deleted since it was chosen: the server prices to the billing address.
  const current = addresses.some((a) => a.code === value) ? value : '';
  return (
    <Paper withBorder p="md" radius="md">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">
          1. Ship to
        </Title>
        <Anchor component={Link} to="/account/manageshippingaddresses?returnTo=/checkout" size="sm">
          Manage shipping addresses
        </Anchor>
      </Group>
      {customer.isPending ? (
        <Loader size="sm" aria-label="Loading your addresses" />
      ) : customer.isError ? (
        <Text c="red.9">{customer.error.message}</Text>
      ) : (
        <Radio.Group
          value={current}
          onChange={(code) =>
            update.mutate(code, { onError: (e) => notify('red', reasonOr(e, CART_TEXTS.shipToFailed, CART_TEXTS.shipToFailed)) })
          }
          aria-label="Ship to"
        >
          <Stack gap="xs">
            {addresses.map((a) => (
              <Radio.Card key={a.code || 'billing'} value={a.code} radius="md" p="sm" disabled={update.isPending} aria-label={`${a.label}, ${a.lines}`}>
                <Group wrap="nowrap" align="flex-start">
                  <Radio.Indicator />
                  <div>
                    <Text size="sm" fw={600}>
                      {a.label}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {a.lines}
                    </Text>
                  </div>
                </Group>
              </Radio.Card>
            ))}
          </Stack>
        </Radio.Group>
      )}
    </Paper>
  );
}

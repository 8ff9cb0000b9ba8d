import { Alert, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { type AdminCustomer, adminCustomerSchema } from '../../../contract/admin/customers';
import { priceLevelLabel, priceLevelSchema } from '../../../contract/admin/pricing';
import { notify } from '../../../web/components/notify';
import { adminCall, adminGet } from '../../lib/admin-api';

const LIST = 'list';

/** The customer's price level (list prices when none); a stale page gets 409 like the status actions. */
export function PriceLevelSection({ customer, canWrite }: { customer: AdminCustomer; canWrite: boolean }) {
  // The same query key as the price-levels screen: one list in the cache for both.
  const levels = useQuery({ queryKey: ['admin', 'price-levels'], staleTime: 0, queryFn: () => adminGet('/PriceLevels', z.array(priceLevelSchema), 'Failed to load price levels') });
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (priceLevelId: number | null) =>
      adminCall('PUT', `/Customers/${customer.id}`, adminCustomerSchema, 'Failed to change the price level', { body: { priceLevelId, version: customer.version } }),
    onSuccess: (c) => {
      queryClient.setQueryData(['admin', 'customer', customer.id], c);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'price-levels'] });
      notify('green', 'Price level saved');
    },
  });
  const data = [{ value: LIST, label: 'List prices' }, ...(levels.data ?? []).map((l) => ({ value: String(l.id), label: priceLevelLabel(l) }))];
  return (
    <Paper withBorder p="md">
      <Stack gap="xs">
        <Title order={2} size="h4">
          Price level
        </Title>
        <Select
          label="Prices this customer pays"
          data={data}
          value={customer.priceLevelId === null ? LIST : String(customer.priceLevelId)}
          disabled={!canWrite || save.isPending || !levels.data}
          allowDeselect={false}
          onChange={(v) => v && save.mutate(v === LIST ? null : Number(v))}
        />
        <Text size="xs" c="dimmed">
          Applies to the customer’s next page view, cart and checkout.
        </Text>
        {save.error && <Alert color="red">{save.error.message}</Alert>}
      </Stack>
    </Paper>
  );
}

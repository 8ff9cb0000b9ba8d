import { Alert, Button, Fieldset, Group, NumberInput, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { priceBreakSchema, type PriceBreakRow } from '../../../contract/admin/pricing';
import { notify } from '../../../web/components/notify';
import { adminCall, adminGet } from '../../lib/admin-api';

type Row = { minQty: number | string; price: number | string };

/** The item's quantity breaks ("12+ at $2.90"), saved as a whole list (PUT /Items/{num}/Breaks). */
export function BreaksSection({ num, listPrice, canWrite }: { num: string; listPrice: number; canWrite: boolean }) {
  const key = ['admin', 'item-breaks', num];
  const breaks = useQuery({ queryKey: key, staleTime: 0, queryFn: () => adminGet(`/Items/${encodeURIComponent(num)}/Breaks`, z.array(priceBreakSchema), 'Failed to load the quantity breaks') });
  return (
    <Fieldset legend="Quantity breaks">
      {breaks.isError && <Alert color="red">{breaks.error.message}</Alert>}
      {breaks.data && <BreaksEditor key={breaks.dataUpdatedAt} num={num} saved={breaks.data} listPrice={listPrice} canWrite={canWrite} queryKey={key} />}
    </Fieldset>
  );
}

function BreaksEditor({ num, saved, listPrice, canWrite, queryKey }: { num: string; saved: PriceBreakRow[]; listPrice: number; canWrite: boolean; queryKey: string[] }) {
  const [rows, setRows] = useState<Row[]>(saved);
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (body: PriceBreakRow[]) => adminCall('PUT', `/Items/${encodeURIComponent(num)}/Breaks`, z.array(priceBreakSchema), 'Failed to save the quantity breaks', { body }),
    onSuccess: (r) => (queryClient.setQueryData(queryKey, r), notify('green', 'Quantity breaks saved')),
  });
  const set = (i: number, patch: Partial<Row>) => setRows(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        From the quantity on, each unit costs the break’s price (list ${listPrice.toFixed(2)}); a customer’s level price applies when lower.
      </Text>
      {rows.map((r, i) => (
        <Group key={i} align="flex-end">
          <NumberInput label="From quantity" min={2} allowDecimal={false} value={r.minQty} onChange={(v) => set(i, { minQty: v })} disabled={!canWrite} w={140} />
          <NumberInput label="Price each" prefix="$" min={0.01} decimalScale={2} value={r.price} onChange={(v) => set(i, { price: v })} disabled={!canWrite} w={140} />
          {canWrite && (
            <Button variant="subtle" color="red" onClick={() => setRows(rows.filter((_r, j) => j !== i))} aria-label={`Remove the break at row ${i + 1}`}>
              Remove
            </Button>
          )}
        </Group>
      ))}
      {rows.length === 0 && <Text size="sm">No quantity breaks: every quantity pays the customer’s price.</Text>}
      {save.error && <Alert color="red">{save.error.message}</Alert>}
      {canWrite && (
        <Group>
          <Button variant="default" onClick={() => setRows([...rows, { minQty: '', price: '' }])}>
            Add a break
          </Button>
          <Button loading={save.isPending} onClick={() => save.mutate(rows.map((r) => ({ minQty: Number(r.minQty), price: Number(r.price) })))}>
            Save breaks
          </Button>
        </Group>
      )}
    </Stack>
  );
}

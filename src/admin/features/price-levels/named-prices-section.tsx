import { Alert, Button, Group, Loader, NumberInput, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import type { NamedPrice, PriceLevel } from '../../../contract/admin/pricing';
import { HeadedTable } from '../../../web/components/headed-table';
import { notify } from '../../../web/components/notify';
import { useLevelPrices, useReplacePrices } from './api';

type Row = { invNum: string; price: number | string; title?: string; listPrice?: number };

/** A level's own prices for some items: add by item number, edit, remove, then save the whole list. */
export function NamedPricesSection({ level, canWrite }: { level: PriceLevel; canWrite: boolean }) {
  const prices = useLevelPrices(level.id);
  return (
    <Paper withBorder p="md">
      <Stack>
        <Title order={2} size="h4">
          Named prices of {level.name}
        </Title>
        <Text size="sm" c="dimmed">
          Items listed here cost this price on this level; every other item costs list less {level.percentOff}%.
        </Text>
        {prices.isPending && <Loader aria-label="Loading named prices" />}
        {prices.isError && <Alert color="red">{prices.error.message}</Alert>}
        {prices.data && <PricesEditor key={prices.dataUpdatedAt} levelId={level.id} saved={prices.data} canWrite={canWrite} />}
      </Stack>
    </Paper>
  );
}

function PricesEditor({ levelId, saved, canWrite }: { levelId: number; saved: NamedPrice[]; canWrite: boolean }) {
  const [rows, setRows] = useState<Row[]>(saved);
  const [newNum, setNewNum] = useState('');
  const [newPrice, setNewPrice] = useState<number | string>('');
  const replace = useReplacePrices(levelId);
  const set = (i: number, price: number | string) => setRows(rows.map((r, j) => (j === i ? { ...r, price } : r)));
  return (
    <Stack>
      {rows.length === 0 ? (
        <Text size="sm">No named prices.</Text>
      ) : (
        <HeadedTable columns={['Item', 'List price', 'Level price', { label: 'Remove', visuallyHidden: true }]}>
          {rows.map((r, i) => (
            <Table.Tr key={r.invNum}>
              <Table.Td>
                {r.invNum} {r.title && <Text span size="sm" c="dimmed">{r.title}</Text>}
              </Table.Td>
              <Table.Td>{r.listPrice === undefined ? '' : `$${r.listPrice.toFixed(2)}`}</Table.Td>
              <Table.Td>
                <NumberInput aria-label={`Level price of ${r.invNum}`} prefix="$" decimalScale={2} min={0.01} value={r.price} onChange={(v) => set(i, v)} disabled={!canWrite} w={130} />
              </Table.Td>
              <Table.Td>
                {canWrite && (
                  <Button size="xs" variant="subtle" color="red" onClick={() => setRows(rows.filter((_r, j) => j !== i))} aria-label={`Remove ${r.invNum}`}>
                    Remove
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </HeadedTable>
      )}
      {canWrite && (
        <>
          <Group align="flex-end">
            <TextInput label="Item number" value={newNum} onChange={(e) => setNewNum(e.currentTarget.value)} />
            <NumberInput label="Price" prefix="$" decimalScale={2} min={0.01} value={newPrice} onChange={setNewPrice} w={130} />
            <Button
              variant="default"
              disabled={!newNum.trim() || newPrice === ''}
              onClick={() => {
                setRows([...rows.filter((r) => r.invNum !== newNum.trim()), { invNum: newNum.trim(), price: newPrice }]);
                setNewNum('');
                setNewPrice('');
              }}
            >
              Add
            </Button>
          </Group>
          {replace.error && <Alert color="red">{replace.error.message}</Alert>}
          <Group>
            <Button loading={replace.isPending} onClick={() => replace.mutate(rows.map((r) => ({ invNum: r.invNum, price: Number(r.price) })), { onSuccess: () => notify('green', 'Named prices saved') })}>
              Save prices
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}

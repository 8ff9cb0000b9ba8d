import { Button, Group, NumberInput, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { AdminOrder } from '../../../../contract/admin/orders';
import { ACTIONS_COLUMN, HeadedTable } from '../../../../web/components/headed-table';
import { money } from '../../../../web/components/money';

/** Units a line still brings the buyer (open, backordered, shipped): what the edit's quantity sets. */
export const wantedOf = (l: AdminOrder['lines'][number]) => l.qty - l.cancelled;

export interface AddedRow {
  invNum: string;
  qty: number;
}

/**
 * The edit's lines: a quantity for every line nothing of which has shipped (0 or Remove takes it
 * off), the lines to add by item number, each removable before saving.
 */
export function EditLines({
  order,
  qty,
  onQty,
  added,
  onAdded,
}: {
  order: AdminOrder;
  qty: Record<number, number>;
  onQty: (q: Record<number, number>) => void;
  added: AddedRow[];
  onAdded: (a: AddedRow[]) => void;
}) {
  const [invNum, setInvNum] = useState('');
  const [addQty, setAddQty] = useState<number | string>(1);
  const addLine = () => {
    const num = invNum.trim();
    const n = Number(addQty);
    if (!num || !Number.isInteger(n) || n < 1) return;
    onAdded([...added.filter((a) => a.invNum !== num), { invNum: num, qty: n }]);
    setInvNum('');
    setAddQty(1);
  };
  return (
    <>
      <HeadedTable striped caption="Lines: set the quantity wanted; a line with shipped units cannot change" columns={['Item', 'Price', 'Shipped', 'Quantity', ACTIONS_COLUMN]}>
        {order.lines.map((l) => {
          const locked = l.shipped > 0;
          const value = qty[l.lineNo] ?? wantedOf(l);
          return (
            <Table.Tr key={l.lineNo} data-testid={`edit-line-${l.lineNo}`} style={value === 0 ? { textDecoration: 'line-through' } : undefined}>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {l.invNum}
                </Text>
                <Text size="sm">{l.title}</Text>
              </Table.Td>
              <Table.Td>{money(l.price)}</Table.Td>
              <Table.Td>{l.shipped}</Table.Td>
              <Table.Td>
                {locked ? (
                  <Text size="sm">{wantedOf(l)} (shipped in part: cannot change)</Text>
                ) : (
                  <NumberInput
                    aria-label={`Quantity of line ${l.lineNo} (${l.invNum})`}
                    min={0}
                    max={9999}
                    allowDecimal={false}
                    allowNegative={false}
                    value={value}
                    onChange={(v) => onQty({ ...qty, [l.lineNo]: Number(v) || 0 })}
                    w={110}
                  />
                )}
              </Table.Td>
              <Table.Td>
                {!locked && value > 0 && (
                  <Button size="xs" variant="default" onClick={() => onQty({ ...qty, [l.lineNo]: 0 })} aria-label={`Remove line ${l.lineNo} (${l.invNum})`}>
                    Remove
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          );
        })}
        {added.map((a) => (
          <Table.Tr key={`add-${a.invNum}`} data-testid={`added-${a.invNum}`}>
            <Table.Td>
              <Text size="sm" fw={600}>
                {a.invNum}
              </Text>
              <Text size="sm">New line, at the customer&apos;s price</Text>
            </Table.Td>
            <Table.Td>—</Table.Td>
            <Table.Td>0</Table.Td>
            <Table.Td>{a.qty}</Table.Td>
            <Table.Td>
              <Button size="xs" variant="default" onClick={() => onAdded(added.filter((x) => x !== a))} aria-label={`Do not add ${a.invNum}`}>
                Remove
              </Button>
            </Table.Td>
          </Table.Tr>
        ))}
      </HeadedTable>
      <Group align="flex-end" gap="xs" wrap="wrap">
        <TextInput label="Item number to add" value={invNum} onChange={(e) => setInvNum(e.currentTarget.value)} w={180} onKeyDown={(e) => e.key === 'Enter' && (e.preventDefault(), addLine())} />
        <NumberInput label="Quantity to add" min={1} max={9999} allowDecimal={false} allowNegative={false} value={addQty} onChange={setAddQty} w={130} />
        <Button variant="default" onClick={addLine} disabled={!invNum.trim()}>
          Add line
        </Button>
      </Group>
    </>
  );
}

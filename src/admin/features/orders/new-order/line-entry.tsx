import { Button, Group, NumberInput, Paper, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import type { StaffOrderPreview } from '../../../../contract/admin/orders';
import { CART } from '../../../../contract/cart';
import { money } from '../../../../web/components/money';
import { CardFacts, CardHead, ListCard, TableOrCards } from '../../../components/table-or-cards';
import { useItemSearch } from './api';

export interface TypedLine {
  invNum: string;
  qty: number;
}

/** "NUM QTY" per line (a tab, comma or spaces between; no quantity: 1). Answers the lines and the ones not understood. */
export function parsePasted(text: string): { lines: TypedLine[]; unreadable: string[] } {
  const lines: TypedLine[] = [];
  const unreadable: string[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const row = raw.trim();
    if (!row) continue;
    const m = /^([A-Za-z0-9._-]+)(?:[\s,;]+(\d{1,4}))?$/.exec(row);
    if (m) lines.push({ invNum: m[1]!, qty: m[2] === undefined ? 1 : Number(m[2]) });
    else unreadable.push(row);
  }
  return { lines, unreadable };
}

/** Lines by item number and quantity (Enter adds), a paste box, and an item search. `onAdd` answers whether the lines were taken. */
export function LineEntry({ disabled, onAdd }: { disabled: boolean; onAdd: (lines: TypedLine[]) => Promise<boolean> }) {
  const [invNum, setInvNum] = useState('');
  const [qty, setQty] = useState<number | string>(1);
  const [pasted, setPasted] = useState('');
  const [unreadable, setUnreadable] = useState<string[]>([]);
  const [q, setQ] = useState('');
  const found = useItemSearch(q);
  const numberInput = useRef<HTMLInputElement>(null);

  async function addTyped() {
    const num = invNum.trim();
    if (!num) return;
    if (await onAdd([{ invNum: num, qty: Number(qty) || 0 }])) {
      setInvNum('');
      setQty(1);
    }
    numberInput.current?.focus();
  }
  async function addPasted() {
    const { lines, unreadable: bad } = parsePasted(pasted);
    setUnreadable(bad);
    if (lines.length > 0 && (await onAdd(lines)) && bad.length === 0) setPasted('');
  }

  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Lines
        </Title>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void addTyped();
          }}
        >
          <Group align="flex-end" gap="sm">
            <TextInput ref={numberInput} label="Item number" value={invNum} onChange={(e) => setInvNum(e.currentTarget.value)} w={160} autoComplete="off" />
            <NumberInput label="Quantity" value={qty} onChange={setQty} min={1} max={CART.maxQty} allowDecimal={false} w={110} />
            <Button type="submit" disabled={disabled}>
              Add line
            </Button>
          </Group>
        </form>
        <Textarea label="Paste lines" description="One line each: item number, then quantity (for example: 11002 24)" autosize minRows={2} value={pasted} onChange={(e) => setPasted(e.currentTarget.value)} />
        {unreadable.length > 0 && (
          <Text size="sm" c="red.9">
            Not understood: {unreadable.join('; ')}
          </Text>
        )}
        <Group>
          <Button variant="default" disabled={disabled || !pasted.trim()} onClick={() => void addPasted()}>
            Add pasted lines
          </Button>
        </Group>
        <TextInput label="Find an item" description="Number or words of its title" value={q} onChange={(e) => setQ(e.currentTarget.value)} />
        {(found.data ?? []).length > 0 && (
          <Stack gap={4} role="list" aria-label="Matching items">
            {found.data!.map((item) => (
              <Group key={item.num} role="listitem" justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                  {item.num} · {item.web_Title}
                </Text>
                <Button size="xs" variant="default" disabled={disabled} onClick={() => void onAdd([{ invNum: item.num, qty: 1 }])} aria-label={`Add ${item.num}`}>
                  Add
                </Button>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

/** The lines as the customer will be charged: their price at the quantity, extended. */
export function OrderLinesTable({ preview, onRemove }: { preview: StaffOrderPreview; onRemove: (invNum: string) => void }) {
  if (preview.lines.length === 0) return <Text size="sm">No lines yet.</Text>;
  const caption = `${preview.lines.length} ${preview.lines.length === 1 ? 'line' : 'lines'}, ${preview.totalQuantity} units, ${money(preview.subtotal)}`;
  return (
    <TableOrCards
      table={
        <Table striped aria-label="Order lines">
          <Table.Caption>{caption}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Item</Table.Th>
              <Table.Th>Title</Table.Th>
              <Table.Th ta="right">Quantity</Table.Th>
              <Table.Th ta="right">Price</Table.Th>
              <Table.Th ta="right">Extended</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {preview.lines.map((l) => (
              <Table.Tr key={l.invNum}>
                <Table.Td>{l.invNum}</Table.Td>
                <Table.Td>
                  {l.title}
                  {l.notice && (
                    <Text size="xs" c="dimmed">
                      {l.notice}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right">{l.qty}</Table.Td>
                <Table.Td ta="right">{money(l.price)}</Table.Td>
                <Table.Td ta="right">{money(l.extended)}</Table.Td>
                <Table.Td>
                  <Button size="xs" variant="subtle" color="red.9" onClick={() => onRemove(l.invNum)} aria-label={`Remove ${l.invNum}`}>
                    Remove
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      }
      cards={
        <>
          <Text size="sm">{caption}</Text>
          {preview.lines.map((l) => (
            <ListCard key={l.invNum} label={`Line ${l.invNum}`}>
              <CardHead>
                {l.invNum} · {l.title}
              </CardHead>
              <CardFacts facts={[['Quantity', l.qty], ['Price', money(l.price)], ['Extended', money(l.extended)]]} />
              {l.notice && (
                <Text size="xs" c="dimmed">
                  {l.notice}
                </Text>
              )}
              <Group>
                <Button size="xs" variant="subtle" color="red.9" onClick={() => onRemove(l.invNum)} aria-label={`Remove ${l.invNum}`}>
                  Remove
                </Button>
              </Group>
            </ListCard>
          ))}
        </>
      }
    />
  );
}

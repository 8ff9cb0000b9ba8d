import { Table, Text } from '@mantine/core';
import type { OrderLine } from '../../contract/cart';
import { money } from './money';

const units = (n: number) => (n > 0 ? n : '—');

/** An order's lines with what ships from West and East and what is backordered (DESIGN.md §3 Checkout). */
export function OrderLines({ lines, caption }: { lines: OrderLine[]; caption: string }) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table withTableBorder bg="white" verticalSpacing="xs" striped>
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Item #</Table.Th>
            <Table.Th>Description</Table.Th>
            <Table.Th ta="right">Qty</Table.Th>
            <Table.Th ta="right">Price</Table.Th>
            <Table.Th ta="right">Extended</Table.Th>
            <Table.Th ta="right">West</Table.Th>
            <Table.Th ta="right">East</Table.Th>
            <Table.Th ta="right">Backordered</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((l) => (
            <Table.Tr key={l.invNum} data-testid={`order-line-${l.invNum}`}>
              <Table.Td>{l.invNum}</Table.Td>
              <Table.Td>
                <Text size="sm">{l.web_Title}</Text>
              </Table.Td>
              <Table.Td ta="right">{l.ordQty}</Table.Td>
              <Table.Td ta="right">{money(l.price)}</Table.Td>
              <Table.Td ta="right">{money(l.extended)}</Table.Td>
              <Table.Td ta="right" data-label="West">{units(l.allocation.west)}</Table.Td>
              <Table.Td ta="right" data-label="East">{units(l.allocation.east)}</Table.Td>
              <Table.Td ta="right" data-label="Backordered" c={l.allocation.backordered > 0 ? 'red.9' : undefined}>
                {units(l.allocation.backordered)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Units by warehouse over the whole order. */
export function allocationTotals(lines: OrderLine[]) {
  return lines.reduce(
    (t, l) => ({ west: t.west + l.allocation.west, east: t.east + l.allocation.east, backordered: t.backordered + l.allocation.backordered }),
    { west: 0, east: 0, backordered: 0 },
  );
}

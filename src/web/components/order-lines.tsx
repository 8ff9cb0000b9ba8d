import { Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { OrderLine } from '../../contract/cart';
import { money } from './money';
import classes from './order-lines.module.css';

/**
 * One table of order lines for the buyer's order pages and the staff's order detail
 * (DESIGN.md §5): each line's five quantities (open at West, open at East, backordered, shipped,
 * cancelled). The staff page adds its own columns (`extraColumns`). On a phone each line turns
 * into a card with labelled values (order-lines.module.css).
 */

export interface OrderLinesRow {
  /** The staff's rows carry the line number; the buyer's are keyed by item. */
  lineNo?: number;
  invNum: string;
  title: string;
  qty: number;
  price: number;
  extended: number;
  openWest: number;
  openEast: number;
  backordered: number;
  shipped: number;
  cancelled: number;
}

export interface OrderLinesColumn<R extends OrderLinesRow> {
  key: string;
  header: ReactNode;
  /** Shown before the value when the table is a list of cards on a phone. */
  label: string;
  cell: (row: R) => ReactNode;
  align?: 'left' | 'right';
}

interface OrderLinesProps<R extends OrderLinesRow> {
  rows: R[];
  caption: ReactNode;
  /** The staff's extra columns (actions, inputs), after the standard ones. */
  extraColumns?: OrderLinesColumn<R>[];
  /** Show Shipped and Cancelled even when no line has any (they are hidden otherwise). */
  allQuantities?: boolean;
}

const units = (n: number) => (n > 0 ? n : '—');

const quantity = <R extends OrderLinesRow>(key: keyof OrderLinesRow & string, label: string, alert = false): OrderLinesColumn<R> => ({
  key,
  header: label,
  label,
  align: 'right',
  cell: (row) => {
    const n = row[key] as number;
    return alert && n > 0 ? <Text span size="sm" c="red.9" fw={600}>{n}</Text> : units(n);
  },
});

function standardColumns<R extends OrderLinesRow>(rows: R[], allQuantities: boolean): OrderLinesColumn<R>[] {
  const any = (key: 'shipped' | 'cancelled') => allQuantities || rows.some((r) => r[key] > 0);
  return [
    { key: 'invNum', header: 'Item #', label: 'Item #', cell: (r) => r.invNum },
    { key: 'title', header: 'Description', label: 'Description', cell: (r) => <Text size="sm">{r.title}</Text> },
    { key: 'qty', header: 'Qty', label: 'Qty', align: 'right', cell: (r) => r.qty },
    { key: 'price', header: 'Price', label: 'Price', align: 'right', cell: (r) => money(r.price) },
    { key: 'extended', header: 'Extended', label: 'Extended', align: 'right', cell: (r) => money(r.extended) },
    quantity<R>('openWest', 'West'),
    quantity<R>('openEast', 'East'),
    quantity<R>('backordered', 'Backordered', true),
    ...(any('shipped') ? [quantity<R>('shipped', 'Shipped')] : []),
    ...(any('cancelled') ? [quantity<R>('cancelled', 'Cancelled')] : []),
  ];
}

export function OrderLines<R extends OrderLinesRow>({ rows, caption, extraColumns = [], allQuantities = false }: OrderLinesProps<R>) {
  const columns = [...standardColumns(rows, allQuantities), ...extraColumns];
  return (
    <Table.ScrollContainer minWidth={0}>
      <Table withTableBorder bg="white" verticalSpacing="xs" striped className={classes.table}>
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.key} ta={c.align}>
                {c.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r, i) => (
            <Table.Tr key={r.lineNo ?? `${r.invNum}-${i}`} data-testid={`order-line-${r.invNum}`}>
              {columns.map((c) => (
                <Table.Td key={c.key} ta={c.align} data-label={c.label}>
                  {c.cell(r)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The buyer's order lines (contract/cart.ts) as rows of the table. */
export function buyerLineRows(lines: OrderLine[]): OrderLinesRow[] {
  return lines.map((l) => ({
    invNum: l.invNum,
    title: l.web_Title,
    qty: l.ordQty,
    price: l.price,
    extended: l.extended,
    openWest: l.allocation.west,
    openEast: l.allocation.east,
    backordered: l.backordered,
    shipped: l.shipped,
    cancelled: l.cancelled,
  }));
}

/** Units by warehouse over the whole order. */
export function allocationTotals(lines: OrderLine[]) {
  return lines.reduce(
    (t, l) => ({ west: t.west + l.allocation.west, east: t.east + l.allocation.east, backordered: t.backordered + l.allocation.backordered }),
    { west: 0, east: 0, backordered: 0 },
  );
}

import { Table, type TableProps, type TableThProps, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A column heading: its text, or its text with the cell's props (`ta="right"` for figures, a
 * width). `visuallyHidden`: only screen readers read it, for a column of buttons.
 */
export type Column = string | ({ label: ReactNode; visuallyHidden?: boolean } & Omit<TableThProps, 'children'>);

/** The last column of a list whose rows end in buttons. */
export const ACTIONS_COLUMN: Column = { label: 'Actions', visuallyHidden: true };

interface HeadedTableProps extends Omit<TableProps, 'children' | 'data'> {
  columns: readonly Column[];
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth?: number;
  /** The table's `<caption>`. */
  caption?: ReactNode;
  /** The rows of the table's foot (totals). */
  foot?: ReactNode;
  /** The rows. */
  children: ReactNode;
}

/** A table of rows under one heading row, the storefront's and the back office's alike. */
export function HeadedTable({ columns, minWidth, caption, foot, children, ...table }: HeadedTableProps) {
  const body = (
    <Table {...table}>
      {caption !== undefined && <Table.Caption>{caption}</Table.Caption>}
      <TableHead columns={columns} />
      <Table.Tbody>{children}</Table.Tbody>
      {foot !== undefined && <Table.Tfoot>{foot}</Table.Tfoot>}
    </Table>
  );
  return minWidth === undefined ? body : <Table.ScrollContainer minWidth={minWidth}>{body}</Table.ScrollContainer>;
}

function TableHead({ columns }: { columns: readonly Column[] }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {columns.map((c, i) => {
          if (typeof c === 'string') return <Table.Th key={i}>{c}</Table.Th>;
          const { label, visuallyHidden, ...th } = c;
          return (
            <Table.Th key={i} {...th}>
              {visuallyHidden ? <VisuallyHidden>{label}</VisuallyHidden> : label}
            </Table.Th>
          );
        })}
      </Table.Tr>
    </Table.Thead>
  );
}

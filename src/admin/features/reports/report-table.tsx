import { Table, Text } from '@mantine/core';
import type { Report, ReportColumn } from '../../../contract/admin/reports';
import { money } from '../../../web/components/money';

/** A report's rows and totals as a table; on a phone it scrolls sideways inside its box. */

export function cellText(column: ReportColumn, value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return column.kind === 'money' ? money(value) : value.toLocaleString('en-US');
  return value;
}

export function ReportTable({ report }: { report: Report }) {
  const numeric = (c: ReportColumn) => c.kind === 'int' || c.kind === 'money';
  const hasTotals = report.columns.some((c) => report.totals[c.key] !== undefined);
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped highlightOnHover withTableBorder captionSide="top">
        <Table.Caption>
          {report.title}: {report.rows.length.toLocaleString('en-US')} {report.rows.length === 1 ? 'row' : 'rows'}
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {report.columns.map((c) => (
              <Table.Th key={c.key} ta={numeric(c) ? 'right' : undefined} scope="col">
                {c.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.rows.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={report.columns.length}>
                <Text size="sm">Nothing in this range</Text>
              </Table.Td>
            </Table.Tr>
          )}
          {report.rows.map((row, i) => (
            <Table.Tr key={i}>
              {report.columns.map((c) => (
                <Table.Td key={c.key} ta={numeric(c) ? 'right' : undefined}>
                  {cellText(c, row[c.key])}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
        {hasTotals && (
          <Table.Tfoot>
            <Table.Tr>
              {report.columns.map((c, i) => (
                <Table.Th key={c.key} ta={numeric(c) ? 'right' : undefined} scope={i === 0 ? 'row' : undefined}>
                  {i === 0 ? 'Total' : cellText(c, report.totals[c.key])}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Tfoot>
        )}
      </Table>
    </Table.ScrollContainer>
  );
}

import { Alert, Button, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { TAX_REPORT_COLUMNS, TAX_REPORT_LABELS, taxReportQuery, type TaxReport } from '../../../contract/admin/tax-report';
import { checkForm } from '../../../contract/plain-words';
import { HeadedTable } from '../../../web/components/headed-table';
import { money } from '../../../web/components/money';
import { FormProblems } from '../../components/form-problems';
import { type MonthRange, taxReportCsvUrl, useTaxReport } from './api';

const thisMonth = () => new Date().toISOString().slice(0, 7);
const TEXT = new Set<string>(['state', 'month']);

function cell(key: (typeof TAX_REPORT_COLUMNS)[number], row: TaxReport['rows'][number] | (TaxReport['totals'] & { state?: string; month?: string })): string {
  const value = (row as Record<string, string | number | undefined>)[key];
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  return key === 'orders' ? value.toLocaleString('en-US') : money(value);
}

/** Tax collected by ship-to state and month for a range of months, with its CSV. */
export function ReportSection() {
  const [from, setFrom] = useState(thisMonth);
  const [to, setTo] = useState(thisMonth);
  const [range, setRange] = useState<MonthRange | null>(() => ({ from: thisMonth(), to: thisMonth() }));
  const [problems, setProblems] = useState<string[]>([]);
  const report = useTaxReport(range);
  const data = report.data;

  const show = () => {
    const parsed = checkForm(taxReportQuery, { from, to });
    setProblems(parsed.problems);
    if (parsed.success) setRange({ from: parsed.data.from ?? from, to: parsed.data.to ?? to });
  };
  const columns = TAX_REPORT_COLUMNS.map((k) => (TEXT.has(k) ? TAX_REPORT_LABELS[k] : { label: TAX_REPORT_LABELS[k], ta: 'right' as const }));

  return (
    <Stack component="section" aria-labelledby="tax-report" gap="sm">
      <Title order={2} size="h3" id="tax-report">
        Tax report
      </Title>
      <Text size="sm">
        For filing: by ship-to state and the month an order was placed (UTC). Sales are merchandise less discount of what remains of each order after cancels and edits; tax is what the
        orders charge now, less the tax of credit memos dated that month. States where the shop collects no tax are left out.
      </Text>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          show();
        }}
      >
        <Group align="flex-end" gap="sm">
          <TextInput label="From" type="month" placeholder="YYYY-MM" value={from} onChange={(e) => setFrom(e.currentTarget.value)} w={170} />
          <TextInput label="To" type="month" placeholder="YYYY-MM" value={to} onChange={(e) => setTo(e.currentTarget.value)} w={170} />
          <Button type="submit" variant="default">
            Show
          </Button>
          {range && (
            <Button component="a" variant="default" href={taxReportCsvUrl(range)} download>
              Download CSV
            </Button>
          )}
        </Group>
      </form>
      <FormProblems problems={problems} />
      {report.isError && <Alert color="red">{report.error.message}</Alert>}
      {data && (
        <HeadedTable
          striped
          withTableBorder
          fz="sm"
          aria-label="Tax by state and month"
          captionSide="top"
          caption={`${data.from === data.to ? data.from : `${data.from} to ${data.to}`}: ${data.rows.length} ${data.rows.length === 1 ? 'row' : 'rows'}`}
          columns={columns}
          foot={
            <Table.Tr>
              {TAX_REPORT_COLUMNS.map((k, i) => (
                <Table.Th key={k} scope={i === 0 ? 'row' : undefined} ta={TEXT.has(k) ? undefined : 'right'}>
                  {i === 0 ? 'Total' : cell(k, data.totals)}
                </Table.Th>
              ))}
            </Table.Tr>
          }
        >
          {data.rows.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={TAX_REPORT_COLUMNS.length}>No taxable or exempt orders in these months.</Table.Td>
            </Table.Tr>
          )}
          {data.rows.map((r) => (
            <Table.Tr key={`${r.state}-${r.month}`}>
              {TAX_REPORT_COLUMNS.map((k) => (
                <Table.Td key={k} ta={TEXT.has(k) ? undefined : 'right'}>
                  {cell(k, r)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </HeadedTable>
      )}
    </Stack>
  );
}

import { Alert, Button, Group, SegmentedControl, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { AS_OF_NOW, REPORT_NAMES, REPORT_TITLES, type ReportName } from '../../../contract/admin/reports';
import { useAdminTitle } from '../../lib/title';
import { csvUrl, useReport } from './api';
import { ReportChart } from './report-chart';
import { ReportTable } from './report-table';
import { useReportsFilter } from './use-reports-filter';

/** The reports page: the report, its range and grouping in the URL, a chart, the table with totals, the CSV. */
export default function ReportsPage() {
  useAdminTitle('Reports');
  const [filter, update] = useReportsFilter();
  const report = useReport(filter);
  const data = report.data;
  const ranged = !AS_OF_NOW.includes(filter.report);

  return (
    <Stack>
      <Title order={1}>Reports</Title>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label="Report"
          data={REPORT_NAMES.map((n) => ({ value: n, label: REPORT_TITLES[n] }))}
          value={filter.report}
          onChange={(v) => v && update({ report: v as ReportName })}
          allowDeselect={false}
          w={180}
        />
        {ranged && (
          <>
            <TextInput label="From" type="date" value={data?.from ?? filter.from ?? ''} onChange={(e) => update({ from: e.currentTarget.value || undefined })} w={160} />
            <TextInput label="To" type="date" value={data?.to ?? filter.to ?? ''} onChange={(e) => update({ to: e.currentTarget.value || undefined })} w={160} />
          </>
        )}
        {filter.report === 'sales' && (
          <SegmentedControl
            aria-label="Group by"
            value={filter.by}
            onChange={(v) => update({ by: v as 'day' | 'week' | 'month' })}
            data={[
              { value: 'day', label: 'Day' },
              { value: 'week', label: 'Week' },
              { value: 'month', label: 'Month' },
            ]}
          />
        )}
        {filter.report === 'items' && (
          <SegmentedControl
            aria-label="Sellers"
            value={filter.sort}
            onChange={(v) => update({ sort: v as 'top' | 'bottom' })}
            data={[
              { value: 'top', label: 'Top sellers' },
              { value: 'bottom', label: 'Bottom sellers' },
            ]}
          />
        )}
        <Button component="a" variant="default" href={csvUrl(filter)} download>
          Download CSV
        </Button>
      </Group>
      {data && (
        <Text size="sm" aria-live="polite">
          {data.asOfNow ? 'As of now' : `${data.from} to ${data.to}`}
          {data.name === 'sales' ? ', each period beside the same days one range earlier' : ''}
          {ranged ? '. Sales are orders placed, net of cancellations.' : ''}
        </Text>
      )}
      {report.isError && <Alert color="red">{report.error.message}</Alert>}
      {data && data.name === filter.report && (
        <>
          <ReportChart report={data} />
          <ReportTable report={data} />
        </>
      )}
    </Stack>
  );
}

import '@mantine/charts/styles.layer.css';
import { BarChart, LineChart } from '@mantine/charts';
import type { Report } from '../../../contract/admin/reports';
import { money } from '../../../web/components/money';

/**
 * The report's chart (@mantine/charts on recharts, loaded only with the reports page): sales as
 * lines beside the previous period, the ranked reports as bars of their first ten rows, the rest
 * (states, aging, …) as the table alone.
 */

const BARS: Partial<Record<Report['name'], { label: string; value: string; valueLabel: string }>> = {
  categories: { label: 'category', value: 'sales', valueLabel: 'Sales' },
  items: { label: 'invNum', value: 'sales', valueLabel: 'Sales' },
  customers: { label: 'orgName', value: 'net', valueLabel: 'Net sales' },
  'open-orders': { label: 'status', value: 'value', valueLabel: 'Order value' },
  coupons: { label: 'code', value: 'uses', valueLabel: 'Uses' },
};

const dollars = (v: number) => money(v);

export function ReportChart({ report }: { report: Report }) {
  if (report.name === 'sales') {
    return (
      <figure aria-label={`Net sales by ${report.rows.length > 0 ? 'period' : 'day'}, with the previous period`} style={{ margin: 0 }}>
        <LineChart
          h={260}
          data={report.rows}
          dataKey="period"
          valueFormatter={dollars}
          withLegend
          series={[
            { name: 'net', label: 'Net sales', color: 'blue.7' },
            { name: 'previousNet', label: 'Previous period', color: 'gray.6' },
          ]}
          curveType="linear"
        />
      </figure>
    );
  }
  const bars = BARS[report.name];
  if (!bars || report.rows.length === 0) return null;
  const data = report.rows.slice(0, 10).map((r) => ({ label: String(r[bars.label] ?? ''), [bars.value]: r[bars.value] }));
  return (
    <figure aria-label={`${bars.valueLabel}, first ${data.length}`} style={{ margin: 0 }}>
      <BarChart
        h={260}
        data={data}
        dataKey="label"
        valueFormatter={bars.value === 'uses' ? undefined : dollars}
        series={[{ name: bars.value, label: bars.valueLabel, color: 'blue.7' }]}
      />
    </figure>
  );
}

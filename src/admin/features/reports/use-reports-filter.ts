import { z } from 'zod';
import { REPORT_NAMES, type ReportName } from '../../../contract/admin/reports';
import { useUrlFilter } from '../../lib/url-filter';

/** The reports page's report, range, grouping and sort, in the URL (`?report=items&from=…&to=…`). */
export interface ReportsFilter extends Record<string, unknown> {
  report: ReportName;
  from?: string;
  to?: string;
  by: 'day' | 'week' | 'month';
  sort: 'top' | 'bottom';
}

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const schema = z.object({
  report: z.enum(REPORT_NAMES).default('sales'),
  from: day.optional(),
  to: day.optional(),
  by: z.enum(['day', 'week', 'month']).default('day'),
  sort: z.enum(['top', 'bottom']).default('top'),
});

const KEYS = ['report', 'from', 'to', 'by', 'sort'] as const;

export const useReportsFilter = () => useUrlFilter<ReportsFilter>(schema, KEYS, { report: 'sales', by: 'day', sort: 'top' });

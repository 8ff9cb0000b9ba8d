import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AS_OF_NOW, reportSchema } from '../../../contract/admin/reports';
import { adminGet, queryString } from '../../lib/admin-api';
import type { ReportsFilter } from './use-reports-filter';

/** The reports page's call (GET /Reports/{name}) and its CSV link. */

function query(filter: ReportsFilter) {
  const ranged = !AS_OF_NOW.includes(filter.report);
  return {
    from: ranged ? filter.from : undefined,
    to: ranged ? filter.to : undefined,
    by: filter.report === 'sales' ? filter.by : undefined,
    sort: filter.report === 'items' ? filter.sort : undefined,
  };
}

export function useReport(filter: ReportsFilter) {
  return useQuery({
    queryKey: ['admin', 'report', filter],
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    queryFn: () => adminGet(`/Reports/${filter.report}${queryString(query(filter))}`, reportSchema, 'Failed to load the report'),
  });
}

/** The same report as CSV (a download link: the cookie goes with it). */
export function csvUrl(filter: ReportsFilter): string {
  return `/beapi/Admin/Reports/${filter.report}${queryString({ ...query(filter), format: 'csv' })}`;
}

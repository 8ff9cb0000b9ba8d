import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { taxImportResultSchema, taxRatesSchema } from '../../../contract/admin/tax';
import { taxReportSchema } from '../../../contract/admin/tax-report';
import { adminCall, adminGet, documentUrl, queryString } from '../../lib/admin-api';

/** Sales tax (DESIGN.md §7, decision 0042): the rates in use, the ZIP rate import, the report for filing. */

const RATES = ['admin', 'tax-rates'];

export function useTaxRates() {
  return useQuery({ queryKey: RATES, queryFn: () => adminGet('/TaxRates', taxRatesSchema, 'Failed to load the tax rates') });
}

/** A ZIP rate CSV: all or nothing (a refused file is the server's sentence naming the line). */
export function useImportTaxRates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return adminCall('POST', '/TaxRates/Import', taxImportResultSchema, 'Failed to import the rates', { body: form });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: RATES }),
  });
}

export interface MonthRange {
  from: string;
  to: string;
}

/** The report of a month range (null: not asked yet). */
export function useTaxReport(range: MonthRange | null) {
  return useQuery({
    queryKey: ['admin', 'tax-report', range],
    enabled: range !== null,
    placeholderData: keepPreviousData,
    queryFn: () => adminGet(`/Reports/tax${queryString({ from: range!.from, to: range!.to })}`, taxReportSchema, 'Failed to load the tax report'),
  });
}

/** The same report as CSV (a download link: the cookie goes with it). */
export const taxReportCsvUrl = (range: MonthRange) => documentUrl(`/Reports/tax${queryString({ from: range.from, to: range.to, format: 'csv' })}`);

import type { Report } from '../../contract/admin/reports';
import { csvLine } from '../platform/csv/csv';

/** A report as CSV: a header of the column keys, then one line per row (cells neutralised in csv.ts). */
export async function* reportCsv(report: Report): AsyncGenerator<string> {
  yield csvLine(report.columns.map((c) => c.key));
  for (const row of report.rows) yield csvLine(report.columns.map((c) => row[c.key] ?? null));
}

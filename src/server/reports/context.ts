import type { MoneyContext } from '../money';
import type { ReportService } from './service';

/** The services of reports/ on top of money's: every module's. */
export interface ReportsContext extends MoneyContext {
  /** The reports page (sales summaries and a few live reads). */
  reports: ReportService;
}

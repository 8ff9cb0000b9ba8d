import type { OrdersContext } from '../orders';
import type { MoneyService } from './service';
import type { TaxCertificateReminders } from './tax/certificate-reminders';
import type { TaxCertificateService } from './tax/certificates';
import type { TaxService } from './tax/service';

/** The services of money/ on top of orders'. */
export interface MoneyContext extends OrdersContext {
  /** Trade terms, credit, payments and statements (decision 0022). */
  money: MoneyService;
  /** Sales tax rates (decision 0042). */
  tax: TaxService;
  /** Resale certificates: upload, review (decision 0042). */
  taxCertificates: TaxCertificateService;
  /** The certificates' reminder and expiry mails (a job; `runOnce(today)`). */
  taxCertificateReminders: TaxCertificateReminders;
}

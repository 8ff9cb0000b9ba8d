import type { OrdersContext } from '../orders';
import type { MoneyService } from './service';
import type { TaxService } from './tax/service';

/** The services of money/ on top of orders'. */
export interface MoneyContext extends OrdersContext {
  /** Trade terms, credit, payments and statements (decision 0022). */
  money: MoneyService;
  /** Sales tax rates (decision 0042). */
  tax: TaxService;
}

import type { StaffContext } from '../staff';
import type { StockService } from './service';

/** The services of stock/ on top of staff's. */
export interface StockContext extends StaffContext {
  stock: StockService;
}

import type { ContentContext } from '../content';
import type { AccountService } from './accounts/service';
import type { CustomerAdminService } from './admin/service';
import type { SpeedListService } from './speed-lists/service';

/** The services of customers/ on top of content's (and so the catalogue's). */
export interface CustomersContext extends ContentContext {
  accounts: AccountService;
  /** The back office's customers desk. */
  customersAdmin: CustomerAdminService;
  speedLists: SpeedListService;
}

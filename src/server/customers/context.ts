import type { ContentContext } from '../content';
import type { ActAsService } from './act-as/service';
import type { AccountService } from './accounts/service';
import type { CustomerAdminService } from './admin/service';
import type { SpeedListService } from './speed-lists/service';
import type { StockAlertNotifier } from './stock-alerts/notifier';
import type { StockAlertService } from './stock-alerts/service';

/** The services of customers/ on top of content's (and so the catalogue's). */
export interface CustomersContext extends ContentContext {
  accounts: AccountService;
  /** Acting for a customer: links and their exchange (decision 0035). */
  actAs: ActAsService;
  /** The back office's customers desk. */
  customersAdmin: CustomerAdminService;
  speedLists: SpeedListService;
  /** A buyer's back-in-stock alerts (decision 0041). */
  stockAlerts: StockAlertService;
  /** Mails the alerts of items back in stock, following the stock feed; started with the app. */
  stockAlertNotifier: StockAlertNotifier;
}

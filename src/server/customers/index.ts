/** The customers module's public face. */
export type { AccountService } from './accounts/service';
export { customerEmails } from './accounts/queries';
export { setTerms } from './admin/queries';
export { SYNTHETIC_PASSWORD, type SyntheticCustomer, syntheticCustomers } from './demo/synthetic-customers';
export type { SpeedListService } from './speed-lists/service';
export { waitingByItem as waitingAlertsByItem } from './stock-alerts/queries';
export { StockAlertNotifier } from './stock-alerts/notifier';
export { StockAlertService } from './stock-alerts/service';
export type { CustomersContext } from './context';
export { customersModule } from './manifest';
export { ActAsService } from './act-as/service';
export { auditActingRequests } from './act-as/request-audit';

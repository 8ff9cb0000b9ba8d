import type { ModuleRoutes } from '../platform/http/module-routes';
import { actAsAdminRoutes } from './act-as/admin-routes';
import { accountRoutes } from './accounts/routes';
import { customerRoutes } from './admin/customer-routes';
import type { CustomersContext } from './context';
import { speedListRoutes } from './speed-lists/routes';
import { stockAlertRoutes } from './stock-alerts/routes';

export const customersModule: ModuleRoutes<CustomersContext> = {
  name: 'customers',
  api: [accountRoutes, speedListRoutes, stockAlertRoutes],
  admin: [customerRoutes, actAsAdminRoutes],
};

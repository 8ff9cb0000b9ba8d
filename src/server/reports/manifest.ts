import type { ModuleRoutes } from '../platform/http/module-routes';
import type { ReportsContext } from './context';
import { reportRoutes } from './report-routes';

export const reportsModule: ModuleRoutes<ReportsContext> = { name: 'reports', admin: [reportRoutes] };

import type { ModuleRoutes } from '../platform/http/module-routes';
import type { StockContext } from './context';
import { stockRoutes } from './stock-routes';

export const stockModule: ModuleRoutes<StockContext> = { name: 'stock', admin: [stockRoutes] };

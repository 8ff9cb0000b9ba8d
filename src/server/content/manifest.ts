import type { ModuleRoutes } from '../platform/http/module-routes';
import type { ContentContext } from './context';
import { distributorRoutes } from './distributor-routes';
import { pageRoutes } from './page-routes';
import { contentRoutes } from './routes';
import { orderFormRoutes } from './survey/order-form-routes';
import { surveyRoutes } from './survey/routes';

export const contentModule: ModuleRoutes<ContentContext> = {
  name: 'content',
  api: [contentRoutes, surveyRoutes],
  admin: [pageRoutes, distributorRoutes, orderFormRoutes],
};

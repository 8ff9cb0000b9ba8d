import type { ShopContext } from '../context';
import type { ModuleRoutes } from '../platform/http/module-routes';
import { checkoutRoutes, orderLifecycleRoutes } from './order-routes';
import { adminReturnPhotoRoutes, buyerReturnPhotoRoutes } from './return-photo-routes';
import { adminReturnRoutes, buyerReturnRoutes } from './return-routes';

export const flowsModule: ModuleRoutes<ShopContext> = {
  name: 'flows',
  api: [checkoutRoutes, buyerReturnRoutes, buyerReturnPhotoRoutes],
  admin: [orderLifecycleRoutes, adminReturnRoutes, adminReturnPhotoRoutes],
};

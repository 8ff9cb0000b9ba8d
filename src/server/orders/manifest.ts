import type { ModuleRoutes } from '../platform/http/module-routes';
import { cartAvailabilityRoutes } from './cart-availability/routes';
import { couponRoutes } from './cart/coupon-routes';
import { speedListCartRoutes } from './cart/speed-list-routes';
import type { OrdersContext } from './context';
import { documentRoutes } from './documents/document-routes';
import { buyerDocumentRoutes } from './documents/routes';
import { orderRoutes } from './order-routes';
import { shopRoutes } from './routes';

export const ordersModule: ModuleRoutes<OrdersContext> = {
  name: 'orders',
  api: [
    shopRoutes,
    buyerDocumentRoutes,
    cartAvailabilityRoutes,
    async (app, { ctx }) => app.register(speedListCartRoutes, { cart: ctx.cart, speedLists: ctx.speedLists }),
  ],
  admin: [orderRoutes, documentRoutes, couponRoutes],
};

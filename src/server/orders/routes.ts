import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { orderNumParams, orderSchema, ordersPageSchema, ordersQuery, reorderResultSchema } from '../../contract/cart';
import { problemSchema as problem } from '../../contract/problem';
import { cartRoutes } from './cart/routes';
import type { OrdersContext } from './context';
import { requireCustomer, requireTradingCustomer } from '../platform/http/auth-context';
import type { OrderService } from './service';

const tags = ['orders'];
const security = [{ userToken: [] }];

/** Cart and order history (spec §7, DESIGN.md §3), registered under /beapi; checkout and the buyer's cancel are flows (flows/order-routes.ts). */
export const shopRoutes: FastifyPluginAsyncZod<{ ctx: OrdersContext }> = async (app, { ctx }) => {
  await app.register(cartRoutes, { cart: ctx.cart });
  await app.register(orderRoutes, { orders: ctx.orders });
};

const orderRoutes: FastifyPluginAsyncZod<{ orders: OrderService }> = async (api, { orders }) => {
  api.addHook('preValidation', async (request) => void requireCustomer(request));
  api.addHook('onSend', async (_request, reply) => void reply.header('cache-control', 'no-store'));

  api.get(
    '/Shop/GetOrders',
    { schema: { tags, security, description: 'Order history, newest first.', querystring: ordersQuery, response: { 200: ordersPageSchema, 400: problem, 401: problem } } },
    async (request) => orders.list(requireCustomer(request), request.query.page, request.query.pageSize),
  );

  api.get(
    '/Shop/GetOrder/:orderNum',
    { schema: { tags, security, params: orderNumParams, response: { 200: orderSchema, 400: problem, 401: problem, 404: problem } } },
    async (request) => orders.get(requireCustomer(request), request.params.orderNum),
  );

  api.post(
    '/Shop/Reorder/:orderNum',
    {
      schema: {
        tags,
        security,
        description: "Puts the order's lines back in the cart at today's prices; `discontinued` lists items no longer sold.",
        params: orderNumParams,
        response: { 200: reorderResultSchema, 400: problem, 401: problem, 403: problem, 404: problem },
      },
    },
    async (request) => orders.reorder(requireTradingCustomer(request), request.params.orderNum),
  );
};

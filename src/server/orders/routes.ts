import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CART_MESSAGES, checkoutBody, orderNumParams, orderSchema, ordersPageSchema, ordersQuery, reorderResultSchema } from '../../contract/cart';
import { problemSchema as problem } from '../../contract/problem';
import { cartRoutes } from './cart/routes';
import type { ShopContext } from '../context';
import { Invalid } from '../platform/errors';
import { requireCustomer, requireTradingCustomer } from '../platform/http/auth-context';
import type { CheckoutService } from '../flows/checkout';
import type { LifecycleService } from '../flows/lifecycle';
import type { OrderService } from './service';

const tags = ['orders'];
const security = [{ userToken: [] }];

function idempotencyKey(header: string | string[] | undefined): string | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined) return null;
  if (!/^[\x21-\x7e]{1,100}$/.test(value)) throw new Invalid(CART_MESSAGES.idempotencyKeyInvalid);
  return value;
}

/** Cart, checkout and order history (spec §7, DESIGN.md §3), registered under /beapi. */
export const shopRoutes: FastifyPluginAsyncZod<{ ctx: ShopContext }> = async (app, { ctx }) => {
  await app.register(cartRoutes, { cart: ctx.cart });
  await app.register(orderRoutes, { orders: ctx.orders, checkout: ctx.checkout, lifecycle: ctx.lifecycle });
};

const orderRoutes: FastifyPluginAsyncZod<{ orders: OrderService; checkout: CheckoutService; lifecycle: LifecycleService }> = async (api, { orders, checkout, lifecycle }) => {
  api.addHook('preValidation', async (request) => void requireCustomer(request));
  api.addHook('onSend', async (_request, reply) => void reply.header('cache-control', 'no-store'));

  api.post(
    '/Shop/Checkout',
    {
      schema: {
        tags,
        security,
        description:
          'Places the order from the cart in one transaction and empties the cart. An `Idempotency-Key` header makes a retry answer the same order (header `idempotent-replayed: true`).',
        body: checkoutBody,
        response: { 201: orderSchema, 400: problem, 401: problem, 403: problem, 404: problem, 409: problem },
      },
    },
    async (request, reply) => {
      const key = idempotencyKey(request.headers['idempotency-key']);
      const result = await checkout.checkout(requireTradingCustomer(request), request.body, key);
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(201).send(result.order);
    },
  );

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

  api.post(
    '/Shop/CancelOrder/:orderNum',
    {
      schema: {
        tags,
        security,
        description: "Cancels the caller's own order while it is `received` (not yet accepted); answers the order. Later the order desk cancels it.",
        params: orderNumParams,
        response: { 200: orderSchema, 400: problem, 401: problem, 404: problem, 409: problem },
      },
    },
    async (request) => {
      const who = requireCustomer(request);
      await lifecycle.cancelByBuyer(who.id, request.params.orderNum);
      return orders.get(who, request.params.orderNum);
    },
  );
};

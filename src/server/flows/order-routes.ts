import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminOrderSchema,
  bulkAcceptBody,
  bulkAcceptResultSchema,
  cancelBody,
  editOrderBody,
  holdBody,
  ORDER_ADMIN_MESSAGES,
  orderNumParam,
  shipBody,
  shipmentSchema,
  staffOrderBody,
  staffOrderPreviewBody,
  staffOrderPreviewSchema,
} from '../../contract/admin/orders';
import { bulkHoldBody, bulkOrdersAnswerSchema } from '../../contract/admin/order-bulk';
import { CART_MESSAGES, checkoutBody, orderNumParams, orderSchema } from '../../contract/cart';
import { problemSchema as problem } from '../../contract/problem';
import type { ShopContext } from '../context';
import { DomainError, Invalid } from '../platform/errors';
import { requireCustomer, requireTradingCustomer } from '../platform/http/auth-context';
import { actorOf, warehouseLimit } from '../staff';
import type { EnteringStaff } from './staff-order';
import type { Acting } from './lifecycle';

/** The order flows' HTTP side: the buyer's checkout and cancel (under /beapi), the order desk's lifecycle actions (under /beapi/Admin). */

function idempotencyKey(header: string | string[] | undefined): string | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined) return null;
  if (!/^[\x21-\x7e]{1,100}$/.test(value)) throw new Invalid(CART_MESSAGES.idempotencyKeyInvalid);
  return value;
}

/** Checkout and the buyer's cancel (spec §7, DESIGN.md §3), registered under /beapi beside the orders module's order history. */
export const checkoutRoutes: FastifyPluginAsyncZod<{ ctx: ShopContext }> = async (api, { ctx }) => {
  const tags = ['orders'];
  const security = [{ userToken: [] }];
  const { checkout, lifecycle, orders } = ctx;
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
      await lifecycle.cancelByBuyer(who, request.params.orderNum);
      return orders.get(who, request.params.orderNum);
    },
  );
};

const ifMatchHeader = 'Optional `If-Match: <version>` (the admin order\'s `version`): 409 when the order changed meanwhile.';

/** `If-Match: 7` or `"7"`: the version the staff member saw. */
function ifMatch(request: FastifyRequest): number | undefined {
  const raw = request.headers['if-match'];
  if (raw === undefined) return undefined;
  const m = /^\s*"?(\d{1,9})"?\s*$/.exec(String(raw));
  if (!m) throw new Invalid(ORDER_ADMIN_MESSAGES.ifMatchInvalid);
  return Number(m[1]);
}

/** An edit needs the version it was made from: without one, a stale edit could not be told apart (428). */
function requiredIfMatch(request: FastifyRequest): number {
  const version = ifMatch(request);
  if (version === undefined) throw new DomainError(428, 'Precondition Required', ORDER_ADMIN_MESSAGES.ifMatchRequired);
  return version;
}

/** A warehouse member set to one warehouse ships from it only; owners and managers from either. */
function acting(request: FastifyRequest): Acting {
  return { actor: actorOf(request), warehouse: warehouseLimit(request) };
}

/** Who enters an order: the staff member (an API key names no one). */
function entering(request: FastifyRequest): EnteringStaff {
  return { actor: actorOf(request), staffId: request.apiKey ? null : (request.staff?.id ?? null) };
}

/** The order desk's lifecycle actions (DESIGN.md §5 "Orders"): accept, hold, release, cancel, ship; and orders it enters for customers (§7). */
export const orderLifecycleRoutes: FastifyPluginAsyncZod<{ ctx: ShopContext }> = async (app, { ctx }) => {
  const tags = ['admin: orders'];
  const security = [{ staffSession: [] }];
  const params = orderNumParam;
  const errors = { 400: problem, 401: problem, 403: problem, 404: problem, 409: problem };
  const lifecycle = ctx.lifecycle;
  // Answers are built field by field by typed code (checked against their schemas at compile
  // time), as the order desk's reads are (orders/order-routes.ts): no second parse on the way out.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  app.post(
    '/Orders',
    {
      config: { permission: 'orders:write' },
      schema: {
        tags,
        security,
        description:
          'Enters an order for a customer (by phone, email, fax, in person): priced, credit-checked, allocated and mailed exactly as the buyer\'s checkout, without touching their cart and without coupons. Lines listing one item twice are merged; quantities are rounded up to case packs. An `Idempotency-Key` header makes a retry answer the same order (header `idempotent-replayed: true`, status 200); the same key with another body is 409.',
        body: staffOrderBody,
        response: { 200: adminOrderSchema, 201: adminOrderSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await ctx.staffOrders.place(entering(request), request.body, idempotencyKey(request.headers['idempotency-key']));
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(result.replayed ? 200 : 201).send(result.order);
    },
  );

  app.post(
    '/Orders/Preview',
    {
      config: { permission: 'orders:write' },
      schema: {
        tags,
        security,
        description: "What an order entered for a customer would be, written nowhere: the customer's ship-to addresses, each line at the customer's price, the shipping options with their rates.",
        body: staffOrderPreviewBody,
        response: { 200: staffOrderPreviewSchema, ...errors },
      },
    },
    async (request) => ctx.staffOrders.preview(request.body),
  );

  app.post(
    '/Orders/Hold',
    {
      config: { permission: 'orders:write' },
      schema: {
        tags,
        security,
        description: 'Holds up to 200 orders, each on its own, with one reason (and an optional message mailed to each buyer); a result per order.',
        body: bulkHoldBody,
        response: { 200: bulkOrdersAnswerSchema, ...errors },
      },
    },
    async (request) => ({ results: await lifecycle.holdMany(acting(request), request.body) }),
  );

  app.post(
    '/Orders/Accept',
    {
      config: { permission: 'orders:write' },
      schema: { tags, security, description: 'Accepts up to 200 orders, each on its own; a result per order.', body: bulkAcceptBody, response: { 200: bulkAcceptResultSchema, ...errors } },
    },
    async (request) => ({ results: await lifecycle.acceptMany(acting(request), request.body.orderNums) }),
  );

  const desc = (what: string) => `${what} ${ifMatchHeader}`;
  app.post(
    '/Orders/:orderNum/Accept',
    { config: { permission: 'orders:write' }, schema: { tags, security, description: desc('Accepts a received order.'), params, response: { 200: adminOrderSchema, ...errors } } },
    async (request) => lifecycle.accept(acting(request), request.params.orderNum, ifMatch(request)),
  );

  app.post(
    '/Orders/:orderNum/Hold',
    { config: { permission: 'orders:write' }, schema: { tags, security, description: desc('Puts a received or accepted order on hold.'), params, body: holdBody, response: { 200: adminOrderSchema, ...errors } } },
    async (request) => lifecycle.hold(acting(request), request.params.orderNum, request.body, ifMatch(request)),
  );

  app.post(
    '/Orders/:orderNum/Release',
    { config: { permission: 'orders:write' }, schema: { tags, security, description: desc('Releases an order on hold to the status it had.'), params, response: { 200: adminOrderSchema, ...errors } } },
    async (request) => lifecycle.release(acting(request), request.params.orderNum, ifMatch(request)),
  );

  app.post(
    '/Orders/:orderNum/Cancel',
    {
      config: { permission: 'orders:write' },
      schema: {
        tags,
        security,
        description: desc('Cancels open and backordered units (all of them without `lines`); released units go back to stock and to waiting backorders.'),
        params,
        body: cancelBody,
        response: { 200: adminOrderSchema, ...errors },
      },
    },
    async (request) => lifecycle.cancel(acting(request), request.params.orderNum, request.body, ifMatch(request)),
  );

  app.patch(
    '/Orders/:orderNum',
    {
      config: { permission: 'orders:write' },
      schema: {
        tags,
        security,
        description:
          'Edits an order (decision 0036): `lines` sets the units wanted on lines nothing of which has shipped (0 removes one), `add` adds lines at the ' +
          "customer's current price, and `shipToCode`, `shippingOption`, `poNumber`, `comments`. Needs `If-Match: <version>` (without: 428; stale: 409 " +
          'whose `current` is the order as it is). Answers the order with its totals recomputed.',
        params,
        body: editOrderBody,
        response: { 200: adminOrderSchema, ...errors, 428: problem },
      },
    },
    async (request) => ctx.orderEdit.edit(acting(request), request.params.orderNum, request.body, requiredIfMatch(request)),
  );

  app.post(
    '/Orders/:orderNum/Ship',
    {
      config: { permission: 'orders:ship' },
      schema: {
        tags,
        security,
        description: desc('Ships units open at one warehouse (all of them without `lines`) and raises the shipment\'s invoice.'),
        params,
        body: shipBody,
        response: { 201: shipmentSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await lifecycle.ship(acting(request), request.params.orderNum, request.body, ifMatch(request))),
  );
};

import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminOrderSchema,
  adminOrdersPageSchema,
  adminOrdersQuery,
  bulkAcceptBody,
  bulkAcceptResultSchema,
  cancelBody,
  holdBody,
  ORDER_ADMIN_MESSAGES,
  orderChangesSchema,
  orderNumParam,
  shipBody,
  shipmentSchema,
} from '../../contract/admin/orders';
import { problemSchema as problem } from '../../contract/problem';
import type { ShopContext } from '../context';
import { Invalid } from '../platform/errors';
import { listAdminOrders } from './admin-list';
import { listOrderChanges } from './change-feed';
import type { Acting } from '../flows/lifecycle';
import { actorOf, warehouseLimit } from '../staff/staff-auth';

const tags = ['admin: orders'];
const security = [{ staffSession: [] }];
const params = orderNumParam;
const errors = { 400: problem, 401: problem, 403: problem, 404: problem, 409: problem };
const ifMatchHeader = 'Optional `If-Match: <version>` (the admin order\'s `version`): 409 when the order changed meanwhile.';

/** `If-Match: 7` or `"7"`: the version the staff member saw. */
function ifMatch(request: FastifyRequest): number | undefined {
  const raw = request.headers['if-match'];
  if (raw === undefined) return undefined;
  const m = /^\s*"?(\d{1,9})"?\s*$/.exec(String(raw));
  if (!m) throw new Invalid(ORDER_ADMIN_MESSAGES.ifMatchInvalid);
  return Number(m[1]);
}

/** A warehouse member set to one warehouse ships from it only; owners and managers from either. */
function acting(request: FastifyRequest): Acting {
  return { actor: actorOf(request), warehouse: warehouseLimit(request) };
}

/** The order desk (DESIGN.md §5 "Orders"): list, detail, the lifecycle's actions. */
export const orderRoutes: FastifyPluginAsyncZod<{ ctx: ShopContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;
  const lifecycle = ctx.lifecycle;
  // Every answer here is built field by field by typed code (checked against its schema at
  // compile time), as the catalogue's and the cart's are: parsing a 200-line order again with zod
  // on the way out cost about a fifth of the request. The schemas still document the answers, and
  // admin-orders.api.test.ts parses them with the schemas.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  app.get(
    '/Orders',
    {
      config: { permission: 'orders:read' },
      schema: {
        tags,
        security,
        description:
          'The order desk\'s list (filters, sort, page). With `updatedSince` the change feed instead: orders changed since the cursor as admin orders, ' +
          '`{items, nextCursor}`; `updatedSince=0` starts at the beginning; call again with `nextCursor` while a page is full, and keep the last one for the next poll.',
        querystring: adminOrdersQuery,
        response: { 200: z.union([adminOrdersPageSchema, orderChangesSchema]), 400: problem, 401: problem, 403: problem },
      },
    },
    async (request) => (request.query.updatedSince === undefined ? listAdminOrders(db, request.query) : listOrderChanges(db, ctx.adminOrders, request.query.updatedSince, request.query.pageSize)),
  );

  app.post(
    '/Orders/Accept',
    {
      config: { permission: 'orders:write' },
      schema: { tags, security, description: 'Accepts up to 200 orders, each on its own; a result per order.', body: bulkAcceptBody, response: { 200: bulkAcceptResultSchema, ...errors } },
    },
    async (request) => ({ results: await lifecycle.acceptMany(acting(request), request.body.orderNums) }),
  );

  app.get('/Orders/:orderNum', { config: { permission: 'orders:read' }, schema: { tags, security, params, response: { 200: adminOrderSchema, ...errors } } }, async (request) =>
    ctx.adminOrders.read(request.params.orderNum),
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
    async (request) => lifecycle.hold(acting(request), request.params.orderNum, request.body.reason, ifMatch(request)),
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

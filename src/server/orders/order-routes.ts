import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bulkInvoiceBody, bulkOrdersAnswerSchema, bulkPrintBody } from '../../contract/admin/order-bulk';
import { adminOrderSchema, adminOrdersPageSchema, adminOrdersQuery, ORDER_ADMIN_MESSAGES, orderChangesSchema, orderNumParam } from '../../contract/admin/orders';
import { problemSchema as problem } from '../../contract/problem';
import type { OrdersContext } from './context';
import { listAdminOrders } from './admin-list';
import { listOrderChanges } from './change-feed';
import { ordersCsv } from './orders-csv';
import { sendCsv } from '../platform/http/csv-reply';
import { Forbidden } from '../platform/errors';
import { warehouseLimit } from '../staff';
import { invoiceDocuments, printDocuments } from './bulk-documents';

const tags = ['admin: orders'];
const security = [{ staffSession: [] }];
const params = orderNumParam;
const exportQuery = z.object({ from: z.iso.date().optional(), to: z.iso.date().optional() });
const errors = { 400: problem, 401: problem, 403: problem, 404: problem, 409: problem };

/** The order desk (DESIGN.md §5 "Orders"): list and detail; the lifecycle's actions are flows (flows/order-routes.ts). */
export const orderRoutes: FastifyPluginAsyncZod<{ ctx: OrdersContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;
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

  app.get('/Orders/:orderNum', { config: { permission: 'orders:read' }, schema: { tags, security, params, response: { 200: adminOrderSchema, ...errors } } }, async (request) =>
    ctx.adminOrders.read(request.params.orderNum),
  );

  app.post(
    '/Orders/Print',
    {
      config: { permission: 'orders:ship' },
      schema: {
        tags,
        security,
        description: 'The documents of up to 200 orders at one warehouse: one pick list of those with units to pick there, and their packing slips; a result per order.',
        body: bulkPrintBody,
        response: { 200: bulkOrdersAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const own = warehouseLimit(request);
      if (own && own !== request.body.warehouse) throw new Forbidden(ORDER_ADMIN_MESSAGES.wrongWarehouse(own));
      return printDocuments(db, request.body.orderNums, request.body.warehouse);
    },
  );

  app.post(
    '/Orders/Invoices',
    {
      config: { permission: 'invoices:read' },
      schema: {
        tags,
        security,
        description: 'The invoices of up to 200 orders (one is raised with each shipment); an order with none is refused with the reason.',
        body: bulkInvoiceBody,
        response: { 200: bulkOrdersAnswerSchema, ...errors },
      },
    },
    async (request) => invoiceDocuments(db, request.body.orderNums),
  );

  app.get(
    '/Orders/Export.csv',
    {
      config: { permission: 'orders:read' },
      schema: {
        tags: ['admin: orders'],
        security,
        description: 'Orders as CSV, one row per line with its order\'s fields, by order number, streamed. `from`/`to`: order dates (YYYY-MM-DD).',
        querystring: exportQuery,
        response: { 400: problem, 401: problem, 403: problem },
      },
    },
    async (request, reply) => sendCsv(reply, 'orders.csv', ordersCsv(ctx.database.db, request.query)),
  );
};

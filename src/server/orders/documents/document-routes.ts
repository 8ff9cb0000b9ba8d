import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { invoiceNumParam, pickListQuery, shipmentNumParam } from '../../../contract/admin/orders';
import { pickListSchema } from '../../../contract/admin/picking';
import { problemSchema as problem } from '../../../contract/problem';
import type { OrdersContext } from '../context';
import { sendPdf } from '../../platform/http/pdf-reply';
import type { FastifyRequest } from 'fastify';
import { requireStaff } from '../../staff';

/** The staff member's own warehouse (null: both); an API key has none. */
const ownWarehouse = (request: FastifyRequest) => (request.apiKey ? null : requireStaff(request).warehouse);

const tags = ['admin: documents'];
const security = [{ staffSession: [] }];
const errors = { 400: problem, 401: problem, 403: problem, 404: problem };

/** Pick lists, packing slips and invoices (DESIGN.md §5 "Documents"). */
export const documentRoutes: FastifyPluginAsyncZod<{ ctx: OrdersContext }> = async (app, { ctx }) => {
  const documents = ctx.documents;

  app.get(
    '/PickList',
    {
      config: { permission: 'orders:ship' },
      schema: {
        tags,
        security,
        description: "The pick screen: accepted orders' open units at one warehouse, by item in bin order (items without a bin last, then by item number), with each order's line. Warehouse staff get their own warehouse's only.",
        querystring: pickListQuery,
        response: { 200: pickListSchema, ...errors },
      },
    },
    async (request) => {
      const { warehouse, orders } = request.query;
      const { orders: covered, items } = await documents.pickListScreen(warehouse, orders ? orders.split(',').map(Number) : null, ownWarehouse(request));
      return { warehouse, orders: covered, items };
    },
  );

  app.get(
    '/PickList.pdf',
    {
      config: { permission: 'orders:ship' },
      schema: { tags, security, description: "Accepted orders' open units at one warehouse, by item in bin order (PDF). Warehouse staff get their own warehouse's only.", querystring: pickListQuery, response: errors },
    },
    async (request, reply) => {
      const { warehouse, orders } = request.query;
      const pdf = await documents.pickList(warehouse, orders ? orders.split(',').map(Number) : null, ownWarehouse(request));
      return sendPdf(reply, `pick-list-${warehouse}-${new Date().toISOString().slice(0, 10)}`, pdf);
    },
  );

  app.get(
    '/Shipments/:shipmentNum/PackingSlip.pdf',
    { config: { permission: 'orders:ship' }, schema: { tags, security, description: 'The packing slip of one shipment (PDF).', params: shipmentNumParam, response: errors } },
    async (request, reply) => {
      const pdf = await documents.packingSlip(request.params.shipmentNum, ownWarehouse(request));
      return sendPdf(reply, `packing-slip-${request.params.shipmentNum}`, pdf);
    },
  );

  app.get(
    '/Invoices/:invoiceNum.pdf',
    { config: { permission: 'invoices:read' }, schema: { tags, security, description: 'One invoice (PDF).', params: invoiceNumParam, response: errors } },
    async (request, reply) => sendPdf(reply, `invoice-${request.params.invoiceNum}`, await documents.invoice(request.params.invoiceNum)),
  );
};

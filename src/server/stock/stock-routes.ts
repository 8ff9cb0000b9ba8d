import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  invNumParam,
  itemStockSchema,
  stockAdjustBody,
  stockAdjustResultSchema,
  stockBinBody,
  stockBinResultSchema,
  stockMovementsQuery,
  stockMovementsSchema,
  stockSearchQuery,
  stockSearchSchema,
} from '../../contract/admin/stock';
import { bulkBody, bulkResultSchema } from '../../contract/admin/bulk';
import { problemSchema as problem } from '../../contract/problem';
import type { StockContext } from './context';
import { actorOf, warehouseLimit } from '../staff';

const tags = ['admin: stock'];
const security = [{ staffSession: [] }];

/** Stock by warehouse, its movements history and adjustments (DESIGN.md §5 "Stock"); rules in stock/service.ts. */
export const stockRoutes: FastifyPluginAsyncZod<{ ctx: StockContext }> = async (app, { ctx }) => {
  const stock = ctx.stock;

  app.get(
    '/Stock',
    { config: { permission: 'stock:read' }, schema: { tags, security, querystring: stockSearchQuery, response: { 200: stockSearchSchema, 400: problem, 401: problem, 403: problem } } },
    async (request) => stock.search(request.query.q),
  );

  app.get(
    '/Stock/:invNum',
    { config: { permission: 'stock:read' }, schema: { tags, security, params: invNumParam, response: { 200: itemStockSchema, 400: problem, 401: problem, 403: problem, 404: problem } } },
    async (request) => stock.itemStock(request.params.invNum),
  );

  app.get(
    '/Stock/:invNum/Movements',
    {
      config: { permission: 'stock:read' },
      schema: { tags, security, params: invNumParam, querystring: stockMovementsQuery, response: { 200: stockMovementsSchema, 400: problem, 401: problem, 403: problem, 404: problem } },
    },
    async (request) => stock.movements(request.params.invNum, request.query.limit),
  );

  app.put(
    '/Stock/:invNum/Bin',
    {
      config: { permission: 'stock:write' },
      schema: {
        tags,
        security,
        description: 'Where the item sits at one warehouse (a shelf location such as "A-03-2"; empty text clears it). Pick lists walk the shelves in bin order. A member limited to one warehouse sets that warehouse\'s bins only.',
        params: invNumParam,
        body: stockBinBody,
        response: { 200: stockBinResultSchema, 400: problem, 401: problem, 403: problem, 404: problem },
      },
    },
    async (request) => stock.setBin(warehouseLimit(request), actorOf(request), request.params.invNum, request.body),
  );

  app.put(
    '/Stock',
    {
      config: { permission: 'stock:write' },
      schema: {
        tags,
        security,
        description:
          'Counts on hand from an ERP: `[{invNum, warehouse, onHand}]`, up to 10,000 rows, one transaction. Available units follow (on hand − reserve − allocated); ' +
          'units added fill waiting backorders. Good rows apply; each bad row is reported by number, from 1. ' +
          'A member limited to one warehouse counts that warehouse only: a row for the other one is that row\'s error (API keys have no warehouse limit).',
        body: bulkBody('Rows {invNum, warehouse: "west"|"east", onHand: whole number ≥ 0}'),
        response: { 200: bulkResultSchema, 400: problem, 401: problem, 403: problem, 429: problem },
      },
    },
    async (request) => stock.setCounts(warehouseLimit(request), actorOf(request), request.body),
  );

  app.post(
    '/Stock/Adjust',
    {
      config: { permission: 'stock:write' },
      schema: { tags, security, body: stockAdjustBody, response: { 200: stockAdjustResultSchema, 400: problem, 401: problem, 403: problem, 404: problem, 409: problem } },
    },
    async (request) => stock.adjust(warehouseLimit(request), actorOf(request), request.body),
  );
};

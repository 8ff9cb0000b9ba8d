import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bulkBody, bulkResultSchema, checkRows, priceRow } from '../../../contract/admin/bulk';
import { problemSchema as problem } from '../../../contract/problem';
import { setPrices } from '../bulk-prices';
import type { CatalogueContext } from '../context';
import { writeTransaction } from '../../platform/db/database';
import { actorOf } from '../../staff';

// staff-auth.ts adds the CSRF header and the API key to each route's security as they apply.
const security = [{ staffSession: [] }];

/** What an ERP calls besides the order desk's and the stock routes: bulk prices (DESIGN.md §5 "Integration"); the orders CSV is orders' (order-routes.ts). */
export const erpRoutes: FastifyPluginAsyncZod<{ ctx: CatalogueContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;

  app.put(
    '/Prices',
    {
      config: { permission: 'catalogue:write' },
      schema: {
        tags: ['admin: catalogue'],
        security,
        description: 'List prices (and SRPs) in dollars: `[{invNum, price, srp?}]`, up to 10,000 rows, one transaction. Good rows apply; each bad row is reported by number, from 1.',
        body: bulkBody('Rows {invNum, price, srp?} in dollars with at most 2 decimals'),
        response: { 200: bulkResultSchema, 400: problem, 401: problem, 403: problem, 429: problem },
      },
    },
    async (request) => {
      const { good, errors } = checkRows(priceRow, request.body);
      const result = await writeTransaction(db, (trx) => setPrices(trx, actorOf(request), good));
      // This process shows the new prices at once; the others on their next version check.
      await ctx.catalogue.refresh();
      return { updated: result.updated, errors: [...errors, ...result.errors].sort((a, b) => a.row - b.row) };
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { itemMatchSchema, lookupItemsQuery, lookupUpcQuery, upcMatchSchema } from '../../../contract/inventory-lookup';
import { problemSchema as problem } from '../../../contract/problem';
import type { CatalogueContext } from '../context';
import { InventoryLookupService } from './service';

const tags = ['catalogue'];

/** GET /Inventory/LookupUpc and /Inventory/LookupItems (DESIGN.md §3), registered under /beapi. Public; prices for an active customer's token. */
export const inventoryLookupRoutes: FastifyPluginAsyncZod<{ ctx: CatalogueContext }> = async (app, { ctx }) => {
  const lookup = new InventoryLookupService(ctx.database.db, ctx.catalogue, ctx.priceBook);
  // Stock changes with every order and prices depend on who asks: never stored by a shared cache.
  app.addHook('onSend', async (_request, reply) => void reply.header('cache-control', 'private, no-store'));

  app.get(
    '/Inventory/LookupUpc',
    {
      schema: {
        tags,
        description:
          'Items by UPC-A (12 digits) or EAN-13 (13 digits); `upc` may be repeated or comma-separated. One answer per code, in order: the item with its stock (and price with a token), or the reason there is none.',
        querystring: lookupUpcQuery,
        response: { 200: z.array(upcMatchSchema), 400: problem },
      },
    },
    async (request) => lookup.lookupUpcs(request.query.upc, await lookup.pricesFor(request.customer)),
  );

  app.get(
    '/Inventory/LookupItems',
    {
      schema: {
        tags,
        description: 'Items by number, for previewing a pasted list; `invNum` may be repeated or comma-separated. One answer per number, in order.',
        querystring: lookupItemsQuery,
        response: { 200: z.array(itemMatchSchema), 400: problem },
      },
    },
    async (request) => lookup.lookupItems(request.query.invNum, await lookup.pricesFor(request.customer)),
  );
};

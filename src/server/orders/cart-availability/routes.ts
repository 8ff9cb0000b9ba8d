import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cartAvailabilitySchema } from '../../../contract/cart-availability';
import { problemSchema as problem } from '../../../contract/problem';
import type { OrdersContext } from '../context';
import { requireCustomer } from '../../platform/http/auth-context';
import { InventoryLookupService } from '../../catalogue';
import { CartAvailabilityService } from './service';

/** GET /Shop/GetCartAvailability (issue 8), registered under /beapi. */
export const cartAvailabilityRoutes: FastifyPluginAsyncZod<{ ctx: OrdersContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;
  const service = new CartAvailabilityService(ctx.cart, ctx.accounts, new InventoryLookupService(db, ctx.catalogue, ctx.priceBook));
  app.addHook('preValidation', async (request) => void requireCustomer(request));
  app.get(
    '/Shop/GetCartAvailability',
    {
      schema: {
        tags: ['cart'],
        security: [{ userToken: [] }],
        description: "Where each cart line would ship from to the cart's ship-to (West, East, split) and what would be backordered, by checkout's allocation rule.",
        response: { 200: cartAvailabilitySchema, 401: problem },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.forCart(requireCustomer(request));
    },
  );
};

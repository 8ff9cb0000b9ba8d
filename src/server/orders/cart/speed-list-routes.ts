import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cartSchema } from '../../../contract/cart';
import { problemSchema as problem } from '../../../contract/problem';
import { SPEED_LIST_MESSAGES, speedListAddToCartBody, speedListIdParams, speedListNameBody, speedListSchema } from '../../../contract/speed-lists';
import type { SpeedListService } from '../../customers';
import { Invalid } from '../../platform/errors';
import { requireCustomer, requireTradingCustomer } from '../../platform/http/auth-context';
import type { CartService } from './service';

const tags = ['speed lists'];
const security = [{ userToken: [] }];

/**
 * The cart's side of Speed Lists (DESIGN.md §3), registered under /beapi beside the lists' own
 * routes (customers/speed-lists/routes.ts) and guarded the same way: saving the cart as a list,
 * and adding a list to the cart in one all-or-nothing AddItems.
 */
export const speedListCartRoutes: FastifyPluginAsyncZod<{ cart: CartService; speedLists: SpeedListService }> = async (app, { cart, speedLists }) => {
  // Before validation: without a valid token a call is 401 whatever its parameters hold.
  // Prices and ordering: an active customer only (a pending or suspended one is 403 with why).
  app.addHook('preValidation', async (request) => void requireTradingCustomer(request));
  app.addHook('onSend', async (_request, reply) => void reply.header('cache-control', 'no-store'));

  app.post(
    '/SpeedLists/FromCart',
    {
      schema: {
        tags,
        security,
        description: "Saves the cart's lines as a new list.",
        body: speedListNameBody,
        response: { 200: speedListSchema, 400: problem, 401: problem, 404: problem, 409: problem, 201: speedListSchema },
      },
    },
    async (request, reply) => {
      const who = requireCustomer(request);
      // The cart's lines as it shows them: those still sold.
      const view = await cart.view(who);
      if (view.items.length === 0) throw new Invalid(SPEED_LIST_MESSAGES.cartEmpty);
      return reply.code(201).send(await speedLists.create(who, request.body.name, view.items.map((i) => ({ invNum: i.invNum, qty: i.ordQty }))));
    },
  );

  app.post(
    '/SpeedLists/:id/AddToCart',
    {
      schema: {
        tags,
        security,
        description: 'Adds the whole list, or the lines of `invNums`, to the cart in one all-or-nothing AddItems. Answers the cart.',
        params: speedListIdParams,
        body: speedListAddToCartBody,
        response: { 200: cartSchema, 400: problem, 401: problem, 404: problem },
      },
    },
    async (request) => {
      const who = requireCustomer(request);
      return cart.addItems(who, await speedLists.linesForCart(who, request.params.id, request.body.invNums));
    },
  );
};

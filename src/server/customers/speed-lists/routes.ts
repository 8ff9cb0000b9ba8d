import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { problemSchema as problem } from '../../../contract/problem';
import {
  speedListIdParams,
  speedListLinesBody,
  speedListNameBody,
  speedListSchema,
  speedListSummarySchema,
} from '../../../contract/speed-lists';
import type { CustomersContext } from '../context';
import { requireCustomer, requireTradingCustomer } from '../../platform/http/auth-context';

const tags = ['speed lists'];
const security = [{ userToken: [] }];
const params = speedListIdParams;
const oneList = { 200: speedListSchema, 400: problem, 401: problem, 404: problem, 409: problem };

/** Speed Lists (DESIGN.md §3), registered under /beapi. Every call needs a token. Saving the cart as a list and adding a list to the cart: orders/cart/speed-list-routes.ts. */
export const speedListRoutes: FastifyPluginAsyncZod<{ ctx: CustomersContext }> = async (app, { ctx }) => {
  const lists = ctx.speedLists;
  // Before validation: without a valid token a call is 401 whatever its parameters hold.
  // Prices and ordering: an active customer only (a pending or suspended one is 403 with why).
  app.addHook('preValidation', async (request) => void requireTradingCustomer(request));
  app.addHook('onSend', async (_request, reply) => void reply.header('cache-control', 'no-store'));

  app.get('/SpeedLists', { schema: { tags, security, description: "The customer's lists, most recently changed first.", response: { 200: z.array(speedListSummarySchema), 401: problem } } }, async (request) =>
    lists.summaries(requireCustomer(request)),
  );

  app.post(
    '/SpeedLists',
    { schema: { tags, security, description: 'Creates an empty list. Names are unique per customer (any case).', body: speedListNameBody, response: { ...oneList, 201: speedListSchema } } },
    async (request, reply) => reply.code(201).send(await lists.create(requireCustomer(request), request.body.name)),
  );

  app.get('/SpeedLists/:id', { schema: { tags, security, description: "The list's lines with today's item, price and stock.", params, response: oneList } }, async (request) =>
    lists.get(requireCustomer(request), request.params.id),
  );

  app.put('/SpeedLists/:id', { schema: { tags, security, description: 'Renames the list.', params, body: speedListNameBody, response: oneList } }, async (request) =>
    lists.rename(requireCustomer(request), request.params.id, request.body.name),
  );

  app.delete('/SpeedLists/:id', { schema: { tags, security, params, response: { 204: z.undefined(), 400: problem, 401: problem, 404: problem } } }, async (request, reply) => {
    await lists.delete(requireCustomer(request), request.params.id);
    return reply.code(204).send();
  });

  app.put(
    '/SpeedLists/:id/Lines',
    {
      schema: {
        tags,
        security,
        description: 'Replaces the lines: `[{invNum, qty}]`. All or nothing: a refusal lists every refused line in `errors`.',
        params,
        body: speedListLinesBody,
        response: oneList,
      },
    },
    async (request) => lists.replaceLines(requireCustomer(request), request.params.id, request.body),
  );
};

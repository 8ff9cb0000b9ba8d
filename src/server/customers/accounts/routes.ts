import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { customerSchema, defaultShipToQuery, shipToCodeQuery, shipToInputSchema, shipToSchema } from '../../../contract/accounts';
import { problemSchema as problem } from '../../../contract/problem';
import type { CustomersContext } from '../context';
import { requireCustomer } from '../../platform/http/auth-context';
import { actAsRoutes } from '../act-as/routes';
import { customerRoutes } from './customer-routes';
import { signedIn } from './route-options';
import { systemRoutes } from './system-routes';

const tags = ['accounts'];
const security = [{ userToken: [] }];

/** Ship-to addresses of the signed-in customer (spec §7). */
const shipToRoutes: FastifyPluginAsyncZod<{ ctx: CustomersContext }> = async (app, { ctx }) => {
  const shipTos = ctx.accounts.shipTos;
  app.addHook('preValidation', signedIn);

  app.put(
    '/Customer/UpdateDefaultShipto',
    { schema: { tags, security, querystring: defaultShipToQuery, response: { 202: customerSchema, 401: problem, 404: problem } } },
    async (request, reply) => reply.code(202).send(await shipTos.setDefault(requireCustomer(request), request.query.shiptocode)),
  );

  app.delete(
    '/Customer/DeleteShipto',
    { schema: { tags, security, querystring: shipToCodeQuery, response: { 200: customerSchema, 400: problem, 401: problem, 404: problem } } },
    async (request) => shipTos.remove(requireCustomer(request), request.query.shiptocode),
  );

  app.post(
    '/Customer/NewShipto',
    { schema: { tags, security, body: shipToInputSchema, response: { 201: shipToSchema, 400: problem, 401: problem } } },
    async (request, reply) => reply.code(201).send(await shipTos.add(requireCustomer(request), request.body)),
  );

  app.put(
    '/Customer/UpdateShipto',
    { schema: { tags, security, body: shipToInputSchema, response: { 202: shipToSchema, 400: problem, 401: problem, 404: problem } } },
    async (request, reply) => reply.code(202).send(await shipTos.update(requireCustomer(request), request.body)),
  );
};

/** Every account call, registered under /beapi. */
export const accountRoutes: FastifyPluginAsyncZod<{ ctx: CustomersContext }> = async (app, { ctx }) => {
  // Sign-in forms may post application/x-www-form-urlencoded; parsed here rather than adding a plugin.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  // Account answers are the caller's own (and may carry a token): never kept by any cache.
  app.addHook('onSend', async (_request, reply) => void reply.header('cache-control', 'no-store'));
  await app.register(systemRoutes, { ctx });
  await app.register(customerRoutes, { ctx });
  await app.register(shipToRoutes, { ctx });
  await app.register(actAsRoutes, { ctx });
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiKeyIdParams, apiKeyListSchema, apiKeySchema, createdApiKeySchema, newApiKeyBody } from '../../../contract/admin/api-keys';
import { problemSchema as problem } from '../../../contract/problem';
import type { StaffContext } from '../context';
import { actorOf, requireStaff } from '../staff-auth';

const tags = ['admin: API keys'];
const security = [{ staffSession: [] }];
const config = { permission: 'apikeys:manage' } as const;

/** API keys (DESIGN.md §5 "Integration"): owners and managers make, list and revoke them; never with a key. */
export const apiKeyRoutes: FastifyPluginAsyncZod<{ ctx: StaffContext }> = async (app, { ctx }) => {
  const keys = ctx.apiKeys;

  app.post(
    '/ApiKeys',
    {
      config,
      schema: {
        tags,
        security,
        description: 'Makes a key with these scopes. The answer holds the key itself: it is shown only here, then only its prefix.',
        body: newApiKeyBody,
        response: { 201: createdApiKeySchema, 400: problem, 401: problem, 403: problem },
      },
    },
    async (request, reply) => reply.code(201).send(await keys.create(requireStaff(request), actorOf(request), request.body)),
  );

  app.get('/ApiKeys', { config, schema: { tags, security, response: { 200: apiKeyListSchema, 401: problem, 403: problem } } }, async () => ({ items: await keys.list() }));

  app.delete(
    '/ApiKeys/:id',
    { config, schema: { tags, security, description: 'Revokes the key: its next call is refused.', params: apiKeyIdParams, response: { 200: apiKeySchema, 401: problem, 403: problem, 404: problem } } },
    async (request) => keys.revoke(actorOf(request), request.params.id),
  );
};

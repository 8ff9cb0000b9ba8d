import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { outboxEntrySchema, outboxIdParam, outboxPageSchema, outboxQuery } from '../../../contract/admin/outbox';
import { problemSchema as problem } from '../../../contract/problem';
import type { ShopContext } from '../../context';
import { listOutbox, retryOutbox } from './admin';
import { actorOf } from '../../staff/staff-auth';

const tags = ['admin: outbox'];
const security = [{ staffSession: [] }];

/** The outbox's mails and webhooks: pending and failed ones with their last error, and Retry (outbox/admin.ts). */
export const outboxRoutes: FastifyPluginAsyncZod<{ ctx: ShopContext }> = async (app, { ctx }) => {
  app.get(
    '/Outbox',
    { config: { permission: 'outbox:manage' }, schema: { tags, security, querystring: outboxQuery, response: { 200: outboxPageSchema, 400: problem, 401: problem, 403: problem } } },
    async (request) => listOutbox(ctx.database.db, request.query),
  );

  app.post(
    '/Outbox/:id/Retry',
    {
      config: { permission: 'outbox:manage' },
      schema: { tags, security, params: outboxIdParam, response: { 200: outboxEntrySchema, 400: problem, 401: problem, 403: problem, 404: problem, 409: problem } },
    },
    async (request) => {
      const entry = await retryOutbox(ctx.database.db, actorOf(request), request.params.id);
      ctx.outbox.poke();
      return entry;
    },
  );
};

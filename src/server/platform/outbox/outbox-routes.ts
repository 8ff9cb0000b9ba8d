import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { outboxEntrySchema, outboxIdParam, outboxPageSchema, outboxQuery } from '../../../contract/admin/outbox';
import { problemSchema as problem } from '../../../contract/problem';
import type { Actor } from '../audit/audit';
import type { DB } from '../db/schema';
import { listOutbox, retryOutbox } from './admin';
import type { OutboxDispatcher } from './outbox';

const tags = ['admin: outbox'];
const security = [{ staffSession: [] }];

/** What the outbox's admin routes need: the database, the dispatcher to wake, and who is acting (the staff's sign-in gives it). */
export interface OutboxRoutesOptions {
  db: Kysely<DB>;
  outbox: OutboxDispatcher;
  actorOf: (request: FastifyRequest) => Actor;
}

/** The outbox's mails and webhooks: pending and failed ones with their last error, and Retry (outbox/admin.ts). */
export const outboxRoutes: FastifyPluginAsyncZod<OutboxRoutesOptions> = async (app, { db, outbox, actorOf }) => {
  app.get(
    '/Outbox',
    { config: { permission: 'outbox:manage' }, schema: { tags, security, querystring: outboxQuery, response: { 200: outboxPageSchema, 400: problem, 401: problem, 403: problem } } },
    async (request) => listOutbox(db, request.query),
  );

  app.post(
    '/Outbox/:id/Retry',
    {
      config: { permission: 'outbox:manage' },
      schema: { tags, security, params: outboxIdParam, response: { 200: outboxEntrySchema, 400: problem, 401: problem, 403: problem, 404: problem, 409: problem } },
    },
    async (request) => {
      const entry = await retryOutbox(db, actorOf(request), request.params.id);
      outbox.poke();
      return entry;
    },
  );
};

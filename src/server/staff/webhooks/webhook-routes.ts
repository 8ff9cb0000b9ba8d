import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createdWebhookSchema,
  deliveriesQuery,
  deliveryIdParams,
  newWebhookBody,
  redeliveredSchema,
  updateWebhookBody,
  webhookDeliveriesPageSchema,
  webhookEndpointListItemSchema,
  webhookEndpointSchema,
  webhookIdParams,
} from '../../../contract/admin/webhooks';
import { problemSchema as problem } from '../../../contract/problem';
import type { StaffContext } from '../context';
import { actorOf } from '../staff-auth';

const tags = ['admin: webhooks'];
const security = [{ staffSession: [] }];
const config = { permission: 'webhooks:manage' as const };

/** Webhook endpoints, their delivery log and redelivery (DESIGN.md §5); rules in webhooks/service.ts. */
export const webhookRoutes: FastifyPluginAsyncZod<{ ctx: StaffContext }> = async (app, { ctx }) => {
  const webhooks = ctx.webhooks;

  app.get('/Webhooks', { config, schema: { tags, security, response: { 200: z.array(webhookEndpointListItemSchema), 401: problem, 403: problem } } }, async () => webhooks.list());

  app.post(
    '/Webhooks',
    { config, schema: { tags, security, body: newWebhookBody, response: { 201: createdWebhookSchema, 400: problem, 401: problem, 403: problem } } },
    async (request, reply) => reply.code(201).send(await webhooks.create(actorOf(request), request.body)),
  );

  app.patch(
    '/Webhooks/:id',
    { config, schema: { tags, security, params: webhookIdParams, body: updateWebhookBody, response: { 200: webhookEndpointSchema, 400: problem, 401: problem, 403: problem, 404: problem } } },
    async (request) => webhooks.update(actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/Webhooks/:id',
    { config, schema: { tags, security, params: webhookIdParams, response: { 204: z.null(), 400: problem, 401: problem, 403: problem, 404: problem } } },
    async (request, reply) => {
      await webhooks.remove(actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/Webhooks/:id/Deliveries',
    { config, schema: { tags, security, params: webhookIdParams, querystring: deliveriesQuery, response: { 200: webhookDeliveriesPageSchema, 400: problem, 401: problem, 403: problem, 404: problem } } },
    async (request) => webhooks.deliveries(request.params.id, request.query),
  );

  app.post(
    '/Webhooks/:id/Deliveries/:deliveryId/Redeliver',
    { config, schema: { tags, security, params: deliveryIdParams, response: { 202: redeliveredSchema, 400: problem, 401: problem, 403: problem, 404: problem, 409: problem } } },
    async (request, reply) => reply.code(202).send(await webhooks.redeliver(actorOf(request), request.params.id, request.params.deliveryId)),

  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orderFormCreateBody, orderFormDeletedSchema, orderFormDeleteQuery, orderFormIdParam, orderFormListItemSchema, orderFormSchema, orderFormUpdateBody, staleOrderFormProblemSchema } from '../../../contract/admin/order-forms';
import { problemSchema as problem } from '../../../contract/problem';
import type { ContentContext } from '../context';
import { OrderFormService } from './order-form-service';
import { actorOf } from '../../staff';

const tags = ['admin: order forms'];
const security = [{ staffSession: [] }];
const refused = { 400: problem, 401: problem, 403: problem };

/** Order forms, the storefront's surveys (DESIGN.md §5 "Catalogue and content management"); rules in survey/order-form-service.ts. */
export const orderFormRoutes: FastifyPluginAsyncZod<{ ctx: ContentContext }> = async (app, { ctx }) => {
  const forms = new OrderFormService(ctx.database.db, ctx.catalogue);

  app.get(
    '/OrderForms',
    { config: { permission: 'catalogue:read' }, schema: { tags, security, description: 'Every order form, newest first, with its page and item counts.', response: { 200: z.array(orderFormListItemSchema), ...refused } } },
    async () => forms.list(),
  );

  app.get(
    '/OrderForms/:masterId',
    { config: { permission: 'catalogue:read' }, schema: { tags, security, params: orderFormIdParam, response: { 200: orderFormSchema, ...refused, 404: problem } } },
    async (request) => forms.get(request.params.masterId),
  );

  app.post(
    '/OrderForms',
    {
      config: { permission: 'catalogue:write' },
      schema: { tags, security, description: 'A new, empty order form; a taken id is 409.', body: orderFormCreateBody, response: { 201: orderFormSchema, ...refused, 409: problem } },
    },
    async (request, reply) => reply.code(201).send(await forms.create(actorOf(request), request.body)),
  );

  app.put(
    '/OrderForms/:masterId',
    {
      config: { permission: 'catalogue:write' },
      schema: {
        tags,
        security,
        description:
          'The whole form: title, subtitle, active, open and close times, and its pages, each with sections of item numbers in order (pages and sections keep their `id`; new ones have none; one left out is deleted). An item must be on sale; an unknown one is 400. A `version` older than the stored one is 409 with the form as it is now in `current`.',
        params: orderFormIdParam,
        body: orderFormUpdateBody,
        response: { 200: orderFormSchema, ...refused, 404: problem, 409: staleOrderFormProblemSchema.or(problem) },
      },
    },
    async (request) => forms.update(actorOf(request), request.params.masterId, request.body),
  );

  app.delete(
    '/OrderForms/:masterId',
    {
      config: { permission: 'catalogue:write' },
      schema: {
        tags,
        security,
        description: 'Deletes the form with its pages, sections and items. `version` is the one you saw: a form saved meanwhile is 409 and stays.',
        params: orderFormIdParam,
        querystring: orderFormDeleteQuery,
        response: { 200: orderFormDeletedSchema, ...refused, 404: problem, 409: problem },
      },
    },
    async (request) => forms.remove(actorOf(request), request.params.masterId, request.query.version),
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actAsRequestSchema, actAsSessionSchema } from '../../../contract/act-as';
import { problemSchema as problem } from '../../../contract/problem';
import { strictLimit } from '../accounts/route-options';
import type { CustomersContext } from '../context';

/** The storefront's /act-as page exchanges its one-time link here (decision 0035). */
export const actAsRoutes: FastifyPluginAsyncZod<{ ctx: CustomersContext }> = async (app, { ctx }) => {
  app.post(
    '/Customer/ActAs',
    {
      config: strictLimit,
      schema: {
        tags: ['accounts'],
        description:
          'Exchanges the token of a link staff made (`POST /beapi/Admin/Customers/{id}/Impersonate`) for a buyer session token: 30 minutes from now, never extended, tied to the staff member (every change in it is audited under their name; password, email, security-question and sign-in calls answer 403). A link works once and for 60 seconds: a second exchange, an expired or unknown token is 410.',
        body: actAsRequestSchema,
        response: { 200: actAsSessionSchema, 400: problem, 410: problem },
      },
    },
    async (request) => ctx.actAs.exchange(request.body.token, request.ip),
  );
};

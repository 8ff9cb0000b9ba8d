import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { problemSchema as problem } from '../../../contract/problem';
import { surveyQuery, surveySchema } from '../../../contract/survey';
import type { ContentContext } from '../context';
import { requireCustomer, requireTradingCustomer } from '../../platform/http/auth-context';
import { SurveyService } from './service';

/** GET /Survey/GetSurveyInfo (spec §7), registered under /beapi. */
export const surveyRoutes: FastifyPluginAsyncZod<{ ctx: ContentContext }> = async (app, { ctx }) => {
  const surveys = new SurveyService(ctx.database.db, ctx.catalogue);
  // Before validation: without a valid token the call is 401 whatever its parameters hold.
  // Prices and ordering: an active customer only (a pending or suspended one is 403 with why).
  app.addHook('preValidation', async (request) => void requireTradingCustomer(request));

  app.get(
    '/Survey/GetSurveyInfo',
    {
      schema: {
        tags: ['survey'],
        security: [{ userToken: [] }],
        description: "A seasonal order form: pages of questions whose ITEM details carry the customer's price and case quantity.",
        querystring: surveyQuery,
        response: { 200: surveySchema, 400: problem, 401: problem, 404: problem },
      },
    },
    async (request, reply) => {
      requireCustomer(request);
      // Prices are per customer: never cached by a shared cache.
      reply.header('cache-control', 'private, no-store');
      return surveys.surveyInfo(request.query.masterid, (await ctx.priceBook.view(request.customer)) ?? undefined);
    },
  );
};

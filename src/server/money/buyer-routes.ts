import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { creditSummarySchema } from '../../contract/money';
import { problemSchema as problem } from '../../contract/problem';
import type { MoneyContext } from './context';
import { requireCustomer } from '../platform/http/auth-context';
import { sendPdf } from '../platform/http/pdf-reply';

/**
 * The buyer's own terms, credit and statement (DESIGN.md §5), under /beapi. Always the signed-in
 * customer's: no route takes a customer id, so no one can ask for another's.
 */
export const buyerMoneyRoutes: FastifyPluginAsyncZod<{ ctx: MoneyContext }> = async (app, { ctx }) => {
  app.addHook('onSend', async (_request, reply) => void reply.header('cache-control', 'no-store'));
  const security = [{ userToken: [] }];

  app.get(
    '/Shop/GetCreditSummary',
    {
      preValidation: async (request) => void requireCustomer(request),
      schema: { tags: ['account'], security, description: 'Your terms, credit limit, balance, available credit and open invoices.', response: { 200: creditSummarySchema, 401: problem } },
    },
    async (request) => ctx.money.creditSummary(requireCustomer(request).id),
  );

  app.get(
    '/Shop/GetStatement',
    {
      preValidation: async (request) => void requireCustomer(request),
      schema: { tags: ['account'], security, description: 'Your statement of account (PDF).', response: { 401: problem } },
    },
    async (request, reply) => sendPdf(reply, 'statement', await ctx.money.statement(requireCustomer(request).id)),
  );
};

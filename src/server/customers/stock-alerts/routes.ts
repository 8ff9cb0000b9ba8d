import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { problemSchema as problem } from '../../../contract/problem';
import { stockAlertParams as params, stockAlertSchema } from '../../../contract/stock-alerts';
import { requireCustomer } from '../../platform/http/auth-context';
import type { CustomersContext } from '../context';

const tags = ['back-in-stock alerts'];
const security = [{ userToken: [] }];
/** How often each process's notifier reads the stock feed (as the catalogue follows it). */
const NOTIFIER_POLL_MS = 1000;

/**
 * Back-in-stock alerts (DESIGN.md §7, decision 0041), under /beapi. Any signed-in buyer may ask
 * (a pending account too: an alert shows no price). The notifier that mails them runs while the
 * app does, in every process: the alert row decides who sends (stock-alerts/notifier.ts).
 */
export const stockAlertRoutes: FastifyPluginAsyncZod<{ ctx: CustomersContext }> = async (app, { ctx }) => {
  const alerts = ctx.stockAlerts;
  app.addHook('onReady', async () => ctx.stockAlertNotifier.start(NOTIFIER_POLL_MS, (err) => app.log.error({ err }, 'back-in-stock notifier failed')));
  app.addHook('onClose', () => ctx.stockAlertNotifier.stop());
  // Before validation: without a valid token a call is 401 whatever its parameters hold.
  app.addHook('preValidation', async (request) => void requireCustomer(request));
  app.addHook('onSend', async (_request, reply) => void reply.header('cache-control', 'no-store'));

  app.get(
    '/Shop/NotifyWhenInStock',
    { schema: { tags, security, description: "The buyer's waiting back-in-stock alerts, newest first.", response: { 200: z.array(stockAlertSchema), 401: problem } } },
    async (request) => alerts.list(requireCustomer(request)),
  );

  app.post(
    '/Shop/NotifyWhenInStock/:invNum',
    {
      schema: {
        tags,
        security,
        description:
          'One mail when the item can be ordered again (available stock West + East above zero), then the alert ends. 201 for a new alert, 200 with the same alert when one already waits; ' +
          '404 for an unknown or inactive item; 409 when the item is in stock now.',
        params,
        response: { 200: stockAlertSchema, 201: stockAlertSchema, 400: problem, 401: problem, 404: problem, 409: problem },
      },
    },
    async (request, reply) => {
      const { alert, created } = await alerts.subscribe(requireCustomer(request), request.params.invNum);
      return reply.code(created ? 201 : 200).send(alert);
    },
  );

  app.delete(
    '/Shop/NotifyWhenInStock/:invNum',
    { schema: { tags, security, description: 'Stops the waiting alert (404 when none waits).', params, response: { 204: z.undefined(), 400: problem, 401: problem, 404: problem } } },
    async (request, reply) => {
      await alerts.stop(requireCustomer(request), request.params.invNum);
      return reply.code(204).send();
    },
  );
};

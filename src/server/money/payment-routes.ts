import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { customerIdParam } from '../../contract/admin/customers';
import { paymentBody, paymentIdParam, paymentSchema, paymentsPageSchema, paymentsQuery } from '../../contract/money';
import { problemSchema as problem } from '../../contract/problem';
import type { MoneyContext } from './context';
import { sendPdf } from '../platform/http/pdf-reply';
import { actorOf } from '../staff';

const tags = ['admin: money'];
const security = [{ staffSession: [] }];
const refused = { 400: problem, 401: problem, 403: problem, 404: problem };

/** Payments, returned cheques and statements (DESIGN.md §5 "Customers, trade terms, money"); rules in money/. */
export const paymentRoutes: FastifyPluginAsyncZod<{ ctx: MoneyContext }> = async (app, { ctx }) => {
  const money = ctx.money;

  app.post(
    '/Payments',
    {
      config: { permission: 'money:write' },
      schema: {
        tags,
        security,
        description:
          'Records a payment (dollars) applied to one or several of the customer\'s open invoices; what is not applied is credit on account. `method: credit` spends credit on account (applied in full). An application over an invoice\'s open amount, another customer\'s invoice or a paid/void one is 400, nothing changed. An order shipped and fully paid closes.',
        body: paymentBody,
        response: { 201: paymentSchema, ...refused, 409: problem },
      },
    },
    async (request, reply) => reply.code(201).send(await money.recordPayment(actorOf(request), request.body)),
  );

  app.get(
    '/Payments',
    { config: { permission: 'invoices:read' }, schema: { tags, security, description: 'Payments, newest received first; `customer`, `from`, `to` (YYYY-MM-DD, received on).', querystring: paymentsQuery, response: { 200: paymentsPageSchema, ...refused } } },
    async (request) => money.listPayments(request.query),
  );

  app.post(
    '/Payments/:id/Return',
    {
      config: { permission: 'money:write' },
      schema: {
        tags,
        security,
        description: 'A cheque came back unpaid: its applications are taken off the invoices (they reopen; closed orders go back to shipped) and the $35.00 returned-cheque fee is charged to the account. Twice is 409.',
        params: paymentIdParam,
        response: { 200: paymentSchema, ...refused, 409: problem },
      },
    },
    async (request) => money.returnPayment(actorOf(request), request.params.id),
  );

  app.get(
    '/Customers/:id/Statement.pdf',
    { config: { permission: 'invoices:read' }, schema: { tags, security, description: 'The customer\'s statement (PDF): open invoices, charges, credit, aging and the late charge.', params: customerIdParam, response: refused } },
    async (request, reply) => sendPdf(reply, `statement-${request.params.id}`, await money.statement(request.params.id)),
  );
};

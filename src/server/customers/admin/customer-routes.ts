import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminCustomerSchema,
  customerIdParam,
  customerNoteBody,
  customerNoteSchema,
  customerSessionParam,
  customersExportQuery,
  customersPageSchema,
  customersQuery,
  customerUpdateBody,
  resetQueuedSchema,
  sessionsRevokedSchema,
} from '../../../contract/admin/customers';
import { problemSchema as problem } from '../../../contract/problem';
import type { CustomersContext } from '../context';
import type { StaffActing } from './service';
import { customersCsv } from './customers-csv';
import { sendCsv } from '../../platform/http/csv-reply';
import { MONEY_MESSAGES } from '../../../contract/money';
import { atField, Forbidden } from '../../platform/errors';
import { actorOf, allows, requirePermission } from '../../staff';

const tags = ['admin: customers'];
const security = [{ staffSession: [] }];
const params = customerIdParam;
const refused = { 400: problem, 401: problem, 403: problem, 404: problem };

function acting(request: FastifyRequest): StaffActing {
  return { actor: actorOf(request), staffId: request.staff?.id ?? null };
}

/** The customers desk (DESIGN.md §5 "Customers"); rules in customers-admin/. */
export const customerRoutes: FastifyPluginAsyncZod<{ ctx: CustomersContext }> = async (app, { ctx }) => {
  const customers = ctx.customersAdmin;

  app.get(
    '/Customers',
    {
      config: { permission: 'customers:read' },
      schema: {
        tags,
        security,
        description: 'Customers, newest first. `q` matches company, contact name, email and ZIP (any case); `status`; `state` (two letters).',
        querystring: customersQuery,
        response: { 200: customersPageSchema, ...refused },
      },
    },
    async (request) => customers.list(request.query),
  );

  app.get(
    '/Customers/Export.csv',
    {
      config: { permission: 'customers:read' },
      schema: { tags, security, description: 'Customers as CSV, by id, streamed; the list\'s filters (`q`, `status`, `state`) apply.', querystring: customersExportQuery, response: { 400: problem, 401: problem, 403: problem } },
    },
    async (request, reply) => sendCsv(reply, 'customers.csv', customersCsv(ctx.database.db, request.query)),
  );

  app.get(
    '/Customers/:id',
    { config: { permission: 'customers:read' }, schema: { tags, security, description: 'Profile, addresses, recent orders, notes and signed-in sessions.', params, response: { 200: adminCustomerSchema, ...refused } } },
    async (request) => customers.get(request.params.id),
  );

  app.put(
    '/Customers/:id',
    {
      config: { permission: 'customers:write' },
      schema: {
        tags,
        security,
        description: 'Approve (pending → active; mails the buyer), suspend, reactivate; `priceLevelId` (a level, or null for list prices; needs `pricing:write`); `terms` ({kind: prepaid|net, days}) and `creditLimit` (dollars; both need money:write); the profile (`orgName`, `firstName`, `lastName`, `dayPhone`, `web`, `billing` {addressLine1, city, state, zip, country}), each optional and checked like the buyer\'s billing form; `email`: the new address is mailed a link and becomes the sign-in address when it is opened (the current one is told, with a way back). With `version`, a customer changed meanwhile is 409; the status it already has is 409.',
        params,
        body: customerUpdateBody,
        response: { 200: adminCustomerSchema, ...refused, 409: problem },
      },
    },
    async (request) => {
      const body = request.body;
      if (body.priceLevelId !== undefined) requirePermission(request, 'pricing:write');
      // Terms and credit are money: the accounts role (or owner, manager), not every customers:write.
      if ((body.terms !== undefined || body.creditLimit !== undefined) && !(request.staff && allows(request.staff, 'money:write'))) {
        throw atField(new Forbidden(MONEY_MESSAGES.moneyForbidden), body.terms !== undefined ? 'terms' : 'creditLimit');
      }
      return customers.update(acting(request), request.params.id, body);
    },
  );

  app.post(
    '/Customers/:id/Notes',
    { config: { permission: 'customers:write' }, schema: { tags, security, description: 'A note for staff (the buyer never sees it).', params, body: customerNoteBody, response: { 201: customerNoteSchema, ...refused } } },
    async (request, reply) => reply.code(201).send(await customers.addNote(acting(request), request.params.id, request.body.text)),
  );

  app.delete(
    '/Customers/:id/Sessions/:sessionId',
    { config: { permission: 'customers:write' }, schema: { tags, security, description: 'Signs the customer out on one device.', params: customerSessionParam, response: { 200: sessionsRevokedSchema, ...refused } } },
    async (request) => ({ revoked: await customers.revokeSessions(acting(request), request.params.id, request.params.sessionId) }),
  );

  app.delete(
    '/Customers/:id/Sessions',
    { config: { permission: 'customers:write' }, schema: { tags, security, description: 'Signs the customer out everywhere.', params, response: { 200: sessionsRevokedSchema, ...refused } } },
    async (request) => ({ revoked: await customers.revokeSessions(acting(request), request.params.id) }),
  );

  app.post(
    '/Customers/:id/PasswordReset',
    {
      config: { permission: 'customers:write' },
      schema: { tags, security, description: 'Mails the customer the same one-hour reset link "forgot password" sends. Staff never see or set a password.', params, response: { 202: resetQueuedSchema, ...refused } },
    },
    async (request, reply) => reply.code(202).send({ message: `A password-reset link was sent to ${await customers.sendPasswordReset(acting(request), request.params.id)}` }),
  );
};

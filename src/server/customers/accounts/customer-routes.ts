import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  billingInfoSchema,
  confirmPasswordSchema,
  customerSchema,
  emailAvailableSchema,
  emailChangeSchema,
  securityQuestionSchema,
  signUpSchema,
  updatePasswordSchema,
  validateEmailQuery,
  validateZipQuery,
  zipLookupSchema,
} from '../../../contract/accounts';
import { SERVER_MESSAGES } from '../../../contract/messages';
import { problemSchema as problem } from '../../../contract/problem';
import type { CustomersContext } from '../context';
import { NotFound } from '../../platform/errors';
import { notWhileActing, requireCustomer } from '../../platform/http/auth-context';
import { signedIn, strictLimit } from './route-options';
import { lookupZip } from './zip-lookup';

const tags = ['accounts'];
const security = [{ userToken: [] }];

/** The /Customer calls of spec §7 about the customer itself (ship-tos are in routes.ts). */
export const customerRoutes: FastifyPluginAsyncZod<{ ctx: CustomersContext }> = async (app, { ctx }) => {
  const accounts = ctx.accounts;

  app.get(
    '/Customer/GetCustomerInfo',
    { preValidation: signedIn, schema: { tags, security, response: { 200: customerSchema, 401: problem } } },
    async (request) => accounts.customer(requireCustomer(request).id),
  );

  app.get(
    '/Customer/ValidateNewEmail',
    { config: strictLimit, schema: { tags, querystring: validateEmailQuery, response: { 200: emailAvailableSchema, 400: problem } } },
    async (request) => {
      await accounts.assertEmailAvailable(request.query.email);
      return { email: request.query.email, available: true as const };
    },
  );

  app.get(
    '/Customer/ValidateZip',
    { schema: { tags, querystring: validateZipQuery, response: { 200: zipLookupSchema, 400: problem, 404: problem } } },
    async (request) => {
      const found = lookupZip(request.query.zip);
      if (!found) throw new NotFound(SERVER_MESSAGES.zipUnknown);
      return found;
    },
  );

  app.post(
    '/Customer/NewAccount',
    { config: strictLimit, schema: { tags, body: signUpSchema, response: { 201: customerSchema, 400: problem } } },
    async (request, reply) => reply.code(201).send(await accounts.signUp(request.body)),
  );

  app.put(
    '/Customer/updateAccount/:code',
    {
      preValidation: signedIn,
      schema: {
        tags,
        security,
        params: z.object({ code: z.string().max(40) }),
        body: billingInfoSchema,
        response: { 200: customerSchema, 400: problem, 401: problem, 403: problem },
      },
    },
    async (request) => accounts.updateBillingInfo(requireCustomer(request), request.params.code, request.body),
  );

  app.put(
    '/Customer/UpdateEmail/:email',
    {
      preValidation: [signedIn, notWhileActing],
      // It mails the address in the path and tells whether it is registered: as strict as the other such calls.
      config: strictLimit,
      schema: {
        tags,
        security,
        description:
          'Asks to change the sign-in address (DESIGN.md §3 "Email change"): 202 with the customer, whose `email` stays the same and whose `pendingEmail` is the new address until the link mailed there is opened. 403 when this session has not entered its password in the last 10 minutes (POST /Customer/ConfirmPassword); 429 past 5 confirmation mails an hour.',
        params: emailChangeSchema,
        response: { 202: customerSchema, 400: problem, 401: problem, 403: problem, 429: problem },
      },
    },
    async (request, reply) => reply.code(202).send(await accounts.updateEmail(requireCustomer(request), request.params.email)),
  );

  app.post(
    '/Customer/ConfirmPassword',
    {
      preValidation: [signedIn, notWhileActing],
      schema: {
        tags,
        security,
        description: 'The password again, counted and throttled like a sign-in: for 10 minutes this session may change the email.',
        body: confirmPasswordSchema,
        response: { 204: z.undefined(), 400: problem, 401: problem, 403: problem, 429: problem },
      },
    },
    async (request, reply) => {
      await accounts.emailChange.confirmPassword(requireCustomer(request), request.body.password, request.ip);
      return reply.code(204).send();
    },
  );

  app.post(
    '/Customer/ResendEmailChange',
    {
      preValidation: [signedIn, notWhileActing],
      config: strictLimit,
      schema: { tags, security, description: 'Mails the confirmation link of the pending email change again.', response: { 202: customerSchema, 400: problem, 401: problem, 403: problem, 429: problem } },
    },
    async (request, reply) => {
      const who = requireCustomer(request);
      await accounts.emailChange.resend(who);
      return reply.code(202).send(await accounts.customer(who.id));
    },
  );

  app.delete(
    '/Customer/EmailChange',
    {
      preValidation: [signedIn, notWhileActing],
      schema: { tags, security, description: 'Cancels the pending email change; its link stops working.', response: { 200: customerSchema, 401: problem, 403: problem } },
    },
    async (request) => {
      const who = requireCustomer(request);
      await accounts.emailChange.cancel(who);
      return accounts.customer(who.id);
    },
  );

  app.put(
    '/Customer/UpdatePassword',
    {
      preValidation: [signedIn, notWhileActing],
      schema: { tags, security, body: updatePasswordSchema, response: { 202: customerSchema, 400: problem, 401: problem, 403: problem, 429: problem } },
    },
    async (request, reply) =>
      reply.code(202).send(await accounts.updatePassword(requireCustomer(request), request.body, request.ip)),
  );

  app.put(
    '/Customer/UpdateSecurityQuestion',
    {
      preValidation: [signedIn, notWhileActing],
      schema: { tags, security, body: securityQuestionSchema, response: { 202: customerSchema, 400: problem, 401: problem, 403: problem } },
    },
    async (request, reply) => {
      const { question, answer } = request.body;
      return reply.code(202).send(await accounts.updateSecurityQuestion(requireCustomer(request), question, answer));
    },
  );
};

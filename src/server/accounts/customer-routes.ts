import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  billingInfoSchema,
  customerSchema,
  emailAvailableSchema,
  emailChangeSchema,
  securityQuestionSchema,
  signUpSchema,
  updatePasswordSchema,
  validateEmailQuery,
  validateZipQuery,
  zipLookupSchema,
} from '../../contract/accounts';
import { SERVER_MESSAGES } from '../../contract/messages';
import { problemSchema as problem } from '../../contract/problem';
import type { ShopContext } from '../context';
import { NotFound } from '../errors';
import { requireCustomer } from '../http/auth-context';
import { signedIn, strictLimit } from './route-options';
import { lookupZip } from './zip-lookup';

const tags = ['accounts'];
const security = [{ userToken: [] }];

/** The /Customer calls of spec §7 about the customer itself (ship-tos are in routes.ts). */
export const customerRoutes: FastifyPluginAsyncZod<{ ctx: ShopContext }> = async (app, { ctx }) => {
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
      preValidation: signedIn,
      schema: { tags, security, params: emailChangeSchema, response: { 202: customerSchema, 400: problem, 401: problem } },
    },
    async (request, reply) => reply.code(202).send(await accounts.updateEmail(requireCustomer(request), request.params.email)),
  );

  app.put(
    '/Customer/UpdatePassword',
    {
      preValidation: signedIn,
      schema: { tags, security, body: updatePasswordSchema, response: { 202: customerSchema, 400: problem, 401: problem, 429: problem } },
    },
    async (request, reply) =>
      reply.code(202).send(await accounts.updatePassword(requireCustomer(request), request.body, request.ip)),
  );

  app.put(
    '/Customer/UpdateSecurityQuestion',
    {
      preValidation: signedIn,
      schema: { tags, security, body: securityQuestionSchema, response: { 202: customerSchema, 400: problem, 401: problem } },
    },
    async (request, reply) => {
      const { question, answer } = request.body;
      return reply.code(202).send(await accounts.updateSecurityQuestion(requireCustomer(request), question, answer));
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  customerSchema,
  forgotPasswordSchema,
  loginParamsSchema,
  loginRequestSchema,
  messageSchema,
  resetPasswordSchema,
} from '../../../contract/accounts';
import { SUCCESS } from '../../../contract/messages';
import { problemSchema as problem } from '../../../contract/problem';
import type { CustomersContext } from '../context';
import { notWhileActing, requireCustomer } from '../../platform/http/auth-context';
import { signedIn, strictLimit } from './route-options';
import { parseInput } from './validation';

const tags = ['accounts'];

/** Sign-in, sign-out, password reset and email verification: the /System calls. */
export const systemRoutes: FastifyPluginAsyncZod<{ ctx: CustomersContext }> = async (app, { ctx }) => {
  const accounts = ctx.accounts;

  app.post(
    '/System/Login',
    {
      // Staff acting for a buyer never start a session of their own from it.
      preValidation: notWhileActing,
      schema: {
        tags,
        description: 'username and password as query parameters (as the original API) or as a JSON or form body (keeps the password out of URLs). The token comes back in the `user-token` header.',
        querystring: loginParamsSchema,
        body: loginParamsSchema.nullish(),
        response: { 200: customerSchema, 400: problem, 401: problem, 403: problem, 429: problem },
      },
    },
    async (request, reply) => {
      const input = parseInput(loginRequestSchema, { ...request.query, ...(request.body ?? {}) });
      const { customer, token } = await accounts.login(input, request.ip);
      reply.header('user-token', token).header('access-control-expose-headers', 'user-token').header('cache-control', 'no-store');
      return customer;
    },
  );

  app.get(
    '/System/Logout',
    { preValidation: signedIn, schema: { tags, security: [{ userToken: [] }], response: { 204: z.undefined(), 401: problem } } },
    async (request, reply) => {
      await accounts.logout(requireCustomer(request));
      return reply.code(204).send();
    },
  );

  app.post(
    '/System/ForgotPassword',
    { config: strictLimit, preValidation: notWhileActing, schema: { tags, body: forgotPasswordSchema, response: { 202: messageSchema, 400: problem, 403: problem } } },
    async (request, reply) => {
      accounts.recovery.requestReset(request.body.email);
      return reply.code(202).send({ message: SUCCESS.resetMailSent });
    },
  );

  app.post(
    '/System/ResetPassword',
    { config: strictLimit, preValidation: notWhileActing, schema: { tags, body: resetPasswordSchema, response: { 202: messageSchema, 400: problem, 403: problem } } },
    async (request, reply) => {
      await accounts.recovery.resetPassword(request.body.accessToken, request.body.newPassword);
      return reply.code(202).send({ message: SUCCESS.passwordReset });
    },
  );

  app.get(
    '/System/VerifyEmail',
    {
      config: strictLimit,
      schema: {
        tags,
        description: 'The link of the verification mail: confirms the address, then sends the browser to the sign-in page.',
        querystring: z.object({ access_token: z.string().max(200).optional().default('') }),
      },
    },
    async (request, reply) => {
      const outcome = await accounts.emailChange.openVerifyLink(request.query.access_token);
      return reply.redirect(`/signin?emailVerified=${outcome === 'invalid' ? 0 : 1}`, 303);
    },
  );

  app.get(
    '/System/RevertEmailChange',
    {
      config: strictLimit,
      schema: {
        tags,
        description:
          'The "this was not me" link mailed to the old address when an email change is asked for: restores that address, drops the pending change and signs out every session, then sends the browser to the sign-in page.',
        querystring: z.object({ access_token: z.string().max(200).optional().default('') }),
      },
    },
    async (request, reply) => {
      const ok = await accounts.emailChange.revert(request.query.access_token);
      return reply.redirect(`/signin?emailRestored=${ok ? 1 : 0}`, 303);
    },
  );
};

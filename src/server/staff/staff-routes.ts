import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditPageSchema, auditQuery } from '../../contract/admin/audit';
import {
  changeStaffPasswordBody,
  newStaffBody,
  setStaffPasswordBody,
  staffIdParams,
  staffListItemSchema,
  staffLoginBody,
  totpConfirmBody,
  totpDisableBody,
  totpEnrolmentSchema,
  totpStartBody,
  updateStaffBody,
} from '../../contract/admin/staff';
import { staffSessionSchema } from '../../contract/admin/staff-session';
import { problemSchema as problem } from '../../contract/problem';
import { listAudit } from '../platform/audit/audit';
import type { StaffContext } from './context';
import { TotpRequired } from './service';
import { actorOf, clearedSessionCookie, isSecure, requireStaff, sessionCookie } from './staff-auth';

const tags = ['admin: staff'];
const security = [{ staffSession: [] }];
const ok = z.object({ ok: z.literal(true) });

/** Sign-in, own account and TOTP, staff management (owner), the audit log. */
export const staffRoutes: FastifyPluginAsyncZod<{ ctx: StaffContext }> = async (app, { ctx }) => {
  const staff = ctx.staff;
  // Secure when the shop's address is https, or when this client came over https (a trusted
  // proxy's X-Forwarded-Proto: request.protocol).
  const publicHttps = isSecure(ctx.config.PUBLIC_URL);
  const secure = (request: FastifyRequest) => publicHttps || request.protocol === 'https';

  app.post(
    '/Login',
    {
      config: { permission: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { tags, body: staffLoginBody, response: { 200: staffSessionSchema, 400: problem, 401: problem.extend({ totpRequired: z.literal(true).optional() }), 429: problem } },
    },
    async (request, reply) => {
      try {
        const { token, session } = await staff.login(request.body.email, request.body.password, request.body.code, request.ip, String(request.headers['user-agent'] ?? ''));
        reply.header('set-cookie', sessionCookie(token, secure(request)));
        return session;
      } catch (err) {
        if (!(err instanceof TotpRequired)) throw err;
        // The problem's fields and the flag the sign-in page looks for.
        reply.code(401).type('application/problem+json; charset=utf-8');
        return reply.send({ type: 'about:blank', title: 'Unauthorized', status: 401, detail: err.message, errorMessage: err.message, totpRequired: true as const });
      }
    },
  );

  app.get('/Me', { config: { permission: 'self' }, schema: { tags, security, response: { 200: staffSessionSchema, 401: problem } } }, async (request) =>
    staff.session(requireStaff(request)),
  );

  app.post('/Logout', { config: { permission: 'session' }, schema: { tags, security, response: { 200: ok, 401: problem, 403: problem } } }, async (request, reply) => {
    await staff.logout(requireStaff(request));
    reply.header('set-cookie', clearedSessionCookie(secure(request)));
    return { ok: true as const };
  });

  app.post(
    '/Me/Password',
    { config: { permission: 'self' }, schema: { tags, security, body: changeStaffPasswordBody, response: { 200: ok, 400: problem, 401: problem, 403: problem, 429: problem } } },
    async (request) => {
      await staff.changePassword(requireStaff(request), actorOf(request), request.body.currentPassword, request.body.newPassword);
      return { ok: true as const };
    },
  );

  app.post(
    '/Me/Totp',
    {
      config: { permission: 'self' },
      schema: {
        tags,
        security,
        description: 'Sets up an authenticator (or a new one) with the current password. The one in force, if any, keeps working until a code of the new one is confirmed.',
        body: totpStartBody,
        response: { 200: totpEnrolmentSchema, 400: problem, 401: problem, 403: problem, 429: problem },
      },
    },
    async (request) => staff.totp.start(requireStaff(request), actorOf(request), request.body.password),
  );

  app.post(
    '/Me/Totp/Confirm',
    {
      config: { permission: 'self' },
      schema: {
        tags,
        security,
        description: 'Puts the new authenticator in force with one of its codes; the member’s other sessions end.',
        body: totpConfirmBody,
        response: { 200: ok, 400: problem, 401: problem, 403: problem, 409: problem },
      },
    },
    async (request) => {
      await staff.totp.confirm(requireStaff(request), actorOf(request), request.body.code);
      return { ok: true as const };
    },
  );

  app.post(
    '/Me/Totp/Disable',
    {
      config: { permission: 'self' },
      schema: {
        tags,
        security,
        description: 'Turns two-step sign-in off with the password and a current code; the member’s other sessions end.',
        body: totpDisableBody,
        response: { 200: ok, 400: problem, 401: problem, 403: problem, 409: problem, 429: problem },
      },
    },
    async (request) => {
      await staff.totp.disable(requireStaff(request), actorOf(request), request.body.password, request.body.code);
      return { ok: true as const };
    },
  );

  app.post(
    '/SetPassword',
    {
      // Public: the mailed one-time link is the proof. Its token has 256 bits; the limit keeps a flood off the hashing.
      config: { permission: 'public', rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags,
        description: 'Sets a password with the one-time link mailed by an invitation (a member added without a password) or an owner’s Reset sign-in (single use, 72 hours).',
        body: setStaffPasswordBody,
        response: { 200: ok, 400: problem, 429: problem },
      },
    },
    async (request) => {
      await staff.signInReset.setPassword(request.body.token, request.body.newPassword, request.ip);
      return { ok: true as const };
    },
  );

  app.get('/Staff', { config: { permission: 'staff:manage' }, schema: { tags, security, response: { 200: z.array(staffListItemSchema), 401: problem, 403: problem } } }, async () =>
    staff.list(),
  );

  app.post(
    '/Staff',
    {
      config: { permission: 'staff:manage' },
      schema: {
        tags,
        security,
        description: 'Adds a member. Without `password` the member is mailed an invitation: a one-time link, valid 72 hours, to choose a password (DESIGN.md §7).',
        body: newStaffBody,
        response: { 201: staffListItemSchema, 400: problem, 401: problem, 403: problem, 409: problem },
      },
    },
    async (request, reply) => reply.code(201).send(await staff.create(actorOf(request), request.body)),
  );

  app.put(
    '/Staff/:id',
    {
      config: { permission: 'staff:manage' },
      schema: { tags, security, params: staffIdParams, body: updateStaffBody, response: { 200: staffListItemSchema, 400: problem, 401: problem, 403: problem, 404: problem, 409: problem } },
    },
    async (request) => staff.update(actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/Staff/:id/ResetSignIn',
    {
      config: { permission: 'staff:manage' },
      schema: {
        tags,
        security,
        description: 'Clears the member’s password and authenticator, ends all their sessions and mails them a one-time link (72 hours) to set a new password.',
        params: staffIdParams,
        response: { 200: staffListItemSchema, 401: problem, 403: problem, 404: problem, 409: problem },
      },
    },
    async (request) => {
      await staff.signInReset.reset(actorOf(request), requireStaff(request).id, request.params.id);
      return (await staff.list()).find((m) => m.id === request.params.id)!;
    },
  );

  app.get(
    '/Audit',
    { config: { permission: 'audit:read' }, schema: { tags, security, querystring: auditQuery, response: { 200: auditPageSchema, 400: problem, 401: problem, 403: problem } } },
    async (request) => listAudit(ctx.database.db, request.query),
  );

};

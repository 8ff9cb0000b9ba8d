import multipart from '@fastify/multipart';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { customerIdParam } from '../../contract/admin/customers';
import { problemSchema as problem } from '../../contract/problem';
import {
  adminTaxCertificateListSchema,
  adminTaxCertificateSchema,
  adminTaxCertificatesQuery,
  rejectTaxCertificateBody,
  TAX_CERTIFICATES,
  taxCertificateCreatedSchema,
  taxCertificateIdParam,
  taxCertificateListSchema,
} from '../../contract/tax-certificates';
import { buyerActor, requireCustomer } from '../platform/http/auth-context';
import { actorOf } from '../staff';
import type { MoneyContext } from './context';
import { readCertificateUpload } from './tax/certificate-files';

const MB = TAX_CERTIFICATES.maxBytes / 1024 / 1024;
/** The reminder job looks once an hour (a day's resolution is all it needs), in every process: the claim decides who sends. */
const REMINDERS_EVERY_MS = 3_600_000;

/** A certificate's file as it was checked and kept; never stored by a shared cache, its name quoted safely. */
function sendFile(reply: FastifyReply, file: { bytes: Buffer; contentType: string; fileName: string }, cacheControl: string) {
  const ascii = file.fileName.replace(/[^\w.\- ]/g, '_');
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
    .header('cache-control', cacheControl)
    .send(file.bytes);
}

/**
 * The buyer's resale certificates (DESIGN.md §7; decision 0042), under /beapi: always the
 * signed-in customer's own. Multipart is parsed in this plugin only.
 */
export const buyerTaxCertificateRoutes: FastifyPluginAsyncZod<{ ctx: MoneyContext }> = async (app, { ctx }) => {
  const certificates = ctx.taxCertificates;
  const tags = ['account'];
  const security = [{ userToken: [] }];
  await app.register(multipart, { limits: { fileSize: TAX_CERTIFICATES.maxBytes, files: 1 } });
  // Before validation: without a valid token a call is 401 whatever it holds.
  app.addHook('preValidation', async (request) => void requireCustomer(request));
  app.addHook('onSend', async (_request, reply) => void reply.header('cache-control', 'private, no-store'));

  app.post(
    '/Customer/TaxCertificates',
    {
      schema: {
        tags,
        security,
        consumes: ['multipart/form-data'],
        description:
          `multipart/form-data: \`file\` (a PDF, JPEG or PNG of the certificate, up to ${MB} MB, checked by its content), \`number\`, \`state\` (the issuing US state, two letters) and \`expiresOn\` (YYYY-MM-DD, today or later). ` +
          'The certificate waits for review; once staff accept it, orders shipped to that state are tax-exempt until it expires. A refused upload keeps nothing.',
        response: { 201: taxCertificateCreatedSchema, 400: problem, 401: problem },
      },
    },
    async (request, reply) => {
      const customer = requireCustomer(request);
      const upload = await readCertificateUpload(request);
      return reply.code(201).send(await certificates.upload(buyerActor(customer, 'Customer', request.ip), customer.id, upload));
    },
  );

  app.get(
    '/Customer/TaxCertificates',
    { schema: { tags, security, description: 'Your resale certificates, newest first, with their status (and why one was rejected).', response: { 200: taxCertificateListSchema, 401: problem } } },
    async (request) => certificates.listOwn(requireCustomer(request).id),
  );

  app.get(
    '/Customer/TaxCertificates/:id/File',
    { schema: { tags, security, description: "One of your certificates' file (PDF or JPEG); another buyer's is not found.", params: taxCertificateIdParam, response: { 400: problem, 401: problem, 404: problem } } },
    async (request, reply) => sendFile(reply, await certificates.file(request.params.id, requireCustomer(request).id), 'private, no-store'),
  );
};

/** Resale certificates in the back office: read with `customers:read`, decided with `customers:write`; the reminder job runs while the app does. */
export const adminTaxCertificateRoutes: FastifyPluginAsyncZod<{ ctx: MoneyContext }> = async (app, { ctx }) => {
  const certificates = ctx.taxCertificates;
  const tags = ['admin: customers'];
  const security = [{ staffSession: [] }];
  const refused = { 400: problem, 401: problem, 403: problem };
  app.addHook('onReady', async () => ctx.taxCertificateReminders.start(REMINDERS_EVERY_MS, (err) => app.log.error({ err }, 'tax certificate reminders failed')));
  app.addHook('onClose', () => ctx.taxCertificateReminders.stop());

  app.get(
    '/Customers/:id/TaxCertificates',
    {
      config: { permission: 'customers:read' },
      schema: { tags, security, description: "The customer's resale certificates, newest first.", params: customerIdParam, response: { 200: adminTaxCertificateListSchema, ...refused } },
    },
    async (request) => certificates.ofCustomer(request.params.id),
  );

  app.get(
    '/TaxCertificates',
    {
      config: { permission: 'customers:read' },
      schema: { tags, security, description: 'Certificates of one status (pending when not given), oldest first, with the customer\'s company.', querystring: adminTaxCertificatesQuery, response: { 200: adminTaxCertificateListSchema, ...refused } },
    },
    async (request) => certificates.queue(request.query.status),
  );

  app.get(
    '/TaxCertificates/:id/File',
    {
      config: { permission: 'customers:read' },
      schema: { tags, security, description: 'The certificate file the buyer uploaded (PDF, or a JPEG of a picture).', params: taxCertificateIdParam, response: { ...refused, 404: problem } },
    },
    async (request, reply) => sendFile(reply, await certificates.file(request.params.id), 'no-store'),
  );

  app.post(
    '/TaxCertificates/:id/Accept',
    {
      config: { permission: 'customers:write' },
      schema: {
        tags,
        security,
        description: 'Accepts a pending certificate: orders shipped to its state are tax-exempt until it expires; the buyer gets a mail. A certificate already decided: 409.',
        params: taxCertificateIdParam,
        response: { 200: adminTaxCertificateSchema, ...refused, 404: problem, 409: problem },
      },
    },
    async (request) => certificates.accept(actorOf(request), request.params.id),
  );

  app.post(
    '/TaxCertificates/:id/Reject',
    {
      config: { permission: 'customers:write' },
      schema: {
        tags,
        security,
        description: 'Rejects a pending certificate; the reason is required and mailed to the buyer. A certificate already decided: 409.',
        params: taxCertificateIdParam,
        body: rejectTaxCertificateBody,
        response: { 200: adminTaxCertificateSchema, ...refused, 404: problem, 409: problem },
      },
    },
    async (request) => certificates.reject(actorOf(request), request.params.id, request.body),
  );
};

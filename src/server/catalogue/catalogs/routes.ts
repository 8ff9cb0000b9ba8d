import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { catalogListSchema } from '../../../contract/catalogs';
import { problemSchema as problem } from '../../../contract/problem';
import type { CatalogueContext } from '../context';
import { requireCustomer } from '../../platform/http/auth-context';
import { sendProblem } from '../../platform/http/error-handler';

const fileParams = z.object({ file: z.string().regex(/^[a-z0-9-]{1,60}$/, 'Invalid catalogue name') });

/**
 * GET /beapi/System/GetCatalogs (token; spec §7) and the PDFs themselves at /catalogs/<name>.pdf.
 * The PDFs are open to anyone: they show SRPs only, and a link opened in a new tab carries no token.
 */
export const catalogRoutes: FastifyPluginAsyncZod<{ ctx: CatalogueContext }> = async (app, { ctx }) => {
  const catalogs = ctx.catalogs;

  app.get(
    '/beapi/System/GetCatalogs',
    {
      preValidation: async (request) => {
        requireCustomer(request);
      },
      schema: { tags: ['catalogue'], security: [{ userToken: [] }], response: { 200: catalogListSchema, 401: problem } },
    },
    async (_request, reply) => {
      // Only for signed-in customers: a shared cache must not hand it to anyone else.
      reply.header('cache-control', 'no-store');
      return catalogs.list();
    },
  );

  app.get('/catalogs/:file.pdf', { schema: { hide: true, params: fileParams } }, async (request, reply) => {
    const pdf = await catalogs.pdf(request.params.file);
    if (!pdf) return sendProblem(reply, 404, 'No such catalogue');
    const etag = `"${pdf.version}"`;
    reply.header('etag', etag).header('cache-control', 'public, no-cache');
    // Browsers' PDF viewers do not run under the app's content security policy.
    reply.removeHeader('content-security-policy');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="${request.params.file}.pdf"`)
      .send(pdf.bytes);
  });
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { catalogsRegeneratedSchema } from '../../../contract/admin/catalogs';
import { problemSchema as problem } from '../../../contract/problem';
import { recordAudit } from '../../platform/audit/audit';
import type { CatalogueContext } from '../context';
import { actorOf } from '../../staff';

/** The landing page's catalogue PDFs (catalogs/service.ts): redrawn now rather than after the catalogue's quiet period. */
export const catalogRegenerateRoutes: FastifyPluginAsyncZod<{ ctx: CatalogueContext }> = async (app, { ctx }) => {
  app.post(
    '/Catalogs/Regenerate',
    {
      config: { permission: 'catalogue:write' },
      schema: {
        tags: ['admin: catalogue'],
        security: [{ staffSession: [] }],
        description: 'Draws every catalogue PDF from the catalogue as it is now and answers when they are drawn. Until then, and without this call until 30 s after the last change, /catalogs/{file}.pdf serves the previous one.',
        response: { 200: catalogsRegeneratedSchema, 401: problem, 403: problem },
      },
    },
    async (request) => {
      // Changes another instance made are in the index before drawing.
      await ctx.catalogue.refresh();
      const drawn = await ctx.catalogs.regenerate();
      await recordAudit(ctx.database.db, actorOf(request), { action: 'catalogs.regenerate', target: 'catalogs', summary: { versions: Object.fromEntries(drawn.map((d) => [d.file, d.version])) } });
      return { catalogs: drawn.map((d) => ({ ...d, url: `/catalogs/${d.file}.pdf` })) };
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminPageSchema, pagePreviewBody, pagePreviewSchema, pageSlugParam, pageSummarySchema, pageUpdateBody, stalePageProblemSchema } from '../../contract/admin/pages';
import { problemSchema as problem } from '../../contract/problem';
import type { ContentContext } from './context';
import { ContentPageService } from './page-service';
import { actorOf } from '../staff';

const tags = ['admin: content'];
const security = [{ staffSession: [] }];
const refused = { 400: problem, 401: problem, 403: problem };

/** The storefront's text pages in Markdown (DESIGN.md §5 "Catalogue and content management"); rules in content/page-service.ts. */
export const pageRoutes: FastifyPluginAsyncZod<{ ctx: ContentContext }> = async (app, { ctx }) => {
  const pages = new ContentPageService(ctx.database.db);

  app.get(
    '/Pages',
    { config: { permission: 'catalogue:read' }, schema: { tags, security, response: { 200: z.array(pageSummarySchema), ...refused } } },
    async () => pages.list(),
  );

  app.get(
    '/Pages/:slug',
    { config: { permission: 'catalogue:read' }, schema: { tags, security, params: pageSlugParam, response: { 200: adminPageSchema, ...refused, 404: problem } } },
    async (request) => pages.get(request.params.slug),
  );

  app.put(
    '/Pages/:slug',
    {
      config: { permission: 'catalogue:write' },
      schema: {
        tags,
        security,
        description: 'Title and Markdown. A `version` older than the stored one is 409 with the page as it is now in `current`.',
        params: pageSlugParam,
        body: pageUpdateBody,
        response: { 200: adminPageSchema, ...refused, 404: problem, 409: stalePageProblemSchema.or(problem) },
      },
    },
    async (request) => pages.update(actorOf(request), request.params.slug, request.body),
  );

  app.post(
    '/Pages/Preview',
    {
      config: { permission: 'catalogue:read' },
      schema: { tags, security, description: 'Markdown rendered and sanitised exactly as buyers will get it; stores nothing.', body: pagePreviewBody, response: { 200: pagePreviewSchema, ...refused } },
    },
    async (request) => pages.preview(request.body.markdown),
  );
};

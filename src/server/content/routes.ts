import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactRequestSchema, contactResponseSchema, contentPageParams, contentPageSchema, distributorSearchQuery, distributorSearchResponse } from '../../contract/content';
import { problemSchema } from '../../contract/problem';
import type { ContentContext } from './context';
import { ContentPageService } from './page-service';
import { ContentService } from './service';

const errors = { 400: problemSchema, 404: problemSchema, 429: problemSchema };

/** Contact form, Where to Buy and the text pages (DESIGN.md §3 "Beyond the spec"). */
export const contentRoutes: FastifyPluginAsyncZod<{ ctx: ContentContext }> = async (app, { ctx }) => {
  const service = new ContentService(ctx.database.db, ctx.outbox);
  const pages = new ContentPageService(ctx.database.db);

  app.post(
    '/System/ContactUs',
    {
      schema: {
        tags: ['content'],
        description: 'A message from the contact form: stored, and mailed to the shop.',
        body: contactRequestSchema,
        response: { 201: contactResponseSchema, ...errors },
      },
      // A public form that sends mail: limit it per address so it cannot be used to flood the inbox.
      config: { rateLimit: { max: 10, timeWindow: '10 minutes' } },
    },
    async (request, reply) => reply.code(201).send(await service.contactUs(request.body)),
  );

  app.get(
    '/Distributors/Search',
    {
      schema: {
        tags: ['content'],
        description: 'Where to Buy: by ZIP code and radius (nearest first, with distance in miles) or by state.',
        querystring: distributorSearchQuery,
        response: { 200: distributorSearchResponse, ...errors },
      },
    },
    async (request) => service.searchDistributors(request.query),
  );

  app.get(
    '/Content/Pages/:slug',
    {
      schema: {
        tags: ['content'],
        description: 'A text page (about, terms, privacy, degradability): its title and its HTML, rendered from the Markdown staff edit and sanitised.',
        params: contentPageParams,
        response: { 200: contentPageSchema, ...errors },
      },
    },
    async (request, reply) => {
      // The same for everyone, and edited in the back office: a cache must ask again each time.
      reply.header('cache-control', 'no-cache');
      return pages.page(request.params.slug);
    },
  );
};

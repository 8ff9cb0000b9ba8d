import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactRequestSchema, contactResponseSchema, distributorSearchQuery, distributorSearchResponse } from '../../contract/content';
import { problemSchema } from '../../contract/problem';
import type { ShopContext } from '../context';
import { ContentService } from './service';

const errors = { 400: problemSchema, 404: problemSchema, 429: problemSchema };

/** Contact form and Where to Buy (DESIGN.md §3 "Beyond the spec"). */
export const contentRoutes: FastifyPluginAsyncZod<{ ctx: ShopContext }> = async (app, { ctx }) => {
  const service = new ContentService(ctx.database.db, ctx.outbox);

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
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminDistributorSchema,
  distributorCreateBody,
  distributorIdParam,
  distributorImportBody,
  distributorImportQuery,
  distributorImportResultSchema,
  distributorsPageSchema,
  distributorsQuery,
  distributorUpdateBody,
  staleDistributorProblemSchema,
} from '../../contract/admin/distributors';
import { problemSchema as problem } from '../../contract/problem';
import { DistributorAdminService } from './distributor-admin';
import type { ContentContext } from './context';
import { actorOf } from '../staff';

const tags = ['admin: distributors'];
const security = [{ staffSession: [] }];
const refused = { 400: problem, 401: problem, 403: problem };

/** Where to Buy's distributors (DESIGN.md §5 "Catalogue and content management"); rules in content/distributor-admin.ts. */
export const distributorRoutes: FastifyPluginAsyncZod<{ ctx: ContentContext }> = async (app, { ctx }) => {
  const distributors = new DistributorAdminService(ctx.database.db);

  app.get(
    '/Distributors',
    {
      config: { permission: 'catalogue:read' },
      schema: { tags, security, description: 'By state, city and name; `q`: part of the name, city or ZIP code.', querystring: distributorsQuery, response: { 200: distributorsPageSchema, ...refused } },
    },
    async (request) => distributors.list(request.query),
  );

  app.get(
    '/Distributors/:id',
    { config: { permission: 'catalogue:read' }, schema: { tags, security, params: distributorIdParam, response: { 200: adminDistributorSchema, ...refused, 404: problem } } },
    async (request) => distributors.get(request.params.id),
  );

  app.post(
    '/Distributors',
    { config: { permission: 'catalogue:write' }, schema: { tags, security, body: distributorCreateBody, response: { 201: adminDistributorSchema, ...refused } } },
    async (request, reply) => reply.code(201).send(await distributors.create(actorOf(request), request.body)),
  );

  app.put(
    '/Distributors/:id',
    {
      config: { permission: 'catalogue:write' },
      schema: {
        tags,
        security,
        description: 'Every field back. A `version` older than the stored one is 409 with the distributor as it is now in `current`.',
        params: distributorIdParam,
        body: distributorUpdateBody,
        response: { 200: adminDistributorSchema, ...refused, 404: problem, 409: staleDistributorProblemSchema.or(problem) },
      },
    },
    async (request) => distributors.update(actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/Distributors/:id',
    { config: { permission: 'catalogue:write' }, schema: { tags, security, params: distributorIdParam, response: { 204: z.null(), ...refused, 404: problem } } },
    async (request, reply) => {
      await distributors.delete(actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/Distributors/Import',
    {
      config: { permission: 'catalogue:write' },
      schema: {
        tags,
        security,
        description:
          'A CSV file\'s text (`csv`) whose first line names the columns: id (optional), name, address, city, state, zip, phone, website, latitude, longitude. `dryRun=1` (the default) reports what would be added and changed and every row in error, writing nothing; `dryRun=0` applies it all in one transaction, or nothing (`applied: false`) when a row is in error.',
        querystring: distributorImportQuery,
        body: distributorImportBody,
        response: { 200: distributorImportResultSchema, ...refused, 409: problem },
      },
      // A file of a few thousand rows: well above the default body limit of JSON calls.
      bodyLimit: 4 * 1024 * 1024,
    },
    async (request) => distributors.import(actorOf(request), request.body.csv, request.query.dryRun === '1'),
  );
};

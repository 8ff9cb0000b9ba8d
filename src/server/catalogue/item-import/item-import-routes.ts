import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  IMPORT_LIMITS,
  IMPORT_MESSAGES,
  importJobParams,
  importJobSchema,
  importQuery,
  importRefusedSchema,
  importReportSchema,
  importStartedSchema,
  itemsExportQuery,
} from '../../../contract/admin/item-import';
import { problemSchema as problem } from '../../../contract/problem';
import type { CatalogueContext } from '../context';
import { sendCsv } from '../../platform/http/csv-reply';
import { readCsvUpload } from '../../platform/http/csv-upload';
import { actorOf } from '../../staff';

const tags = ['admin: catalogue'];
const security = [{ staffSession: [] }];
const refused = { 400: problem, 401: problem, 403: problem };

/**
 * The catalogue CSV (DESIGN.md §5 "Catalogue and content management"); rules in item-import/.
 * Multipart is parsed in this plugin only, with the import's own size cap.
 */
export const itemImportRoutes: FastifyPluginAsyncZod<{ ctx: CatalogueContext }> = async (app, { ctx }) => {
  const imports = ctx.itemImports;
  await app.register(multipart, { limits: { fileSize: IMPORT_LIMITS.maxBytes, files: 1 } });

  app.get(
    '/Items/Export.csv',
    {
      config: { permission: 'catalogue:read' },
      schema: { tags, security, description: 'The items matching the list\'s filters, in the columns `npm run import` reads (a round trip changes nothing), by item number.', querystring: itemsExportQuery, response: { ...refused } },
    },
    async (request, reply) => sendCsv(reply, 'items.csv', await imports.export(request.query)),
  );

  app.post(
    '/Items/Import',
    {
      config: { permission: 'catalogue:write' },
      schema: {
        tags,
        security,
        consumes: ['multipart/form-data'],
        description:
          `multipart/form-data: part \`file\`, a catalogue CSV up to ${IMPORT_LIMITS.maxBytes / 1024 / 1024} MB. \`dryRun=1\` (the default) answers new / changed (old → new per column) / unchanged / rows in error and writes nothing. ` +
          '`dryRun=0` checks the whole file (any row in error: 400 with every row, nothing written), then answers 202 with the report and a `jobId` and applies in the background: follow it with GET …/Import/{jobId}.',
        querystring: importQuery,
        response: { 200: importReportSchema, 202: importStartedSchema, 400: importRefusedSchema.or(problem), 401: problem, 403: problem },
      },
    },
    async (request, reply) => {
      const text = await readCsvUpload(request, { maxBytes: IMPORT_LIMITS.maxBytes, messages: IMPORT_MESSAGES });
      if (request.query.dryRun === '1') return imports.dryRun(text);
      return reply.code(202).send(await imports.start(actorOf(request), text));
    },
  );

  app.get(
    '/Items/Import/:jobId',
    { config: { permission: 'catalogue:write' }, schema: { tags, security, params: importJobParams, response: { 200: importJobSchema, ...refused, 404: problem } } },
    async (request) => imports.job(request.params.jobId),
  );
};

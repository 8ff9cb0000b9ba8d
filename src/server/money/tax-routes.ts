import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TAX_MESSAGES, TAX_RATE_LIMITS, taxImportResultSchema, taxRatesSchema } from '../../contract/admin/tax';
import { problemSchema as problem } from '../../contract/problem';
import { readCsvUpload } from '../platform/http/csv-upload';
import { actorOf } from '../staff';
import type { MoneyContext } from './context';

const tags = ['admin: money'];
const security = [{ staffSession: [] }];
const refused = { 400: problem, 401: problem, 403: problem };

/** Sales tax rates (DESIGN.md §7; decision 0042): the table in use, and the ZIP rate import. Multipart is parsed in this plugin only. */
export const taxRoutes: FastifyPluginAsyncZod<{ ctx: MoneyContext }> = async (app, { ctx }) => {
  await app.register(multipart, { limits: { fileSize: TAX_RATE_LIMITS.maxBytes, files: 1 } });

  app.get(
    '/TaxRates',
    {
      config: { permission: 'invoices:read' },
      schema: { tags, security, description: 'The tax table in use: its version, the nexus states (TAX_NEXUS_STATES) at their base rates, and the imported ZIP rates.', response: { 200: taxRatesSchema, ...refused } },
    },
    async () => ctx.tax.list(),
  );

  app.post(
    '/TaxRates/Import',
    {
      config: { permission: 'money:write' },
      schema: {
        tags,
        security,
        description:
          'multipart/form-data, part `file`: a CSV `zip,rate,shippingTaxable` (header first; rate a percent such as 8.35, 0 to 20; shippingTaxable true or false), up to 2 MB. ' +
          'All or nothing: the first bad row (not a ZIP, a ZIP outside the nexus states, a rate out of range, a ZIP twice) is 400 naming its line, and nothing is imported. ' +
          'Listed ZIP codes are added or replaced; others keep their rates. The version recorded on new orders moves.',
        response: { 200: taxImportResultSchema, ...refused },
      },
    },
    async (request) => ctx.tax.import(actorOf(request), await readCsvUpload(request, { maxBytes: TAX_RATE_LIMITS.maxBytes, messages: TAX_MESSAGES })),
  );
};

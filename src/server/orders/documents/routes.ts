import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { invoiceNumParam } from '../../../contract/admin/orders';
import { problemSchema as problem } from '../../../contract/problem';
import type { OrdersContext } from '../context';
import { requireCustomer } from '../../platform/http/auth-context';
import { sendPdf } from '../../platform/http/pdf-reply';

/**
 * The buyer's own invoices as PDF (DESIGN.md §5), under /beapi. The token comes in a header, so
 * the web app fetches the file and opens it as a blob; another customer's invoice is 404.
 */
export const buyerDocumentRoutes: FastifyPluginAsyncZod<{ ctx: OrdersContext }> = async (app, { ctx }) => {
  const documents = ctx.documents;
  // The caller's own documents: never kept by a shared cache, the refusals (401/404) included.
  app.addHook('onSend', async (_request, reply) => void reply.header('cache-control', 'no-store'));

  app.get(
    '/Shop/GetInvoice/:invoiceNum',
    {
      preValidation: async (request) => void requireCustomer(request),
      schema: { tags: ['orders'], security: [{ userToken: [] }], description: 'One of your invoices (PDF).', params: invoiceNumParam, response: { 400: problem, 401: problem, 404: problem } },
    },
    async (request, reply) => sendPdf(reply, `invoice-${request.params.invoiceNum}`, await documents.invoice(request.params.invoiceNum, requireCustomer(request).id)),
  );
};

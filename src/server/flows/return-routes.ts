import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminReturnSchema, adminReturnsPageSchema, adminReturnsQuery, receiveReturnBody, rejectReturnBody } from '../../contract/admin/returns';
import { orderNumParams } from '../../contract/cart';
import { problemSchema as problem } from '../../contract/problem';
import { buyerReturnsSchema, creditMemoNumParam, creditMemoSummariesSchema, requestReturnAnswerSchema, requestReturnBody, rmaNumParam } from '../../contract/returns';
import type { ShopContext } from '../context';
import { requireCustomer } from '../platform/http/auth-context';
import { sendPdf } from '../platform/http/pdf-reply';
import { actorOf } from '../staff';

/** Returns and credit memos (DESIGN.md §7; decision 0037): the buyer's calls under /beapi. */
export const buyerReturnRoutes: FastifyPluginAsyncZod<{ ctx: ShopContext }> = async (api, { ctx }) => {
  const tags = ['returns'];
  const security = [{ userToken: [] }];
  const errors = { 400: problem, 401: problem, 404: problem, 409: problem };
  api.addHook('preValidation', async (request) => void requireCustomer(request));
  api.addHook('onSend', async (_request, reply) => void reply.header('cache-control', 'no-store'));

  api.post(
    '/Shop/RequestReturn/:orderNum',
    {
      schema: {
        tags,
        security,
        description: 'Asks to return shipped units of one of your orders: each line at most what shipped less what is already returned or asked back. Answers the return number.',
        params: orderNumParams,
        body: requestReturnBody,
        response: { 201: requestReturnAnswerSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await ctx.returns.request(requireCustomer(request).id, request.params.orderNum, request.body)),
  );

  api.get(
    '/Shop/GetReturns',
    { schema: { tags, security, description: 'Your returns, newest first, with their lines and credit memos.', response: { 200: buyerReturnsSchema, 401: problem } } },
    async (request) => ctx.returnReader.buyerReturns(requireCustomer(request).id),
  );

  api.get(
    '/Shop/GetCreditMemos',
    { schema: { tags, security, description: 'Your credit memos, newest first.', response: { 200: creditMemoSummariesSchema, 401: problem } } },
    async (request) => ctx.returnReader.buyerCreditMemos(requireCustomer(request).id),
  );

  api.get(
    '/Shop/GetCreditMemo/:creditMemoNum',
    { schema: { tags, security, description: "One of your credit memos (PDF); another customer's is not found.", params: creditMemoNumParam, response: { 400: problem, 401: problem, 404: problem } } },
    async (request, reply) => sendPdf(reply, `credit-memo-${request.params.creditMemoNum}`, await ctx.returnReader.creditMemoPdf(request.params.creditMemoNum, requireCustomer(request).id)),
  );
};

/** The back office's returns (DESIGN.md §7): list, detail, approve, reject, receive, the slip and credit memo PDFs. */
export const adminReturnRoutes: FastifyPluginAsyncZod<{ ctx: ShopContext }> = async (app, { ctx }) => {
  const tags = ['admin: returns'];
  const security = [{ staffSession: [] }];
  const params = rmaNumParam;
  const errors = { 400: problem, 401: problem, 403: problem, 404: problem, 409: problem };
  const { returns, returnReader } = ctx;
  const permission = 'orders:write' as const;

  app.get(
    '/Returns',
    { config: { permission }, schema: { tags, security, description: 'Returns, newest first, filtered by status and paged.', querystring: adminReturnsQuery, response: { 200: adminReturnsPageSchema, ...errors } } },
    async (request) => returnReader.list(request.query),
  );

  app.get(
    '/Returns/:rmaNum',
    { config: { permission }, schema: { tags, security, description: 'One return with its lines, its credit memo and what its status allows.', params, response: { 200: adminReturnSchema, ...errors } } },
    async (request) => returnReader.admin(request.params.rmaNum),
  );

  app.post(
    '/Returns/:rmaNum/Approve',
    { config: { permission }, schema: { tags, security, description: 'Approves a requested return; the buyer is mailed.', params, response: { 200: adminReturnSchema, ...errors } } },
    async (request) => returns.approve(actorOf(request), request.params.rmaNum),
  );

  app.post(
    '/Returns/:rmaNum/Reject',
    { config: { permission }, schema: { tags, security, description: 'Rejects a requested or approved return with a reason mailed to the buyer.', params, body: rejectReturnBody, response: { 200: adminReturnSchema, ...errors } } },
    async (request) => returns.reject(actorOf(request), request.params.rmaNum, request.body),
  );

  app.post(
    '/Returns/:rmaNum/Receive',
    {
      config: { permission },
      schema: {
        tags,
        security,
        description:
          'Records what arrived: restocked units go back to stock at the warehouse (filling waiting backorders), scrapped units do not; raises the credit memo, applied to the oldest open invoices, the rest credit on account. Once only (409 after).',
        params,
        body: receiveReturnBody,
        response: { 200: adminReturnSchema, ...errors },
      },
    },
    async (request) => returns.receive(actorOf(request), request.params.rmaNum, request.body),
  );

  app.get(
    '/Returns/:rmaNum/Slip.pdf',
    { config: { permission }, schema: { tags, security, description: 'The return slip with the return number as a barcode (PDF).', params, response: errors } },
    async (request, reply) => sendPdf(reply, `return-${request.params.rmaNum}`, await returnReader.slipPdf(request.params.rmaNum)),
  );

  app.get(
    '/CreditMemos/:creditMemoNum.pdf',
    { config: { permission: 'invoices:read' }, schema: { tags, security, description: 'One credit memo (PDF).', params: creditMemoNumParam, response: errors } },
    async (request, reply) => sendPdf(reply, `credit-memo-${request.params.creditMemoNum}`, await returnReader.creditMemoPdf(request.params.creditMemoNum)),
  );
};

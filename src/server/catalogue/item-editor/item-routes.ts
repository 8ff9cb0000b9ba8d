import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bulkPriceBody,
  bulkPriceQuery,
  bulkPriceResultSchema,
  bulkStatusBody,
  bulkStatusResultSchema,
  itemCreateBody,
  itemEditorSchema,
  itemNumParam,
  itemsListQuery,
  itemsListSchema,
  itemUpdateBody,
  nextItemNumQuery,
  nextItemNumSchema,
  productInfoPreviewBody,
  productInfoPreviewSchema,
  staleItemProblemSchema,
} from '../../../contract/admin/items';
import { problemSchema as problem } from '../../../contract/problem';
import type { CatalogueContext } from '../context';
import { applyPrices, bulkStatus, planPrices } from './bulk';
import { actorOf } from '../../staff';
import { renderProductInfo } from '../product-info';

const tags = ['admin: catalogue'];
const security = [{ staffSession: [] }];
const refused = { 400: problem, 401: problem, 403: problem };

/** The item editor (DESIGN.md §5 "Catalogue and content management"); rules in item-editor/. */
export const itemRoutes: FastifyPluginAsyncZod<{ ctx: CatalogueContext }> = async (app, { ctx }) => {
  const items = ctx.items;
  const db = ctx.database.db;

  app.get(
    '/Items',
    {
      config: { permission: 'catalogue:read' },
      schema: { tags, security, description: 'Items of every status, by number. `q`: number or UPC prefix, or part of the title, code or key words.', querystring: itemsListQuery, response: { 200: itemsListSchema, ...refused } },
    },
    async (request) => items.list(request.query),
  );

  app.get(
    '/Items/NextNumber',
    {
      config: { permission: 'catalogue:read' },
      schema: {
        tags,
        security,
        description: 'The number a new item of `category` should get: the next free one after the highest of that category (its subcategories’ or its parent’s when it has none). An unknown category is 400.',
        querystring: nextItemNumQuery,
        response: { 200: nextItemNumSchema, ...refused },
      },
    },
    async (request) => items.nextNum(request.query.category),
  );

  app.post(
    '/Items/ProductInfoPreview',
    {
      config: { permission: 'catalogue:read' },
      schema: {
        tags,
        security,
        description: 'Product info (HTML or Markdown) rendered and sanitised exactly as the storefront will show it; stores nothing.',
        body: productInfoPreviewBody,
        response: { 200: productInfoPreviewSchema, ...refused },
      },
    },
    async (request) => ({ html: renderProductInfo(request.body.text, request.body.format) }),
  );

  app.get(
    '/Items/:num',
    { config: { permission: 'catalogue:read' }, schema: { tags, security, params: itemNumParam, response: { 200: itemEditorSchema, ...refused, 404: problem } } },
    async (request) => items.get(request.params.num),
  );

  app.put(
    '/Items/:num',
    {
      config: { permission: 'catalogue:write' },
      schema: {
        tags,
        security,
        description: 'The editor JSON back. A `version` older than the stored one is 409 with the item as it is now in `current`.',
        params: itemNumParam,
        body: itemUpdateBody,
        response: { 200: itemEditorSchema, ...refused, 404: problem, 409: staleItemProblemSchema.or(problem) },
      },
    },
    async (request) => items.update(actorOf(request), request.params.num, request.body),
  );

  app.post(
    '/Items',
    {
      config: { permission: 'catalogue:write' },
      schema: { tags, security, description: 'A new item; without `num` the next free number. A taken number or UPC is 409.', body: itemCreateBody, response: { 201: itemEditorSchema, ...refused, 409: problem } },
    },
    async (request, reply) => reply.code(201).send(await items.create(actorOf(request), request.body)),
  );

  app.post(
    '/Items/Bulk/Status',
    { config: { permission: 'catalogue:write' }, schema: { tags, security, body: bulkStatusBody, response: { 200: bulkStatusResultSchema, ...refused } } },
    async (request) => (await items.write((trx) => bulkStatus(trx, actorOf(request), ctx.webhookEvents, request.body.nums, request.body.status))).result,
  );

  app.post(
    '/Items/Bulk/Price',
    {
      config: { permission: 'catalogue:write' },
      schema: {
        tags,
        security,
        description: 'Prices of the selected items (`nums`) or of a category (with its descendants) moved by `percent`. `dryRun=1` (the default) answers old → new and writes nothing; `dryRun=0` applies exactly that.',
        querystring: bulkPriceQuery,
        body: bulkPriceBody,
        response: { 200: bulkPriceResultSchema, ...refused },
      },
    },
    async (request) => {
      if (request.query.dryRun === '1') return (await planPrices(db, request.body, true)).result;
      return (await items.write((trx) => applyPrices(trx, actorOf(request), ctx.webhookEvents, request.body))).result;
    },
  );
};

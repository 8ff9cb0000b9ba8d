import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  categoryCreateBody,
  categoryDeletedSchema,
  categoryDeleteQuery,
  categoryNodeSchema,
  categoryNumParam,
  categoryOrderBody,
  categoryTreeSchema,
  categoryUpdateBody,
  collectionCreateBody,
  collectionItemsBody,
  collectionSchema,
  collectionUpdateBody,
} from '../../../contract/admin/categories';
import { problemSchema as problem } from '../../../contract/problem';
import type { CatalogueContext } from '../context';
import { actorOf } from '../../staff';

const tags = ['admin: catalogue'];
const security = [{ staffSession: [] }];
const refused = { 400: problem, 401: problem, 403: problem };
const read = { permission: 'catalogue:read' } as const;
const write = { permission: 'catalogue:write' } as const;

/** Categories and NV collections (DESIGN.md §5 "Catalogue and content management"); rules in category-editor/. */
export const categoryRoutes: FastifyPluginAsyncZod<{ ctx: CatalogueContext }> = async (app, { ctx }) => {
  const categories = ctx.categories;

  app.get(
    '/Categories',
    { config: read, schema: { tags, security, description: 'The tree, parents before children and siblings in order, with item counts; then the NV collections.', response: { 200: categoryTreeSchema, ...refused } } },
    async () => categories.tree(),
  );

  app.get(
    '/Categories/:categoryNum',
    { config: read, schema: { tags, security, params: categoryNumParam, response: { 200: categoryNodeSchema, ...refused, 404: problem } } },
    async (request) => categories.get(request.params.categoryNum),
  );

  app.post(
    '/Categories',
    { config: write, schema: { tags, security, description: 'A new category of the tree, last among its siblings.', body: categoryCreateBody, response: { 201: categoryNodeSchema, ...refused } } },
    async (request, reply) => reply.code(201).send(await categories.createCategory(actorOf(request), request.body)),
  );

  app.put(
    '/Categories/Order',
    {
      config: write,
      schema: { tags, security, description: 'The children of `parentNum` in a new order; naming other than exactly its children is 409.', body: categoryOrderBody, response: { 200: categoryTreeSchema, ...refused, 404: problem, 409: problem } },
    },
    async (request) => categories.reorder(actorOf(request), request.body),
  );

  app.put(
    '/Categories/:categoryNum',
    {
      config: write,
      schema: {
        tags,
        security,
        description: 'Rename, move (`parentNum`; not under itself), SEO texts and logo. A stale `version` is 409.',
        params: categoryNumParam,
        body: categoryUpdateBody,
        response: { 200: categoryNodeSchema, ...refused, 404: problem, 409: problem },
      },
    },
    async (request) => categories.updateCategory(actorOf(request), request.params.categoryNum, request.body),
  );

  app.delete(
    '/Categories/:categoryNum',
    {
      config: write,
      schema: {
        tags,
        security,
        description: 'Deletes a category (without subcategories) or a collection. One holding items is 409 unless `moveItemsTo` names another of its kind.',
        params: categoryNumParam,
        querystring: categoryDeleteQuery,
        response: { 200: categoryDeletedSchema, ...refused, 404: problem, 409: problem },
      },
    },
    async (request) => categories.remove(actorOf(request), request.params.categoryNum, request.query),
  );

  app.post(
    '/Collections',
    { config: write, schema: { tags, security, description: 'A new NV collection (empty).', body: collectionCreateBody, response: { 201: categoryNodeSchema, ...refused } } },
    async (request, reply) => reply.code(201).send(await categories.createCollection(actorOf(request), request.body)),
  );

  app.get(
    '/Collections/:categoryNum',
    { config: read, schema: { tags, security, description: 'The collection and its items in order.', params: categoryNumParam, response: { 200: collectionSchema, ...refused, 404: problem } } },
    async (request) => categories.collection(request.params.categoryNum),
  );

  app.put(
    '/Collections/:categoryNum',
    { config: write, schema: { tags, security, params: categoryNumParam, body: collectionUpdateBody, response: { 200: categoryNodeSchema, ...refused, 404: problem, 409: problem } } },
    async (request) => categories.updateCollection(actorOf(request), request.params.categoryNum, request.body),
  );

  app.put(
    '/Collections/:categoryNum/Items',
    {
      config: write,
      schema: {
        tags,
        security,
        description: 'The collection’s items by number, in order (adds, removes and reorders at once). An unknown item is 400 naming it.',
        params: categoryNumParam,
        body: collectionItemsBody,
        response: { 200: collectionSchema, ...refused, 404: problem, 409: problem },
      },
    },
    async (request) => categories.setCollectionItems(actorOf(request), request.params.categoryNum, request.body),
  );
};

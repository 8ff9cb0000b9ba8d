import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  categoryItemsQuery,
  categoryNumParam,
  categorySchema,
  itemDetailSchema,
  itemNumParam,
  nvCategoryItemsQuery,
  nvSearchItemsQuery,
  pagedItemsSchema,
  searchItemsQuery,
} from '../../contract/catalogue';
import { gridQuery, gridSchema } from '../../contract/grid';
import { problemSchema } from '../../contract/problem';
import type { CatalogueContext } from './context';
import type { SignedInCustomer } from '../platform/http/auth-context';
import type { FastAnswer, LaneDeclaration } from '../platform/http/fast-lane';
import { parseLaneQuery } from '../platform/http/lane-query';
import type { PriceView } from './pricing/price-book';
import { GridService } from './grid/service';
import { itemDetailJson } from './item-detail';
import { type CachedAnswer, chooseEncoding, ResponseCache } from './response-cache';
import { PagedItemsJson } from './service';

const errors = { 400: problemSchema, 404: problemSchema };
const tags = ['catalogue'];

/**
 * Catalogue answers are built from the index by typed code (the type provider checks each
 * handler's result against the response schema at compile time), so re-validating them with zod
 * on every request would only double the cost of the hottest calls. The schemas still document
 * the answers in /beapi/docs and type the handlers.
 */
const serializerCompiler = () => (data: unknown) => JSON.stringify(data);

/**
 * The detail queries the fast lane takes: one itemNum that `itemNumParam` accepts as it is (no
 * spaces to trim, no escapes, 1–40 characters); any other query goes through the route's schema.
 */
const DETAIL_QUERY = /^itemNum=[A-Za-z0-9._-]{1,40}$/;

/** The order grid: a category number and an optional colour family of letters and spaces. */
const GRID_QUERY = /^categoryNum=\d{1,10}(&group=[A-Za-z%20+]{0,60})?$/;

/** Listings and search: any query string up to 2 kB; `parseLaneQuery` and the route's schema decide. */
const ANY_QUERY = /^[^#]{1,2048}$/;

const VARY = 'accept-encoding, user-token, x-user-token, authorization';

/**
 * What prices an answer shows: `a` (none: a visitor, a pending or suspended customer), `p` (list
 * prices) or `p<levelId>.<levelVersion>` (that price level as of that version; pricing/price-book.ts).
 * Two callers with the same view get the same bytes for the same URL; any other pair never shares
 * a cache entry or an ETag (docs/decisions/0021-pricing.md).
 */
const viewKey = (prices: PriceView | null): string => (prices ? prices.key : 'a');

/**
 * Catalogue answers change only when the catalogue does, so the index version and the price view
 * are a cheap, exact ETag: a browser revalidating an unchanged listing gets a 304 without any work.
 */
function etagOf(version: string, prices: PriceView | null): string {
  return `W/"${version}-${viewKey(prices)}"`;
}

/** The cache key: the caller's price view and the URL as sent (same URL, version and view: same bytes). View keys hold no '/', URLs start with one. */
function keyOf(url: string, prices: PriceView | null): string {
  return `${viewKey(prices)}${url}`;
}

/** Sends a kept answer, or a 304 to a client that holds it, in the best encoding the client accepts. */
function sendAnswer(cache: ResponseCache, request: FastifyRequest, reply: FastifyReply, entry: CachedAnswer, prices: PriceView | null): FastifyReply {
  reply.header('etag', entry.etag);
  reply.header('cache-control', prices ? 'private, no-cache' : 'no-cache');
  reply.header('vary', VARY);
  if (request.headers['if-none-match'] === entry.etag) return reply.code(304).send();
  const { body, encoding } = cache.encoded(entry, chooseEncoding(request.headers['accept-encoding']));
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.type('application/json; charset=utf-8').send(body);
}

export const catalogueRoutes: FastifyPluginAsyncZod<{ ctx: CatalogueContext }> = async (app, { ctx }) => {
  const cat = ctx.catalogue;
  const book = ctx.priceBook;
  const grids = new GridService(ctx.database.db, cat);
  const cache = new ResponseCache();
  /** The caller's price view; a Promise only while its level's new version loads. */
  const viewOf = (customer: SignedInCustomer | null) => book.viewFor(customer);

  // A repeated GET is answered from the cache before validation: only valid URLs got there.
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET') return;
    const prices = await viewOf(request.customer);
    const hit = cache.get(keyOf(request.url, prices), cat.current().version);
    if (hit) return sendAnswer(cache, request, reply, hit, prices);
  });

  // The 200s of item detail, listings and search in the fast lane (http/fast-lane.ts), with the
  // same cache, key, ETag and headers as `answer` and `sendAnswer`; anything else (404, 400, a 304,
  // an odd query) comes to the routes below.
  const fastAnswer = (entry: CachedAnswer, prices: PriceView | null, acceptEncoding: string | undefined): FastAnswer => {
    const { body, encoding } = cache.encoded(entry, chooseEncoding(acceptEncoding));
    const headers = ['etag', entry.etag, 'cache-control', prices ? 'private, no-cache' : 'no-cache', 'vary', VARY];
    if (encoding !== 'identity') headers.push('content-encoding', encoding);
    headers.push('content-type', 'application/json; charset=utf-8');
    return { headers, body };
  };
  /** A lane that answers from the cache, else builds the answer with `build` and keeps it. */
  type Build = (url: string, prices: PriceView | null) => string | Promise<string> | null;
  const lane = (query: RegExp, build: Build): LaneDeclaration => ({
    query,
    answer: (request, customer) => {
      const prices = viewOf(customer);
      // A level's new version loads once (then the view is held): only that request waits for it.
      if (prices instanceof Promise) return prices.then((view) => laneAnswer(request.url!, request.headers['accept-encoding'], view, build));
      return laneAnswer(request.url!, request.headers['accept-encoding'], prices, build);
    },
  });
  const laneAnswer = (url: string, encoding: string | undefined, prices: PriceView | null, build: Build) => {
    const key = keyOf(url, prices);
    const version = cat.current().version;
    const hit = cache.get(key, version);
    if (hit) return fastAnswer(hit, prices, encoding);
    const built = build(url, prices);
    if (built === null) return null;
    // No closure per request on the synchronous path (listings): they cost GC and, under tsx, a name each.
    if (typeof built === 'string') return keepAnswer(key, version, prices, built, encoding);
    return built.then((text) => keepAnswer(key, version, prices, text, encoding));
  };
  const keepAnswer = (key: string, version: string, prices: PriceView | null, text: string, acceptEncoding: string | undefined) =>
    fastAnswer(cache.set(key, version, etagOf(version, prices), Buffer.from(text)), prices, acceptEncoding);
  /** A listing's lane: its query read as Fastify reads it and checked by the route's own schema (null: let the route answer). */
  const listingLane = <S extends z.ZodObject>(schema: S, list: (query: z.output<S>, prices: PriceView | null) => PagedItemsJson): { lane: LaneDeclaration } => {
    const keys = new Set(Object.keys(schema.shape));
    return {
      lane: lane(ANY_QUERY, (url, prices) => {
        const raw = parseLaneQuery(url.slice(url.indexOf('?') + 1), keys);
        const parsed = raw && schema.safeParse(raw);
        return parsed && parsed.success ? list(parsed.data, prices).text : null;
      }),
    };
  };

  /** Builds an answer (unless the client holds it), keeps its bytes and sends them. */
  const answer = async (request: FastifyRequest, reply: FastifyReply, build: (prices: PriceView | null) => unknown): Promise<void> => {
    const prices = await viewOf(request.customer);
    const version = cat.current().version;
    const etag = etagOf(version, prices);
    if (request.headers['if-none-match'] === etag) {
      sendAnswer(cache, request, reply, { key: '', etag, body: Buffer.alloc(0), bytes: 0 }, prices);
      return;
    }
    const result = await build(prices);
    // Listings and search write their own JSON (the distinct lists are serialised once per
    // category), item detail too (a string).
    const body = Buffer.from(result instanceof PagedItemsJson ? result.text : typeof result === 'string' ? result : JSON.stringify(result));
    sendAnswer(cache, request, reply, cache.set(keyOf(request.url, prices), version, etag, body), prices);
  };

  app.get(
    '/Categories/GetMainCategories',
    { serializerCompiler, compress: false, schema: { tags, response: { 200: z.array(categorySchema) } } },
    (request, reply) => answer(request, reply, () => cat.mainCategories()),
  );

  app.get(
    '/Categories/GetChildCategories',
    { serializerCompiler, compress: false, schema: { tags, querystring: z.object({ parentCategory: categoryNumParam }), response: { 200: z.array(categorySchema), ...errors } } },
    (request, reply) => answer(request, reply, () => cat.childCategories(request.query.parentCategory)),
  );

  app.get(
    '/Categories/GetCategoryInfo',
    { serializerCompiler, compress: false, schema: { tags, querystring: z.object({ categoryNum: categoryNumParam }), response: { 200: categorySchema, ...errors } } },
    (request, reply) => answer(request, reply, () => cat.categoryInfo(request.query.categoryNum)),
  );

  app.get(
    '/Categories/GetNVCategories',
    { serializerCompiler, compress: false, schema: { tags, description: 'Curated collections outside the tree (New Arrivals, seasonal catalogues).', response: { 200: z.array(categorySchema) } } },
    (request, reply) => answer(request, reply, () => cat.nvCategories()),
  );

  app.get(
    '/Inventory/GetPagedItemsForCategory',
    { serializerCompiler, compress: false, config: listingLane(categoryItemsQuery, (query, prices) => cat.listCategory(query, prices)), schema: { tags, querystring: categoryItemsQuery, response: { 200: pagedItemsSchema, ...errors } } },
    (request, reply) => answer(request, reply, (prices) => cat.listCategory(request.query, prices)),
  );

  app.get(
    '/Inventory/GetPagedItemsForNVCategory',
    { serializerCompiler, compress: false, config: listingLane(nvCategoryItemsQuery, (query, prices) => cat.listCategory(query, prices, 'nv')), schema: { tags, querystring: nvCategoryItemsQuery, response: { 200: pagedItemsSchema, ...errors } } },
    (request, reply) => answer(request, reply, (prices) => cat.listCategory(request.query, prices, 'nv')),
  );

  app.get(
    '/Inventory/GetPagedItemsForSearch',
    { serializerCompiler, compress: false, config: listingLane(searchItemsQuery, (query, prices) => cat.search(query, prices)), schema: { tags, querystring: searchItemsQuery, response: { 200: pagedItemsSchema, ...errors } } },
    (request, reply) => answer(request, reply, (prices) => cat.search(request.query, prices)),
  );

  app.get(
    '/Inventory/GetPagedItemsForNVSearch',
    {
      serializerCompiler,
      compress: false,
      config: listingLane(nvSearchItemsQuery, ({ nvcatnum, ...rest }, prices) => cat.search({ ...rest, categoryNum: nvcatnum }, prices, 'nv')),
      schema: { tags, querystring: nvSearchItemsQuery, response: { 200: pagedItemsSchema, ...errors } } },
    (request, reply) =>
      answer(request, reply, (prices) => {
        const { nvcatnum, ...rest } = request.query;
        return cat.search({ ...rest, categoryNum: nvcatnum }, prices, 'nv');
      }),
  );

  app.get(
    '/Inventory/GetItemDetail',
    {
      serializerCompiler,
      compress: false,
      config: { lane: lane(DETAIL_QUERY, (url, prices) => itemDetailJson(ctx.database.db, cat.current(), url.slice(url.indexOf('?itemNum=') + 9), prices)) },
      schema: { tags, querystring: z.object({ itemNum: itemNumParam }), response: { 200: itemDetailSchema, ...errors } } },
    (request, reply) => answer(request, reply, (prices) => itemDetailJson(ctx.database.db, cat.current(), request.query.itemNum, prices)),
  );

  app.get(
    '/Inventory/GetGrid',
    {
      serializerCompiler,
      compress: false,
      // The lane serves only answers already kept (built by the route below for the same URL and
      // price view); a first ask, a 404 or an odd query comes to the route.
      config: { lane: lane(GRID_QUERY, () => null) },
      schema: {
        tags,
        description: "A category's colour × size order grid (colours as rows, sizes as columns), each cell with its item, the caller's price and stock flags. 404 for a category without one.",
        querystring: gridQuery,
        response: { 200: gridSchema, ...errors },
      },
    },
    (request, reply) => answer(request, reply, (prices) => grids.grid(request.query, prices)),
  );
};

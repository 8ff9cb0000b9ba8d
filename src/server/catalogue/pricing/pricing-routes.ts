import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { itemNumParam } from '../../../contract/admin/items';
import {
  namedPriceSchema,
  namedPricesBody,
  priceBreakSchema,
  priceBreaksBody,
  priceLevelCreateBody,
  priceLevelIdParam,
  priceLevelSchema,
  priceLevelUpdateBody,
} from '../../../contract/admin/pricing';
import { problemSchema as problem } from '../../../contract/problem';
import type { CatalogueContext } from '../context';
import { actorOf } from '../../staff';

const tags = ['admin: pricing'];
const security = [{ staffSession: [] }];
const refused = { 400: problem, 401: problem, 403: problem, 404: problem };

/** Price levels and quantity breaks (DESIGN.md §5; docs/decisions/0021-pricing.md); rules in pricing/service.ts. */
export const pricingRoutes: FastifyPluginAsyncZod<{ ctx: CatalogueContext }> = async (app, { ctx }) => {
  const pricing = ctx.pricing;

  app.get(
    '/PriceLevels',
    { config: { permission: 'customers:read' }, schema: { tags, security, description: 'Price levels by name, with how many items they name and customers they hold.', response: { 200: z.array(priceLevelSchema), ...refused } } },
    async () => pricing.list(),
  );

  app.post(
    '/PriceLevels',
    {
      config: { permission: 'pricing:write' },
      schema: { tags, security, description: 'A new level: `percentOff` (0–100, 2 decimals) off list. A name in use (any case) is 409.', body: priceLevelCreateBody, response: { 201: priceLevelSchema, ...refused, 409: problem } },
    },
    async (request, reply) => reply.code(201).send(await pricing.create(actorOf(request), request.body)),
  );

  app.get(
    '/PriceLevels/:id',
    { config: { permission: 'customers:read' }, schema: { tags, security, params: priceLevelIdParam, response: { 200: priceLevelSchema, ...refused } } },
    async (request) => pricing.get(request.params.id),
  );

  app.put(
    '/PriceLevels/:id',
    {
      config: { permission: 'pricing:write' },
      schema: { tags, security, description: 'Rename or change the percent; a stale `version` is 409. Buyers on the level see the new prices on their next request.', params: priceLevelIdParam, body: priceLevelUpdateBody, response: { 200: priceLevelSchema, ...refused, 409: problem } },
    },
    async (request) => pricing.update(actorOf(request), request.params.id, request.body),
  );

  app.get(
    '/PriceLevels/:id/Prices',
    { config: { permission: 'customers:read' }, schema: { tags, security, description: 'The items the level names its own price for, by number.', params: priceLevelIdParam, response: { 200: z.array(namedPriceSchema), ...refused } } },
    async (request) => pricing.prices(request.params.id),
  );

  app.put(
    '/PriceLevels/:id/Prices',
    {
      config: { permission: 'pricing:write' },
      schema: {
        tags,
        security,
        description: 'Replaces the level\'s named prices (`[]` removes them all). An unknown or repeated item, or a price ≤ 0, refuses the whole list.',
        params: priceLevelIdParam,
        body: namedPricesBody,
        response: { 200: z.array(namedPriceSchema), ...refused },
      },
    },
    async (request) => pricing.replacePrices(actorOf(request), request.params.id, request.body),
  );

  app.get(
    '/Items/:num/Breaks',
    { config: { permission: 'catalogue:read' }, schema: { tags, security, params: itemNumParam, response: { 200: z.array(priceBreakSchema), ...refused } } },
    async (request) => pricing.breaks(request.params.num),
  );

  app.put(
    '/Items/:num/Breaks',
    {
      config: { permission: 'catalogue:write' },
      schema: {
        tags,
        security,
        description: 'Replaces the item\'s quantity breaks (`[]` removes them): from `minQty` (≥ 2) units on, `price` each; each break cheaper than the list price and the break before it.',
        params: itemNumParam,
        body: priceBreaksBody,
        response: { 200: z.array(priceBreakSchema), ...refused },
      },
    },
    async (request) => pricing.replaceBreaks(actorOf(request), request.params.num, request.body),
  );
};

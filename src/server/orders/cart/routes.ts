import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addItemsBody,
  type Cart,
  cartSchema,
  commentsQuery,
  couponPathParams,
  invNumPathParams,
  itemQtyQuery,
  shippingOptionSchema,
  shipToQuery,
} from '../../../contract/cart';
import { listItemSchema } from '../../../contract/catalogue';
import { problemSchema as problem } from '../../../contract/problem';
import { ACCOUNT_STATUS_MESSAGES } from '../../../contract/accounts';
import { Forbidden, Unauthorized } from '../../platform/errors';
import { requireCustomer } from '../../platform/http/auth-context';
import type { LaneDeclaration } from '../../platform/http/fast-lane';
import { cartJson } from './cart-json';
import type { CartService } from './service';

const tags = ['cart'];
const security = [{ userToken: [] }];
/** Headers of a cart answer after the security headers (the route's content type and onSend hook). */
const CART_HEADERS = ['content-type', 'application/json; charset=utf-8', 'cache-control', 'no-store'];
const answers = { 200: cartSchema, 400: problem, 401: problem, 403: problem, 404: problem };

/**
 * Coupon codes can be guessed: attempts are limited per customer (per address before sign-in),
 * far above the two or three codes a buyer tries (per process, or shared by every instance with REDIS_URL: decision 0040).
 */
const couponAttemptLimit = {
  rateLimit: {
    max: 30,
    timeWindow: '10 minutes',
    keyGenerator: (request: FastifyRequest) => (request.customer ? `customer:${request.customer.id}` : request.ip),
  },
};

/** The spec's cart calls (§7) plus UpdateShipTo and AddItems; every one answers the whole cart. */
export const cartRoutes: FastifyPluginAsyncZod<{ cart: CartService }> = async (app, { cart }) => {
  // Answers are built by typed code (checked against the schemas at compile time); parsing each
  // one again with zod on the way out cost more than building it. The schemas still document them.
  app.setSerializerCompiler(({ schema }) => (schema === cartSchema ? (data) => cartJson(data as Cart) : (data) => JSON.stringify(data)));
  // Before validation: without a valid token a call is 401 whatever its parameters hold. (Both
  // hooks take a callback: an async hook costs a promise and a turn per call on the hottest path.)
  // A pending or suspended customer is 403 with why (http/auth-context.ts).
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.customer?.status === 'active') done();
    else if (request.customer) done(new Forbidden(ACCOUNT_STATUS_MESSAGES[request.customer.status]));
    else done(new Unauthorized());
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('cache-control', 'no-store');
    done(null, payload);
  });

  // Get cart's 200s in the fast lane (http/fast-lane.ts): the same answer and headers. Without a
  // customer (401), and for clients that accept a compressed answer (@fastify/compress's work),
  // the request goes through the route.
  const lane: LaneDeclaration = {
    query: null,
    answer: (request, customer) => {
      if (!customer || customer.status !== 'active' || (request.headers['accept-encoding'] !== undefined && request.headers['x-no-compression'] === undefined)) return null;
      return cart.view(customer).then((c) => ({ headers: CART_HEADERS, body: Buffer.from(cartJson(c)) }));
    },
  };
  app.get('/Shop/GetShoppingCart', { config: { lane }, schema: { tags, security, response: answers } }, async (request) => cart.view(requireCustomer(request)));

  app.post(
    '/Shop/AddItem',
    { schema: { tags, security, description: 'Adds qty to the line of InvNum (creating it). Quantities are whole numbers 1–9999.', querystring: itemQtyQuery, response: answers } },
    async (request) => cart.addItem(requireCustomer(request), request.query.invNum, request.query.qty),
  );

  app.put(
    '/Shop/UpdateItem',
    { schema: { tags, security, description: 'Sets the quantity of a line already in the cart.', querystring: itemQtyQuery, response: answers } },
    async (request) => cart.updateItem(requireCustomer(request), request.query.invNum, request.query.qty),
  );

  app.delete(
    '/Shop/DeleteCartItem/:invNum',
    { schema: { tags, security, params: invNumPathParams, response: answers } },
    async (request) => cart.deleteItem(requireCustomer(request), request.params.invNum),
  );

  app.put(
    '/Shop/UpdateOrderComments',
    { schema: { tags, security, description: 'Up to 2,000 characters of plain text.', querystring: commentsQuery, response: answers } },
    async (request) => cart.updateComments(requireCustomer(request), request.query.comments),
  );

  app.post(
    '/Shop/AddCoupon/:coupon',
    { config: couponAttemptLimit, schema: { tags, security, params: couponPathParams, response: { ...answers, 429: problem } } },
    async (request) => cart.addCoupon(requireCustomer(request), request.params.coupon),
  );

  app.delete(
    '/Shop/DeleteCoupon/:coupon',
    { schema: { tags, security, params: couponPathParams, response: answers } },
    async (request) => cart.deleteCoupon(requireCustomer(request), request.params.coupon),
  );

  app.put(
    '/Shop/UpdateShipTo',
    { schema: { tags, security, description: 'Sets where the cart ships: a ship-to code of the customer, or empty for the billing address.', querystring: shipToQuery, response: answers } },
    async (request) => cart.updateShipTo(requireCustomer(request), request.query.shiptocode),
  );

  app.get(
    '/Shop/GetShippingOptions',
    { schema: { tags, security, description: "Prices the current cart to its destination.", response: { 200: z.array(shippingOptionSchema), 401: problem, 403: problem, 404: problem } } },
    async (request) => cart.shippingOptions(requireCustomer(request)),
  );

  app.get(
    '/Shop/GetSuggestedItems',
    { schema: { tags, security, description: 'Items suggested for what is in the cart, minus what is already there.', response: { 200: z.array(listItemSchema), 401: problem, 403: problem } } },
    async (request) => cart.suggestedItems(requireCustomer(request)),
  );

  app.post(
    '/Shop/AddItems',
    {
      schema: {
        tags,
        security,
        description: 'Adds many lines in one transaction: all or nothing. A refusal lists every refused line in `errors`.',
        body: addItemsBody,
        response: answers,
      },
    },
    async (request) => cart.addItems(requireCustomer(request), request.body),
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { couponCreateBody, couponIdParam, couponSchema, couponsQuery, couponUpdateBody, staleCouponProblemSchema } from '../../../contract/admin/coupons';
import { problemSchema as problem } from '../../../contract/problem';
import { CouponAdminService } from './coupon-admin';
import type { OrdersContext } from '../context';
import { actorOf } from '../../staff';

const tags = ['admin: coupons'];
const security = [{ staffSession: [] }];
const refused = { 400: problem, 401: problem, 403: problem };

/** Coupons (DESIGN.md §5 "Catalogue and content management"); rules in cart/coupon-admin.ts. */
export const couponRoutes: FastifyPluginAsyncZod<{ ctx: OrdersContext }> = async (app, { ctx }) => {
  const coupons = new CouponAdminService(ctx.database.db);

  app.get(
    '/Coupons',
    {
      config: { permission: 'catalogue:read' },
      schema: { tags, security, description: 'Every coupon with its use count, newest first; `q`: part of the code or name.', querystring: couponsQuery, response: { 200: z.array(couponSchema), ...refused } },
    },
    async (request) => coupons.list(request.query.q),
  );

  app.get(
    '/Coupons/:id',
    { config: { permission: 'catalogue:read' }, schema: { tags, security, params: couponIdParam, response: { 200: couponSchema, ...refused, 404: problem } } },
    async (request) => coupons.get(request.params.id),
  );

  app.post(
    '/Coupons',
    {
      config: { permission: 'catalogue:write' },
      schema: { tags, security, description: 'A new coupon; a code taken by another (in any case) is 409.', body: couponCreateBody, response: { 201: couponSchema, ...refused, 409: problem } },
    },
    async (request, reply) => reply.code(201).send(await coupons.create(actorOf(request), request.body)),
  );

  app.put(
    '/Coupons/:id',
    {
      config: { permission: 'catalogue:write' },
      schema: {
        tags,
        security,
        description: 'Every field back; carts apply the change at once. A `version` older than the stored one is 409 with the coupon as it is now in `current`.',
        params: couponIdParam,
        body: couponUpdateBody,
        response: { 200: couponSchema, ...refused, 404: problem, 409: staleCouponProblemSchema.or(problem) },
      },
    },
    async (request) => coupons.update(actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/Coupons/:id',
    {
      config: { permission: 'catalogue:write' },
      schema: { tags, security, description: 'Only a coupon no order has used (409 otherwise: end it instead, `active: false`).', params: couponIdParam, response: { 204: z.null(), ...refused, 404: problem, 409: problem } },
    },
    async (request, reply) => {
      await coupons.delete(actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};

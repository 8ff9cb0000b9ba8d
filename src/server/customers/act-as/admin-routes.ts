import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actAsLinkSchema } from '../../../contract/act-as';
import { customerIdParam } from '../../../contract/admin/customers';
import { problemSchema as problem } from '../../../contract/problem';
import { actorOf, requireStaff } from '../../staff';
import type { CustomersContext } from '../context';

/** "View the shop as this customer" (DESIGN.md §7, decision 0035): staff only, never an API key. */
export const actAsAdminRoutes: FastifyPluginAsyncZod<{ ctx: CustomersContext }> = async (app, { ctx }) => {
  app.post(
    '/Customers/:id/Impersonate',
    {
      config: { permission: 'customers:impersonate' },
      schema: {
        tags: ['admin: customers'],
        security: [{ staffSession: [] }],
        description: 'A one-time link (60 seconds) to the storefront page that opens a 30-minute buyer session for this customer, tied to the caller. Audited as "impersonate". Pending and suspended customers may be viewed: the shop shows what they see.',
        params: customerIdParam,
        response: { 200: actAsLinkSchema, 401: problem, 403: problem, 404: problem },
      },
    },
    // requireStaff: the permission is in no API key's scope, so only a staff session gets here.
    async (request) => ctx.actAs.createLink(actorOf(request), requireStaff(request).id, request.params.id),
  );
};

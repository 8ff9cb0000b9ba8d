import type { ModuleRoutes } from '../platform/http/module-routes';
import { outboxRoutes } from '../platform/outbox/outbox-routes';
import { apiKeyRoutes } from './api-keys/api-key-routes';
import type { StaffContext } from './context';
import { actorOf } from './staff-auth';
import { staffRoutes } from './staff-routes';
import { webhookRoutes } from './webhooks/webhook-routes';

export const staffModule: ModuleRoutes<StaffContext> = {
  name: 'staff',
  admin: [
    staffRoutes,
    apiKeyRoutes,
    webhookRoutes,
    // The platform's outbox screen, with the staff member who presses Retry.
    async (app, { ctx }) => app.register(outboxRoutes, { db: ctx.database.db, outbox: ctx.outbox, actorOf }),
  ],
};

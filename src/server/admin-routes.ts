import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ShopContext } from './context';
import type { ModuleRoutes } from './platform/http/module-routes';
import { registerStaffAuth } from './staff';

/**
 * The back office API, /beapi/Admin (DESIGN.md §5): one encapsulated plugin with its own staff
 * hook and per-route permissions. It is registered outside the catalogue plugin (whose cache hook
 * runs before auth), never gets a fast lane, and CORS leaves it closed. The business rules live
 * in the areas (orders, stock, staff, audit); these files are the HTTP layer only.
 */
export const adminRoutes: FastifyPluginAsyncZod<{ ctx: ShopContext; modules: readonly ModuleRoutes<ShopContext>[] }> = async (app, { ctx, modules }) => {
  registerStaffAuth(app, ctx.staff, ctx.config.PUBLIC_URL, ctx.apiKeys);
  for (const module of modules) for (const plugin of module.admin ?? []) await app.register(plugin, { ctx });
};

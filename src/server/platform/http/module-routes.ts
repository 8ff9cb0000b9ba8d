import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** A route plugin of a module: it gets the module's context (its services and those below it). */
export type RoutePlugin<Ctx> = FastifyPluginAsyncZod<{ ctx: Ctx }>;

/**
 * A module's routes, declared once in its manifest.ts and registered by app.ts, which lists the
 * modules once. `api`: under /beapi, the buyer's calls (the catalogue's cache hook and the fast
 * lane live there); `admin`: under /beapi/Admin, behind the staff hook, each route with its
 * permission; `site`: outside /beapi (generated pictures, photos, catalogue PDFs).
 */
export interface ModuleRoutes<Ctx> {
  name: string;
  api?: readonly RoutePlugin<Ctx>[];
  admin?: readonly RoutePlugin<Ctx>[];
  site?: readonly RoutePlugin<Ctx>[];
}

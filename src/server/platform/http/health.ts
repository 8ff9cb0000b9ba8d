import { sql } from 'kysely';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ShopContext } from '../../context';

const healthSchema = z.object({ status: z.enum(['ok', 'unavailable']), database: z.enum(['sqlite', 'postgres']) });

export const healthRoutes: FastifyPluginAsyncZod<{ ctx: ShopContext }> = async (app, { ctx }) => {
  app.get(
    '/health',
    { schema: { tags: ['system'], response: { 200: healthSchema, 503: healthSchema } } },
    async (_request, reply) => {
      const database = ctx.database.dialect;
      try {
        await sql`select 1`.execute(ctx.database.db);
        return { status: 'ok' as const, database };
      } catch {
        return reply.code(503).send({ status: 'unavailable' as const, database });
      }
    },
  );
};

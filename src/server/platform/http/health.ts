import { sql } from 'kysely';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../db/database';

const healthSchema = z.object({ status: z.enum(['ok', 'unavailable']), database: z.enum(['sqlite', 'postgres']) });

export const healthRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database: db }) => {
  app.get(
    '/health',
    { schema: { tags: ['system'], response: { 200: healthSchema, 503: healthSchema } } },
    async (_request, reply) => {
      const database = db.dialect;
      try {
        await sql`select 1`.execute(db.db);
        return { status: 'ok' as const, database };
      } catch {
        return reply.code(503).send({ status: 'unavailable' as const, database });
      }
    },
  );
};

import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** A CSV download streamed from its lines, so a big export never sits in memory whole. */
export function sendCsv(reply: FastifyReply, name: string, lines: AsyncGenerator<string>) {
  return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}"`).send(Readable.from(lines));
}

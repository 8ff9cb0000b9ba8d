import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/** The message of the one line each answered request writes (Fastify's own name for it). */
export const REQUEST_DONE = 'request completed';

/**
 * One log line per request instead of Fastify's two ("incoming request", then "request
 * completed"): written when the answer has gone, with the method and URL (through the logger's
 * `req` serializer, which redacts them), the status and the time taken. Fastify's other lines
 * (errors, a stream cut short) are as before.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, REQUEST_DONE);
  }
}

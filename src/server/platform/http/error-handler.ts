import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { Problem } from '../../../contract/problem';
import { DomainError, TooManyRequests } from '../errors';

const titles: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
};

export function sendProblem(reply: FastifyReply, status: number, detail: string, errors?: string[], extensions: Record<string, unknown> = {}): FastifyReply {
  const problem: Problem & Record<string, unknown> = {
    ...extensions,
    type: 'about:blank',
    title: titles[status] ?? 'Error',
    status,
    detail,
    errorMessage: detail,
    ...(errors && errors.length > 0 ? { errors } : {}),
  };
  return reply.code(status).type('application/problem+json; charset=utf-8').send(JSON.stringify(problem));
}

/**
 * The one error handler. Domain errors and request validation become 4xx problems with their
 * message; anything else is logged and answered with a generic 500, so no stack trace, SQL or
 * internal name ever reaches a client.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof DomainError) {
      if (error instanceof TooManyRequests) reply.header('retry-after', String(error.retryAfterSeconds));
      return sendProblem(reply, error.status, error.message, error.errors, error.extensions);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // Sentences for people (http/plain-validation.ts); the spec's own short texts join as they always did.
      const messages = [...new Set(error.validation.map((v) => v.message ?? 'The request is not valid.'))];
      const fields = error.validationContext === 'body' || error.validationContext === 'querystring' ? fieldsOf(error.validation) : {};
      return sendProblem(reply, 400, joinMessages(messages), messages, Object.keys(fields).length > 0 ? { fields } : {});
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, rate limit) have safe messages.
      return sendProblem(reply, status, error.message);
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendProblem(reply, 500, 'Server error. Please try again later');
  });
}

/**
 * Messages as one detail. Sentences (ending in a full stop) are joined by a space, and the short
 * texts beside them get their full stop; the spec's own short texts alone are joined by a comma,
 * as they always were ("Email is required, Password is required").
 */
export function joinMessages(messages: readonly string[]): string {
  if (!messages.some((m) => /[.!?]$/.test(m))) return messages.join(', ');
  return messages.map((m) => (/[.!?]$/.test(m) ? m : `${m}.`)).join(' ');
}

/** A body's or query string's problems by field path (`price`, `filters.poscat.0`, `from`), the first message of each: forms and filter bars show them at the field. */
function fieldsOf(validation: readonly { instancePath: string; message?: string }[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const v of validation) {
    const path = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
    if (path !== '' && !(path in fields)) fields[path] = v.message ?? 'This value is not valid.';
  }
  return fields;
}

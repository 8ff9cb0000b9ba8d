import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { plainError, plainIssues } from '../../../contract/plain-words';

/** fastify-type-provider-zod marks its validation entries with this symbol; the error handler knows them by it. */
const ZOD_VALIDATION = Symbol.for('ZodFastifySchemaValidationError');

/**
 * Request validation in plain words (DESIGN.md §7): the route's contract schema checks params,
 * query string and body as fastify-type-provider-zod's compiler does, but every message is a
 * sentence naming the field by the label its form gives it ("Title is required.",
 * "Units to add or remove must be a whole number."). The entries keep the library's shape, so the
 * error handler turns them into problem+json `detail`, `errors` and `fields` as before.
 */
export const plainValidatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema }) => {
  const error = plainError(schema);
  return (data) => {
    // The usual case parses as the library does; only a refusal is parsed again with the error map
    // that words it (a per-call map costs every request a little, on the storefront's hot paths too).
    const first = schema.safeParse(data);
    if (first.success) return { value: first.data };
    const result = schema.safeParse(data, { error });
    if (result.success) return { value: result.data };
    const worded = plainIssues(schema, result.error.issues);
    return {
      error: result.error.issues.map((issue, i) => ({
        [ZOD_VALIDATION]: true,
        keyword: issue.code,
        instancePath: `/${issue.path.join('/')}`,
        schemaPath: `#/${issue.path.join('/')}/${issue.code}`,
        message: worded[i]!.message,
        params: {},
      })) as unknown as Error,
    };
  };
};

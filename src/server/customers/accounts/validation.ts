import type { z } from 'zod';
import { Invalid } from '../../platform/errors';

/**
 * Checks input against a contract schema where the route cannot (Login merges its query and
 * body first); answers the parsed value or throws 400 with the spec's messages.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const messages = [...new Set(result.error.issues.map((i) => i.message))];
  throw new Invalid(messages.join(', '), messages);
}

import type { FastifyRequest } from 'fastify';
import { Invalid } from '../errors';

export const NUL_MESSAGE = 'Text may not contain the NUL character';

function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  for (const [k, v] of Object.entries(value)) if (k.includes('\u0000') || holdsNul(v, depth + 1)) return true;
  return false;
}

/**
 * PostgreSQL cannot store U+0000 in text and fails the whole statement (a 500), while SQLite
 * stores it silently; no shop field has a use for it. Refused on both databases as a 400, once
 * the request has passed its token check and validation.
 */
export async function refuseNul(request: FastifyRequest): Promise<void> {
  if (holdsNul(request.params) || holdsNul(request.query) || holdsNul(request.body)) throw new Invalid(NUL_MESSAGE);
}

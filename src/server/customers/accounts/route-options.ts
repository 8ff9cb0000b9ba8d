import type { FastifyRequest } from 'fastify';
import { requireCustomer } from '../../platform/http/auth-context';

/**
 * Runs before validation, so a call without a valid token is 401 whatever its body holds, and
 * a stranger learns nothing about a protected call's rules.
 */
export async function signedIn(request: FastifyRequest): Promise<void> {
  requireCustomer(request);
}

/**
 * Per-address limit (in memory, per process) for the calls that send mail or reveal whether an
 * address is registered. Sign-in has its own, stricter limits kept in the database (throttle.ts).
 */
export const strictLimit = { rateLimit: { max: 30, timeWindow: '1 minute' } };

import type { FastifyRequest } from 'fastify';
import { recordAudit } from '../../platform/audit/audit';
import { writeTransaction } from '../../platform/db/database';
import { buyerActor } from '../../platform/http/auth-context';
import type { Db } from './queries';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Every change asked for in an act-as session is tied to the staff member in the audit log
 * (DESIGN.md §7): a preHandler of the buyer's calls writes one row per unsafe request, after
 * validation and before the handler, so a change that commits always has its row. The changes
 * that write their own rows or actors (checkout's stock movements, the buyer's cancel) take the
 * same actor from `buyerActor`.
 */
export function auditActingRequests(db: Db) {
  return async (request: FastifyRequest): Promise<void> => {
    const who = request.customer;
    if (!who?.actingStaff || !UNSAFE.has(request.method)) return;
    const call = `${request.method} ${request.url}`;
    await writeTransaction(db, (trx) =>
      recordAudit(trx, buyerActor(who, 'Order desk', request.ip), { action: 'customer.act-as.request', target: `customer:${who.id}`, summary: { request: call.length > 300 ? `${call.slice(0, 299)}…` : call } }),
    );
  };
}

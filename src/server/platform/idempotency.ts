import type { Kysely } from 'kysely';
import type { DB } from './db/schema';

/**
 * Idempotency-Key claims (platform's `idempotency_keys`): a client that sends the same key twice
 * gets the first request's result, not a second one. Each takes `db` (or a transaction) first.
 */

/**
 * Claims a customer's key for a request. False when the key is already claimed: on PostgreSQL a
 * concurrent claim waits here until the first request's transaction commits or rolls back.
 */
export async function claimIdempotencyKey(db: Kysely<DB>, customerId: number, key: string, requestHash: string): Promise<boolean> {
  const r = await db
    .insertInto('idempotency_keys')
    .values({ customer_id: customerId, key, request_hash: requestHash, order_id: null, created_at: new Date().toISOString() })
    .onConflict((oc) => oc.columns(['customer_id', 'key']).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** The claim of a customer's key: the request it was made for (its hash) and the order it made, if any. */
export function findIdempotencyKey(db: Kysely<DB>, customerId: number, key: string) {
  return db.selectFrom('idempotency_keys').select(['request_hash', 'order_id']).where('customer_id', '=', customerId).where('key', '=', key).executeTakeFirst();
}

/** Records the order a claimed key's request made. */
export async function setIdempotencyOrder(db: Kysely<DB>, customerId: number, key: string, orderId: number): Promise<void> {
  await db.updateTable('idempotency_keys').set({ order_id: orderId }).where('customer_id', '=', customerId).where('key', '=', key).execute();
}

/** True when `key` is claimed for a customer other than `customerId` (the order desk's keys name their sender, not a customer). */
export async function keyClaimedForAnother(db: Kysely<DB>, customerId: number, key: string): Promise<boolean> {
  const r = await db.selectFrom('idempotency_keys').select('customer_id').where('key', '=', key).where('customer_id', '<>', customerId).limit(1).executeTakeFirst();
  return r !== undefined;
}

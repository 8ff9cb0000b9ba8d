import type { Insertable, Kysely, Selectable } from 'kysely';
import type { DB } from '../../platform/db/schema';
import { lockRowsInTransaction } from '../../platform/db/dialect';
import type { WebhookDeliveryTable, WebhookEndpointTable } from './tables';

/** The only place that touches the webhook tables. Functions take `db` (or a transaction) first. */
export type Db = Kysely<DB>;
export type EndpointRow = Selectable<WebhookEndpointTable>;
export type DeliveryRow = Selectable<WebhookDeliveryTable>;

export function listEndpoints(db: Db): Promise<EndpointRow[]> {
  return db.selectFrom('webhook_endpoints').selectAll().orderBy('id').execute();
}

/** What publishing an event needs: the active endpoints and their events. */
export function activeSubscriptions(db: Db): Promise<{ id: number; events: string }[]> {
  return db.selectFrom('webhook_endpoints').select(['id', 'events']).where('active', '=', 1).orderBy('id').execute();
}

/** `forUpdate`: lock the row (PostgreSQL) for a change that reads it first. */
export function findEndpoint(db: Db, id: number, forUpdate = false): Promise<EndpointRow | undefined> {
  return db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('id', '=', id)
    .$if(forUpdate, (q) => lockRowsInTransaction(q, db))
    .executeTakeFirst();
}

export async function insertEndpoint(db: Db, row: Insertable<WebhookEndpointTable>): Promise<number> {
  const { id } = await db.insertInto('webhook_endpoints').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updateEndpoint(db: Db, id: number, change: Partial<Omit<EndpointRow, 'id'>>): Promise<void> {
  await db.updateTable('webhook_endpoints').set(change).where('id', '=', id).execute();
}

export async function deleteEndpoint(db: Db, id: number): Promise<void> {
  await db.deleteFrom('webhook_endpoints').where('id', '=', id).execute();
}

export type NewDelivery = Insertable<WebhookDeliveryTable> & { created_at: string };

/**
 * One statement for all the rows (at most 500: 5,500 parameters, within both databases' limits).
 * An endpoint deleted while its delivery was in flight has no log left to write to: its rows are
 * left out, so they do not take the other endpoints' rows down with them (a failed batch would
 * send those deliveries again).
 */
export async function insertDeliveries(db: Db, rows: readonly NewDelivery[]): Promise<void> {
  if (rows.length === 0) return;
  const ids = [...new Set(rows.map((r) => r.endpoint_id))];
  const live = new Set((await db.selectFrom('webhook_endpoints').select('id').where('id', 'in', ids).execute()).map((r) => r.id));
  const kept = rows.filter((r) => live.has(r.endpoint_id));
  if (kept.length > 0) await db.insertInto('webhook_deliveries').values(kept).execute();
}

/** Newest first, keyset-paged by id. */
export function listDeliveries(db: Db, endpointId: number, before: number | undefined, limit: number): Promise<DeliveryRow[]> {
  return db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('endpoint_id', '=', endpointId)
    .$if(before !== undefined, (q) => q.where('id', '<', before!))
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Each endpoint's newest delivery attempt: one index probe per endpoint, however long the log. */
export function lastDeliveries(db: Db): Promise<DeliveryRow[]> {
  return db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('id', 'in', (eb) =>
      eb.selectFrom('webhook_endpoints as e').select((e) => e.selectFrom('webhook_deliveries as d').select('d.id').whereRef('d.endpoint_id', '=', 'e.id').orderBy('d.id', 'desc').limit(1).as('last_id')),
    )
    .execute();
}

export function findDelivery(db: Db, endpointId: number, id: number): Promise<DeliveryRow | undefined> {
  return db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).where('endpoint_id', '=', endpointId).executeTakeFirst();
}

/** A delivered message: the endpoint is healthy again. */
export async function markHealthy(db: Db, id: number): Promise<void> {
  await db.updateTable('webhook_endpoints').set({ failing_since: null }).where('id', '=', id).where('failing_since', 'is not', null).execute();
}

/** A failed attempt: the endpoint fails since now, unless it already did. */
export async function markFailing(db: Db, id: number, now: string): Promise<void> {
  await db.updateTable('webhook_endpoints').set({ failing_since: now }).where('id', '=', id).where('failing_since', 'is', null).execute();
}

/**
 * Turns the endpoint off when it has failed since `cutoff` or earlier. True for the one caller that
 * did it (two dispatchers failing at once disable it, and mail about it, once).
 */
export async function disableIfFailingSince(db: Db, id: number, cutoff: string, reason: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('webhook_endpoints')
    .set({ active: 0, disabled_reason: reason, updated_at: now })
    .where('id', '=', id)
    .where('active', '=', 1)
    .where('failing_since', '<=', cutoff)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * A message's payload as its outbox row holds it (null when the row is gone or emptied): a
 * redelivery sends the very same body. The outbox is the webhooks' transport, so this one read
 * of its table lives here rather than widening the outbox's interface.
 */
export async function outboxPayload(db: Db, outboxId: number): Promise<unknown> {
  const row = await db.selectFrom('outbox').select('payload').where('id', '=', outboxId).where('kind', '=', 'webhook').executeTakeFirst();
  return row?.payload ? (JSON.parse(row.payload) as unknown) : null;
}

/** Deletes up to `limit` delivery-log rows written before `before`, oldest first (the outbox's retention). */
export async function pruneDeliveries(db: Db, before: string, limit: number): Promise<number> {
  const result = await db
    .deleteFrom('webhook_deliveries')
    .where('id', 'in', (eb) => eb.selectFrom('webhook_deliveries').select('id').where('created_at', '<', before).orderBy('id').limit(limit))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

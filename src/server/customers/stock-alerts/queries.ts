import { type Kysely, sql } from 'kysely';
import type { DB } from '../../platform/db/schema';
import { hasAvailableStock } from '../../stock';

/** The only place that writes `stock_alerts` (decision 0041). Functions take `db` (or a transaction) first. */
export type Db = Kysely<DB>;

/** The item by its number; undefined when there is no such item. */
export function findItem(db: Db, num: string) {
  return db.selectFrom('items').select(['id', 'num']).where('num', '=', num).executeTakeFirst();
}

/** The customer's waiting alerts, newest first, with the item's number and title. */
export function waitingAlerts(db: Db, customerId: number) {
  return db
    .selectFrom('stock_alerts as a')
    .innerJoin('items as i', 'i.id', 'a.item_id')
    .select(['i.num', 'i.web_title', 'a.created_at'])
    .where('a.customer_id', '=', customerId)
    .where('a.ended_at', 'is', null)
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .execute();
}

export function findWaiting(db: Db, customerId: number, itemId: number) {
  return db.selectFrom('stock_alerts').select(['id', 'created_at']).where('customer_id', '=', customerId).where('item_id', '=', itemId).where('ended_at', 'is', null).executeTakeFirst();
}

/** A new waiting alert; null when one already waits (the partial unique index decides, so two calls at once make one). */
export async function insertAlert(db: Db, customerId: number, itemId: number, at: string): Promise<number | null> {
  const row = await db
    .insertInto('stock_alerts')
    .values({ customer_id: customerId, item_id: itemId, created_at: at })
    .onConflict((oc) => oc.columns(['customer_id', 'item_id']).where('ended_at', 'is', null).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Ends the customer's waiting alert for the item; false when none waited. */
export async function stopAlert(db: Db, customerId: number, itemId: number, at: string): Promise<boolean> {
  const r = await db
    .updateTable('stock_alerts')
    .set({ ended_at: at, ended_by: 'buyer' })
    .where('customer_id', '=', customerId)
    .where('item_id', '=', itemId)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export interface DueAlert {
  id: number;
  customer_id: number;
  item_num: string;
  title: string;
}

/**
 * Ends the waiting alerts of these items that have units to sell now, and answers them: the
 * caller queues one mail per row in the same transaction. The UPDATE's `ended_at is null` is what
 * makes a mail go once: of two notifiers on the same alerts, PostgreSQL makes the second wait for
 * the first's row locks and then finds them ended; SQLite runs one writer at a time.
 */
export async function endDueAlerts(db: Db, itemIds: readonly number[], at: string): Promise<DueAlert[]> {
  if (itemIds.length === 0) return [];
  // Units to sell at either warehouse is the same as West + East above zero (neither goes below 0 in the sum).
  const inStock = db.selectFrom('items as i').select('i.id').where('i.id', 'in', [...itemIds]).where('i.active', '=', 1).where(hasAvailableStock('i.id'));
  const ended = await db
    .updateTable('stock_alerts')
    .set({ ended_at: at, ended_by: 'mail' })
    .where('ended_at', 'is', null)
    .where('item_id', 'in', inStock)
    .returning(['id', 'customer_id', 'item_id'])
    .execute();
  if (ended.length === 0) return [];
  const items = await db.selectFrom('items').select(['id', 'num', 'web_title']).where('id', 'in', [...new Set(ended.map((e) => e.item_id))]).execute();
  const byId = new Map(items.map((i) => [i.id, i]));
  return ended.map((e) => ({ id: e.id, customer_id: e.customer_id, item_num: byId.get(e.item_id)!.num, title: byId.get(e.item_id)!.web_title }));
}

/** Items whose stock changed after `since`, with the newest sequence among them (the stock feed, stock/'s table). */
export async function stockChangesAfter(db: Db, since: number, limit: number): Promise<{ itemIds: number[]; upTo: number }> {
  const rows = await db.selectFrom('stock_changes').select(['item_id', 'seq']).where('seq', '>', since).orderBy('seq').limit(limit).execute();
  return { itemIds: rows.map((r) => r.item_id), upTo: rows.reduce((m, r) => Math.max(m, Number(r.seq)), since) };
}

/** Waiting alerts and their oldest and newest ask, by item: the back office's waiting demand. */
export function waitingByItem(db: Db) {
  return db
    .selectFrom('stock_alerts as a')
    .innerJoin('items as i', 'i.id', 'a.item_id')
    .select(['i.num', 'i.web_title', sql<number>`count(*)`.as('subscribers'), sql<string>`max(a.created_at)`.as('latest')])
    .where('a.ended_at', 'is', null)
    .groupBy(['i.num', 'i.web_title'])
    .execute()
    .then((rows) => rows.map((r) => ({ ...r, subscribers: Number(r.subscribers) })));
}

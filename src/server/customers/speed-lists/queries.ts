import { type Kysely, type Transaction, sql } from 'kysely';
import type { DB } from '../../platform/db/schema';
import { isUniqueViolation } from '../../platform/db/constraints';

/** The only place the speed list module touches Kysely. Functions take `db` (or a transaction) first. */

export type Db = Kysely<DB> | Transaction<DB>;

export interface ListRow {
  id: number;
  name: string;
  updated_at: string;
  lines: number;
  quantity: number;
}

/** The customer's lists, newest change first, with their line counts. */
export function listSummaries(db: Db, customerId: number): Promise<ListRow[]> {
  return db
    .selectFrom('speed_lists as l')
    .leftJoin('speed_list_lines as x', 'x.list_id', 'l.id')
    .select(['l.id', 'l.name', 'l.updated_at'])
    .select([sql<number>`count(x.item_num)`.as('lines'), sql<number>`coalesce(sum(x.qty), 0)`.as('quantity')])
    .where('l.customer_id', '=', customerId)
    .groupBy(['l.id', 'l.name', 'l.updated_at'])
    .orderBy('l.updated_at', 'desc')
    .orderBy('l.id', 'desc')
    .execute()
    .then((rows) => rows.map((r) => ({ ...r, lines: Number(r.lines), quantity: Number(r.quantity) })));
}

/** One list of the customer; undefined for another customer's list as for a missing one. */
export function findList(db: Db, customerId: number, id: number) {
  return db.selectFrom('speed_lists').select(['id', 'name', 'updated_at']).where('id', '=', id).where('customer_id', '=', customerId).executeTakeFirst();
}

export function countLists(db: Db, customerId: number): Promise<number> {
  return db
    .selectFrom('speed_lists')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('customer_id', '=', customerId)
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));
}

/** The new list's id, or null when the customer already has a list of that name. */
export async function insertList(db: Db, customerId: number, name: string, now: string): Promise<number | null> {
  const row = await db
    .insertInto('speed_lists')
    .values({ customer_id: customerId, name, name_key: name.toLowerCase(), created_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(['customer_id', 'name_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/** 'renamed', 'missing' (not the customer's list) or 'taken' (another of their lists has the name). */
export async function renameList(db: Db, customerId: number, id: number, name: string, now: string): Promise<'renamed' | 'missing' | 'taken'> {
  try {
    const res = await db
      .updateTable('speed_lists')
      .set({ name, name_key: name.toLowerCase(), updated_at: now })
      .where('id', '=', id)
      .where('customer_id', '=', customerId)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0 ? 'renamed' : 'missing';
  } catch (e) {
    if (isUniqueViolation(e)) return 'taken';
    throw e;
  }
}

export async function touchList(db: Db, id: number, now: string): Promise<void> {
  await db.updateTable('speed_lists').set({ updated_at: now }).where('id', '=', id).execute();
}

export async function deleteList(db: Db, customerId: number, id: number): Promise<boolean> {
  await db.deleteFrom('speed_list_lines').where('list_id', 'in', db.selectFrom('speed_lists').select('id').where('id', '=', id).where('customer_id', '=', customerId)).execute();
  const res = await db.deleteFrom('speed_lists').where('id', '=', id).where('customer_id', '=', customerId).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

export function listLines(db: Db, listId: number) {
  return db.selectFrom('speed_list_lines').select(['item_num', 'qty']).where('list_id', '=', listId).orderBy('position').execute();
}

/** Replaces every line of a list (call inside a transaction). */
export async function replaceLines(db: Db, listId: number, lines: { invNum: string; qty: number }[]): Promise<void> {
  await db.deleteFrom('speed_list_lines').where('list_id', '=', listId).execute();
  // Chunks keep each statement under SQLite's bound-parameter limit.
  for (let i = 0; i < lines.length; i += 200) {
    const chunk = lines.slice(i, i + 200);
    await db
      .insertInto('speed_list_lines')
      .values(chunk.map((l, j) => ({ list_id: listId, item_num: l.invNum, qty: l.qty, position: i + j })))
      .execute();
  }
}

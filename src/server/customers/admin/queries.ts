import { type ExpressionBuilder, type Kysely, type SqlBool, sql, type Updateable } from 'kysely';
import { CUSTOMERS_ADMIN, type CustomersExportQuery, type CustomerStatus } from '../../../contract/admin/customers';
import type { DB } from '../../platform/db/schema';
import { containsPattern } from '../../platform/db/like';
import { notIndexedOnSqlite } from '../../platform/db/dialect';

/** The customers desk's reads and writes: the only place here that touches Kysely. */

export type Db = Kysely<DB>;


/**
 * The list's and the export's filters. `q` is one parameter matched as a substring of
 * `search_key` (company | contact name | email | ZIP in lower case, kept by the database: migration
 * 2026-11-26T00-40). PostgreSQL answers it from a trigram index (migration 2026-11-26T08-10).
 * SQLite walks the narrow `customers_search` index (id, search_key, state, status), which holds
 * all three filters: with a search it compares status and state as `status || ''`, which no
 * index answers, so that neither the status nor the state index (and a read of each wide row:
 * 67,000 of them for "active") is ever chosen instead, with or without ANALYZE (decision 0024).
 * Not on PostgreSQL, whose planner would then misjudge how many rows the filter keeps.
 */
export function customerFilter(db: Db, query: CustomersExportQuery) {
  const walk = Boolean(query.q);
  return (eb: ExpressionBuilder<DB, 'customers'>) => {
    const column = (c: 'status' | 'state') => (walk ? notIndexedOnSqlite<string>(db, `customers.${c}`) : sql.ref<string>(`customers.${c}`));
    const where = [];
    if (query.status) where.push(eb(column('status'), '=', query.status));
    if (query.state) where.push(eb(column('state'), '=', query.state));
    if (query.q) where.push(sql<SqlBool>`customers.search_key like ${containsPattern(query.q)} escape '\\'`);
    return eb.and(where);
  };
}

const newestFirst = (db: Db, query: CustomersExportQuery) => db.selectFrom('customers').select('customers.id').where(customerFilter(db, query)).orderBy('customers.id', 'desc');

/**
 * The ids of one page, newest first, and how many customers the filters keep. A search reads the
 * ids of its first `countCap` + 1 matches (or to the end of the page, if further) in one walk,
 * newest first: the page is a slice of them and the total their number, "more than 1,000" when
 * the walk filled up: a common word stops there instead of reading every match, a rare word is
 * one walk, not a page and then a count (decision 0024). Without a search the status and state
 * indexes answer the page and the exact total.
 */
export async function pageKeys(db: Db, query: CustomersExportQuery, limit: number, offset: number): Promise<{ ids: number[]; total: number; totalCapped: boolean }> {
  if (query.q) {
    const window = Math.max(offset + limit, CUSTOMERS_ADMIN.countCap + 1);
    const rows = await newestFirst(db, query).limit(window).execute();
    const totalCapped = rows.length === window;
    return { ids: rows.slice(offset, offset + limit).map((r) => r.id), total: totalCapped ? CUSTOMERS_ADMIN.countCap + 1 : rows.length, totalCapped };
  }
  const rows = await newestFirst(db, query).limit(limit).offset(offset).execute();
  const ids = rows.map((r) => r.id);
  if ((rows.length > 0 && rows.length < limit) || (rows.length === 0 && offset === 0)) return { ids, total: offset + rows.length, totalCapped: false };
  const row = await db.selectFrom('customers').select((eb) => eb.fn.countAll<string | number>().as('n')).where(customerFilter(db, query)).executeTakeFirstOrThrow();
  return { ids, total: Number(row.n), totalCapped: false };
}

/** The list's rows for these ids, newest first, with their order count and last order. */
export function listRows(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('customers')
    .where('customers.id', 'in', ids)
    .select((eb) => [
      'customers.id',
      'customers.code',
      'customers.org_name',
      'customers.first_name',
      'customers.last_name',
      'customers.email',
      'customers.zip',
      'customers.state',
      'customers.status',
      'customers.price_level_id',
      eb.selectFrom('orders').select((o) => o.fn.countAll<string | number>().as('n')).whereRef('orders.customer_id', '=', 'customers.id').as('order_count'),
      eb.selectFrom('orders').select((o) => o.fn.max('orders.created_at').as('at')).whereRef('orders.customer_id', '=', 'customers.id').as('last_order_at'),
    ])
    .orderBy('customers.id', 'desc')
    .execute();
}

export function customerRow(db: Db, id: number) {
  return db.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirst();
}

export function shipTosOf(db: Db, customerId: number) {
  return db.selectFrom('ship_tos').selectAll().where('customer_id', '=', customerId).orderBy('id').execute();
}

export function recentOrders(db: Db, customerId: number, limit: number) {
  return db
    .selectFrom('orders')
    .select(['order_num', 'created_at', 'status_code', 'total_cents', 'original_subtotal_cents', 'original_discount_cents', 'original_shipping_cents', 'original_tax_cents'])
    .where('customer_id', '=', customerId)
    .orderBy('order_num', 'desc')
    .limit(limit)
    .execute();
}

export async function orderCount(db: Db, customerId: number): Promise<number> {
  const row = await db.selectFrom('orders').select((eb) => eb.fn.countAll<string | number>().as('n')).where('customer_id', '=', customerId).executeTakeFirstOrThrow();
  return Number(row.n);
}

export function notesOf(db: Db, customerId: number, limit: number) {
  return db
    .selectFrom('customer_notes as n')
    .leftJoin('staff as s', 's.id', 'n.staff_id')
    .select(['n.id', 'n.text', 'n.created_at', 's.name as author'])
    .where('n.customer_id', '=', customerId)
    .orderBy('n.id', 'desc')
    .limit(limit)
    .execute();
}

export async function insertNote(db: Db, customerId: number, staffId: number | null, text: string, at: string): Promise<number> {
  const row = await db.insertInto('customer_notes').values({ customer_id: customerId, staff_id: staffId, text, created_at: at }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Live sessions, newest first (expired ones are cleaned up at sign-in). */
export function liveSessions(db: Db, customerId: number, now: string) {
  return db
    .selectFrom('sessions')
    .select(['id', 'created_at', 'expires_at', 'acting_staff_id'])
    .where('customer_id', '=', customerId)
    .where('expires_at', '>', now)
    .orderBy('id', 'desc')
    .execute();
}

/** Deletes one session of the customer (or all with `sessionId` undefined); answers how many went. */
export async function deleteSessions(db: Db, customerId: number, sessionId?: number): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where('customer_id', '=', customerId)
    .$if(sessionId !== undefined, (q) => q.where('id', '=', sessionId!))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Sets the status when the version is still `version`; answers whether it did. */
/** The customer's price level; guarded by the version read, and moves it. */
export async function setPriceLevel(db: Db, id: number, version: number, levelId: number | null, at: string): Promise<boolean> {
  const result = await db
    .updateTable('customers')
    .set({ price_level_id: levelId, version: sql`version + 1`, updated_at: at })
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function priceLevelExists(db: Db, id: number) {
  return db.selectFrom('price_levels').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
}

export async function setStatus(db: Db, id: number, version: number, status: CustomerStatus, at: string): Promise<boolean> {
  const result = await db
    .updateTable('customers')
    .set({ status, version: sql`version + 1`, updated_at: at })
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Moves the version when it is still `version` (a change other than the status); answers whether it did. */
export async function bumpVersion(db: Db, id: number, version: number, at: string): Promise<boolean> {
  const result = await db.updateTable('customers').set({ version: sql`version + 1`, updated_at: at }).where('id', '=', id).where('version', '=', version).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The names, phone, web and billing address staff corrected (the version moved already, in the same transaction). */
export async function updateProfile(db: Db, id: number, patch: Updateable<DB['customers']>): Promise<void> {
  await db.updateTable('customers').set(patch).where('id', '=', id).execute();
}

/** A customer's trade terms and credit limit (money's terms change writes them, in its transaction with the audit row). */
export async function setTerms(db: Db, customerId: number, patch: { terms_kind?: 'prepaid' | 'net'; terms_days?: number; credit_limit_cents?: number }): Promise<void> {
  await db.updateTable('customers').set(patch).where('id', '=', customerId).execute();
}

import { type RawBuilder, sql } from 'kysely';
import { DB_INT_MAX } from '../../contract/ids';
import { type AdminOrder, ORDER_ADMIN_MESSAGES } from '../../contract/admin/orders';
import { bumpCounter, counterCte } from '../platform/counters';
import { atTransactionEnd, type TransactionEnding } from '../platform/db/database';
import { oneStatementWrites } from '../platform/db/dialect';
import { Invalid } from '../platform/errors';
import type { AdminOrderReader } from './admin-order';
import type { Db } from './queries';

/**
 * The orders change feed for ERPs (DESIGN.md §5 "Integration"): `GET /beapi/Admin/Orders?updatedSince=`.
 *
 * Every write transaction that changes orders stamps them, as its LAST statement, with the next
 * value of the `order_change_seq` counter. On PostgreSQL the counter row's lock is held from that
 * statement to the commit, so values commit in order; SQLite writes one transaction at a time. So
 * once a reader sees the counter at N, every change ≤ N is committed and none ≤ N can come later
 * (timestamps could not promise that: a transaction can commit after a later one). Last, so the
 * lock is held for no other statement, and so that every transaction takes it after all its other
 * locks: it can wait for no one while holding it, and no deadlock can go through it.
 *
 * A poll reads pages up to the counter's value at its first page (the cursor carries it), keyset
 * on (change_seq, id): an order changed during the poll moves past that mark and comes in the next
 * poll, so within one poll no order is skipped or repeated. A page shorter than asked ends the
 * poll: its cursor is that mark.
 */

const ORDER_CHANGE_SEQ = 'order_change_seq' as const;

const stampOrders: TransactionEnding<Set<number>> = {
  name: 'orders change feed',
  last: true,
  // After the stock sequence (stock/queries.ts), as checkout takes them.
  rank: 2,
  start: () => new Set<number>(),
  ctes(ids, after) {
    if (ids.size === 0) return null;
    return {
      ctes: sql`${counterCte('feed_seq', ORDER_CHANGE_SEQ, after)},
        feed_stamped as (update orders set change_seq = feed_seq.value from feed_seq where orders.id in (${sql.join([...ids])}))`,
      done: sql`(select count(*) from feed_seq) > 0`,
    };
  },
  async end(trx, ids) {
    if (ids.size === 0) return;
    const list = [...ids];
    if (oneStatementWrites(trx)) {
      await sql`with ${counterCte('seq', ORDER_CHANGE_SEQ)}
        update orders set change_seq = seq.value from seq where orders.id in (${sql.join(list)})`.execute(trx);
      return;
    }
    const seq = await bumpCounter(trx, ORDER_CHANGE_SEQ);
    for (let i = 0; i < list.length; i += 500) await trx.updateTable('orders').set({ change_seq: seq }).where('id', 'in', list.slice(i, i + 500)).execute();
  },
};

/**
 * PostgreSQL: the stamp as a common table expression `name` answering the sequence (`value`),
 * for a statement that is its transaction's last (checkout's `finishCheckout`). `after` are
 * conditions that make the CTEs holding the transaction's other shared rows run first, so the
 * counter is still taken after every other lock.
 */
export function orderFeedCte(name: string, after: readonly RawBuilder<unknown>[]): RawBuilder<unknown> {
  return counterCte(name, ORDER_CHANGE_SEQ, after);
}

/**
 * This write transaction changed the order: it gets the next change sequence at the transaction's
 * end. A change made outside any transaction (a script, a test) is stamped at once.
 */
export async function noteOrderChanged(db: Db, orderId: number): Promise<void> {
  if (db.isTransaction) atTransactionEnd(db, stampOrders).add(orderId);
  else await stampOrders.end(db, new Set([orderId]));
}

interface Cursor {
  seq: number;
  /** Mid-poll: the last order read of sequence `seq`; null: every order of `seq` was read. */
  id: number | null;
  /** The counter's value when the poll began: this poll reads changes up to it. */
  upTo: number | null;
}

/** `N` (every change up to N seen) or `seq.id.upTo` in the middle of a poll; `0` starts at the beginning. */
export function parseFeedCursor(text: string): Cursor {
  const m = /^(\d{1,15})(?:\.(\d{1,15})\.(\d{1,15}))?$/.exec(text);
  // Each part is a counter or an id: a 32-bit integer in the database.
  if (!m || m.slice(1).some((part) => part !== undefined && Number(part) > DB_INT_MAX)) throw new Invalid(ORDER_ADMIN_MESSAGES.cursorInvalid);
  return m[2] === undefined ? { seq: Number(m[1]), id: null, upTo: null } : { seq: Number(m[1]), id: Number(m[2]), upTo: Number(m[3]) };
}

export async function listOrderChanges(db: Db, orders: AdminOrderReader, cursorText: string, pageSize: number): Promise<{ items: AdminOrder[]; nextCursor: string }> {
  const cursor = parseFeedCursor(cursorText);
  const upTo =
    cursor.upTo ?? Number((await db.selectFrom('counters').select('value').where('name', '=', ORDER_CHANGE_SEQ).executeTakeFirstOrThrow()).value);
  const page = await db
    .selectFrom('orders')
    .select(['id', 'order_num', 'change_seq'])
    .where((eb) => (cursor.id === null ? eb('change_seq', '>', cursor.seq) : eb.or([eb('change_seq', '>', cursor.seq), eb.and([eb('change_seq', '=', cursor.seq), eb('id', '>', cursor.id)])])))
    .where('change_seq', '<=', upTo)
    .orderBy('change_seq')
    .orderBy('id')
    .limit(pageSize)
    .execute();
  // Side by side: on PostgreSQL the pool's connections read them at once.
  const items: AdminOrder[] = await Promise.all(page.map((r) => orders.read(r.order_num)));
  const last = page[page.length - 1];
  // A full page always continues the poll (the next page may be empty), so "call again while the
  // page is full" never starts a new poll, with a new mark, halfway.
  const nextCursor = page.length === pageSize && last ? `${last.change_seq}.${last.id}.${upTo}` : String(Math.max(upTo, cursor.seq));
  return { items, nextCursor };
}

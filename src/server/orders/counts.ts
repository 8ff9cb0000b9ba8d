import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { DB } from '../platform/db/schema';
import type { OrderStatusCode } from './tables';

/**
 * The order counts the dashboard and the orders list read (table `order_counts`), kept in the
 * transaction of every change of an order, so no request counts the orders table.
 * Keys: `status:<code>`; `ship:west` / `ship:east` for orders that can ship (accepted or
 * partially shipped) with open units there; `backordered` for live orders with backordered units.
 */
export interface CountedOrder {
  status_code: OrderStatusCode;
  open_west: number;
  open_east: number;
  backordered: number;
}

export function countKeys(o: CountedOrder): string[] {
  const keys = [`status:${o.status_code}`];
  const canShip = o.status_code === 'accepted' || o.status_code === 'partially_shipped';
  if (canShip && o.open_west > 0) keys.push('ship:west');
  if (canShip && o.open_east > 0) keys.push('ship:east');
  const live = o.status_code !== 'cancelled' && o.status_code !== 'closed' && o.status_code !== 'on_hold';
  if (live && o.backordered > 0) keys.push('backordered');
  return keys;
}

/** The keys to take one from and to add one to when an order goes from `before` to `after` (null: none). */
export function countChange(before: CountedOrder | null, after: CountedOrder | null): { minus: string[]; plus: string[] } {
  const b = before ? countKeys(before) : [];
  const a = after ? countKeys(after) : [];
  return { minus: b.filter((k) => !a.includes(k)), plus: a.filter((k) => !b.includes(k)) };
}

/** Applies `countChange` in the caller's transaction. */
export async function updateCounts(db: Kysely<DB>, before: CountedOrder | null, after: CountedOrder | null): Promise<void> {
  await applyCountMoves(db, [{ before, after }]);
}

/** Count moves held back: a transaction that must take `order_counts` after other shared rows collects them and applies them with `applyCountMoves`. */
export type CountMoves = { before: CountedOrder | null; after: CountedOrder | null }[];

/**
 * Applies collected moves, netted per key, in ONE statement. Two statements (say, one taking from
 * `status:accepted` and one adding to `status:partially_shipped`) held the first row while
 * waiting for the second, so two transactions that met them the other way round deadlocked on
 * PostgreSQL (the invariant run found it, decision 0028); one statement takes its rows in one pass.
 */
export async function applyCountMoves(db: Kysely<DB>, moves: CountMoves): Promise<void> {
  const net = new Map<string, number>();
  for (const m of moves) {
    const { minus, plus } = countChange(m.before, m.after);
    for (const k of minus) net.set(k, (net.get(k) ?? 0) - 1);
    for (const k of plus) net.set(k, (net.get(k) ?? 0) + 1);
  }
  const changes = [...net].filter(([, d]) => d !== 0).sort(([a], [b]) => a.localeCompare(b));
  if (changes.length === 0) return;
  const delta = sql<number>`case ${sql.join(changes.map(([key, d]) => sql`when key = ${key} then ${d}`), sql` `)} else 0 end`;
  await db.updateTable('order_counts').set({ n: sql<number>`n + ${delta}` }).where('key', 'in', changes.map(([key]) => key)).execute();
}

export async function readCounts(db: Kysely<DB>): Promise<Map<string, number>> {
  const rows = await db.selectFrom('order_counts').select(['key', 'n']).execute();
  return new Map(rows.map((r) => [r.key, Number(r.n)]));
}

/** A new order: adds one to each of its count keys (`countKeys`). */
export async function countNewOrder(db: Kysely<DB>, keys: readonly string[]): Promise<void> {
  await db.updateTable('order_counts').set({ n: sql<number>`n + 1` }).where('key', 'in', [...keys]).execute();
}

/** PostgreSQL: `countNewOrder` as a common table expression `name` for a WITH clause, after the CTEs `after` names (conditions on them). */
export function countNewOrderCte(name: string, keys: readonly string[], after: readonly RawBuilder<unknown>[]): RawBuilder<unknown> {
  return sql`${sql.id(name)} as (update order_counts set n = n + 1 where key in (${sql.join([...keys])})${sql.join(
    after.map((c) => sql` and ${c}`),
    sql``,
  )} returning 1)`;
}

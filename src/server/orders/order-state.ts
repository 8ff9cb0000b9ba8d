import type { TaxBasis } from '../../contract/cart';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { DB } from '../platform/db/schema';
import type { Actor } from '../platform/audit/audit';
import { chunks } from '../platform/db/chunks';
import { oneStatementWrites } from '../platform/db/dialect';
import { noteOrderChanged } from './change-feed';
import { applyCountMoves, type CountMoves, updateCounts, type CountedOrder } from './counts';
import type { EditedOrder } from './order-edit-queries';
import type { OrderTotals } from './order-totals';
import type { OrderLineRow } from './queries';
import type { OrderStatusCode } from './tables';

/**
 * The pieces every change of an order shares, whoever makes it (the lifecycle's actions, backorder
 * fills, a buyer's cancel): the order's sums over its lines, its version, the counts and the
 * timeline. All run in the caller's transaction.
 */

export interface OrderState extends CountedOrder {
  id: number;
  order_num: number;
  customer_id: number;
  version: number;
  shipped_qty: number;
}

/**
 * The order's money, as its invoices and cancels need it (read with the locked row: no second
 * query): what remains (`subtotal_cents` …) and the order as placed (`original_*`, decision 0026).
 */
export interface OrderMoney {
  subtotal_cents: number;
  discount_cents: number;
  shipping_cents: number;
  original_subtotal_cents: number;
  original_discount_cents: number;
  original_shipping_cents: number;
  /** Sales tax: of what remains and as placed, and the terms the order is taxed on (decision 0042). */
  tax_cents: number;
  original_tax_cents: number;
  tax_rate_ppm: number | null;
  tax_shipping: number;
  tax_basis: TaxBasis;
  tax_state: string;
  tax_version: string;
  tax_certificate_id: number | null;
}

/** When and where to the order was placed, as the sales summaries need it (read with the locked row too). */
export interface OrderPlaced {
  created_at: string;
  ship_to_json: string;
}

/** The buyer's email, read with the locked row for the lifecycle's mails (null: no such customer). */
export interface OrderBuyer {
  email: string | null;
}

/** The order's kept sums over its lines. */
export type OrderSums = Pick<OrderState, 'open_west' | 'open_east' | 'backordered' | 'shipped_qty'>;

/** The four quantities of a line that the order's kept sums add up. */
export type LineSums = Pick<OrderLineRow, 'qty_west' | 'qty_east' | 'qty_backordered' | 'qty_shipped'>;

/**
 * The order's kept sums moved by changed lines (each line's quantities after less before; no
 * before: a line added), so a change of a few lines of a long order neither reads nor adds up the others.
 */
export function sumsMovedBy(order: OrderSums, moves: readonly { before: LineSums | null; after: LineSums }[]): OrderSums {
  const sums = { open_west: order.open_west, open_east: order.open_east, backordered: order.backordered, shipped_qty: order.shipped_qty };
  for (const { before, after } of moves) {
    sums.open_west += after.qty_west - (before?.qty_west ?? 0);
    sums.open_east += after.qty_east - (before?.qty_east ?? 0);
    sums.backordered += after.qty_backordered - (before?.qty_backordered ?? 0);
    sums.shipped_qty += after.qty_shipped - (before?.qty_shipped ?? 0);
  }
  return sums;
}

/** The order row, locked on PostgreSQL (SQLite's write transaction holds the whole database), with its buyer's email. */
export async function lockOrder(db: Kysely<DB>, where: { orderNum: number } | { id: number }, forUpdate: boolean): Promise<(OrderState & OrderMoney & OrderPlaced & OrderBuyer) | undefined> {
  return lockedOrderQuery(db, where, forUpdate).executeTakeFirst();
}

/** `lockOrder`'s query, for a reader that wants more of the order's row in the same statement. */
function lockedOrderQuery(db: Kysely<DB>, where: { orderNum: number } | { id: number }, forUpdate: boolean) {
  return db
    .selectFrom('orders as o')
    .leftJoin('customers as c', 'c.id', 'o.customer_id')
    .select(['o.id', 'o.order_num', 'o.customer_id', 'o.status_code', 'o.version', 'o.open_west', 'o.open_east', 'o.backordered', 'o.shipped_qty'])
    .select(['o.subtotal_cents', 'o.discount_cents', 'o.shipping_cents', 'o.created_at', 'o.ship_to_json', 'c.email'])
    .select(['o.original_subtotal_cents', 'o.original_discount_cents', 'o.original_shipping_cents'])
    .select(['o.tax_cents', 'o.original_tax_cents', 'o.tax_rate_ppm', 'o.tax_shipping', 'o.tax_basis', 'o.tax_state', 'o.tax_version', 'o.tax_certificate_id'])
    .$if('orderNum' in where, (q) => q.where('o.order_num', '=', (where as { orderNum: number }).orderNum))
    .$if('id' in where, (q) => q.where('o.id', '=', (where as { id: number }).id))
    // The order's row only: the customer's is read, not locked.
    .$if(forUpdate, (q) => q.forUpdate('o'));
}

/**
 * The order row locked as `lockOrder` locks it, with the fields an edit may change and the ones
 * it keeps up to date, in the same statement.
 */
export function lockOrderToEdit(db: Kysely<DB>, orderNum: number, forUpdate: boolean) {
  return lockedOrderQuery(db, { orderNum }, forUpdate)
    .select(['o.ship_to_code', 'o.shipping_code', 'o.shipping_name', 'o.po_number', 'o.comments', 'o.hold_reason', 'o.line_count', 'o.total_qty'])
    .executeTakeFirst();
}

/**
 * After the lines of `before` changed: recomputes the order's sums from its lines (or takes
 * `known` ones, worked out by a caller that changed the lines of a locked order itself), sets its
 * status and an edit's header (when given), moves its version and updated_at, and moves the
 * counts (or, with `deferCounts`, adds the move to it for the caller's `applyCountMoves`).
 * Answers the new state.
 */
export async function saveOrderState(
  db: Kysely<DB>,
  before: OrderState,
  change: { status?: OrderStatusCode; holdReason?: string | null; totals?: OrderTotals; header?: EditedOrder } = {},
  known?: OrderSums,
  deferCounts?: CountMoves,
): Promise<OrderState> {
  const sums = known ?? await db
    .selectFrom('order_lines')
    .select([
      sql<number>`coalesce(sum(qty_west), 0)`.as('open_west'),
      sql<number>`coalesce(sum(qty_east), 0)`.as('open_east'),
      sql<number>`coalesce(sum(qty_backordered), 0)`.as('backordered'),
      sql<number>`coalesce(sum(qty_shipped), 0)`.as('shipped_qty'),
    ])
    .where('order_id', '=', before.id)
    .executeTakeFirstOrThrow();
  const after: OrderState = {
    ...before,
    open_west: Number(sums.open_west),
    open_east: Number(sums.open_east),
    backordered: Number(sums.backordered),
    shipped_qty: Number(sums.shipped_qty),
    status_code: change.status ?? before.status_code,
    version: before.version + 1,
  };
  await db
    .updateTable('orders')
    .set({
      open_west: after.open_west,
      open_east: after.open_east,
      backordered: after.backordered,
      shipped_qty: after.shipped_qty,
      status_code: after.status_code,
      version: after.version,
      updated_at: new Date().toISOString(),
      ...(change.holdReason !== undefined ? { hold_reason: change.holdReason } : {}),
      ...(change.totals
        ? { subtotal_cents: change.totals.subtotalCents, discount_cents: change.totals.discountCents, shipping_cents: change.totals.shippingCents, tax_cents: change.totals.taxCents, total_cents: change.totals.totalCents }
        : {}),
      // An edit's header (order-edit-queries.ts): in the same statement as its state.
      ...(change.header ?? {}),
    })
    .where('id', '=', before.id)
    .execute();
  await noteOrderChanged(db, before.id);
  if (deferCounts) deferCounts.push({ before, after });
  else await updateCounts(db, before, after);
  return after;
}

/**
 * `saveOrderState` for orders whose lines a backorder fill changed and whose status stays: each
 * with its `sums` worked out by the caller. PostgreSQL: one statement for all of them. The count
 * moves go to `deferCounts`, or are applied netted (`applyCountMoves`).
 */
export async function saveOrderSums(db: Kysely<DB>, changes: readonly { before: OrderState; sums: OrderSums }[], deferCounts?: CountMoves): Promise<OrderState[]> {
  const moves: CountMoves = [];
  const saved: OrderState[] = [];
  if (oneStatementWrites(db)) {
    const now = new Date().toISOString();
    for (const part of chunks(changes, 6)) {
      const values = part.map(({ before, sums }) => {
        const after: OrderState = { ...before, ...sums, version: before.version + 1 };
        saved.push(after);
        moves.push({ before, after });
        return sql`(${after.id}::integer, ${after.open_west}::integer, ${after.open_east}::integer, ${after.backordered}::integer, ${after.shipped_qty}::integer, ${after.version}::integer)`;
      });
      await sql`update orders set open_west = v.w, open_east = v.e, backordered = v.b, shipped_qty = v.s, version = v.version, updated_at = ${now}
        from (values ${sql.join(values)}) as v(id, w, e, b, s, version) where orders.id = v.id`.execute(db);
    }
    for (const { before } of changes) await noteOrderChanged(db, before.id);
  } else {
    for (const { before, sums } of changes) saved.push(await saveOrderState(db, before, {}, sums, moves));
  }
  if (deferCounts) deferCounts.push(...moves);
  else await applyCountMoves(db, moves);
  return saved;
}

export interface OrderEventRow {
  orderId: number;
  kind: string;
  detail: string;
  public: boolean;
}

/** One entry of the order's timeline; `public` ones the buyer sees. Answers the time it carries. */
export function addOrderEvent(db: Kysely<DB>, orderId: number, actor: Actor, kind: string, detail: string, isPublic: boolean): Promise<string> {
  return addOrderEvents(db, actor, [{ orderId, kind, detail, public: isPublic }]);
}

/**
 * PostgreSQL: `addOrderEvents` as a common table expression `name` of a caller's statement that
 * writes other owners' rows too (an order edit's one write: decision 0036), at the time `at`.
 */
export function orderEventsCte(name: string, actor: Actor, events: readonly OrderEventRow[], at: string): RawBuilder<unknown> {
  const rows = events.map((e) => sql`(${e.orderId}::integer, ${e.kind}::text, ${e.detail}::text, ${e.public ? 1 : 0}::integer)`);
  return sql`${sql.id(name)} as (insert into order_events (order_id, at, actor, actor_name, kind, detail, public)
    select v.order_id, ${at}, ${actor.display}, ${actor.name ?? null}, v.kind, v.detail, v.public from (values ${sql.join(rows)}) as v(order_id, kind, detail, public))`;
}

/** Timeline entries of several orders, in one statement. Answers the time they carry. */
export async function addOrderEvents(db: Kysely<DB>, actor: Actor, events: readonly OrderEventRow[], at = new Date().toISOString()): Promise<string> {
  for (const part of chunks(events, 6)) {
    await db
      .insertInto('order_events')
      .values(part.map((e) => ({ order_id: e.orderId, at, actor: actor.display, actor_name: actor.name ?? null, kind: e.kind, detail: e.detail, public: e.public ? 1 : 0 })))
      .execute();
  }
  return at;
}

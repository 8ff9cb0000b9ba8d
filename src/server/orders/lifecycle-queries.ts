import { type Insertable, type RawBuilder, type Selectable, sql } from 'kysely';
import type { InvoiceSummary, OrderEvent, Shipment } from '../../contract/order-lifecycle';
import { dollars } from '../../contract/cart';
import { bumpCounter } from '../platform/counters';
import { chunks } from '../platform/db/chunks';
import { oneStatementWrites } from '../platform/db/dialect';
import type { Db, OrderLineRow } from './queries';
import type { ShipmentTable } from './tables';
import { trackingUrl } from './tracking';

/** Kysely for the lifecycle: lines' quantities, shipments, invoices, the order's history. Each takes `db` (or a transaction) first. */

export interface LineQuantities {
  line_no: number;
  qty_west: number;
  qty_east: number;
  qty_backordered: number;
  qty_shipped: number;
  qty_cancelled: number;
}

/** Writes the five quantities of changed lines. PostgreSQL: one statement for all of them (one round trip). */
export async function setLineQuantities(db: Db, orderId: number, rows: readonly LineQuantities[]): Promise<void> {
  if (rows.length === 0) return;
  if (oneStatementWrites(db)) {
    const values = rows.map(
      (r) => sql`(${r.line_no}::integer, ${r.qty_west}::integer, ${r.qty_east}::integer, ${r.qty_backordered}::integer, ${r.qty_shipped}::integer, ${r.qty_cancelled}::integer)`,
    );
    await sql`update order_lines set qty_west = v.w, qty_east = v.e, qty_backordered = v.b, qty_shipped = v.s, qty_cancelled = v.c
      from (values ${sql.join(values)}) as v(line_no, w, e, b, s, c)
      where order_lines.order_id = ${orderId} and order_lines.line_no = v.line_no`.execute(db);
    return;
  }
  for (const r of rows) {
    await db
      .updateTable('order_lines')
      .set({ qty_west: r.qty_west, qty_east: r.qty_east, qty_backordered: r.qty_backordered, qty_shipped: r.qty_shipped, qty_cancelled: r.qty_cancelled })
      .where('order_id', '=', orderId)
      .where('line_no', '=', r.line_no)
      .execute();
  }
}

export interface LineAllocation {
  orderId: number;
  lineNo: number;
  west: number;
  east: number;
}

/** A backorder fill: moves `west` + `east` units of each line from backordered to open at those warehouses. PostgreSQL: one statement for all of them. */
export async function allocateBackordered(db: Db, rows: readonly LineAllocation[]): Promise<void> {
  if (oneStatementWrites(db)) {
    for (const part of chunks(rows, 4)) {
      const values = part.map((r) => sql`(${r.orderId}::integer, ${r.lineNo}::integer, ${r.west}::integer, ${r.east}::integer)`);
      await sql`update order_lines set qty_backordered = qty_backordered - v.w - v.e, qty_west = qty_west + v.w, qty_east = qty_east + v.e
        from (values ${sql.join(values)}) as v(order_id, line_no, w, e)
        where order_lines.order_id = v.order_id and order_lines.line_no = v.line_no`.execute(db);
    }
    return;
  }
  for (const r of rows) {
    await db
      .updateTable('order_lines')
      .set({
        qty_backordered: sql<number>`qty_backordered - ${r.west + r.east}`,
        qty_west: sql<number>`qty_west + ${r.west}`,
        qty_east: sql<number>`qty_east + ${r.east}`,
      })
      .where('order_id', '=', r.orderId)
      .where('line_no', '=', r.lineNo)
      .execute();
  }
}

/** SQLite: a shipment numbered from its series, and its lines (PostgreSQL: `shipmentCtes`). Answers its id and number. */
export async function insertShipment(
  db: Db,
  row: Omit<Insertable<ShipmentTable>, 'shipment_num'>,
  lines: readonly { line_no: number; qty: number }[],
): Promise<{ id: number; shipmentNum: number }> {
  const shipmentNum = await bumpCounter(db, 'shipment_num');
  const id = (await db.insertInto('shipments').values({ ...row, shipment_num: shipmentNum }).returning('id').executeTakeFirstOrThrow()).id;
  for (let i = 0; i < lines.length; i += 200) {
    await db.insertInto('shipment_lines').values(lines.slice(i, i + 200).map((l) => ({ shipment_id: id, ...l }))).execute();
  }
  return { id, shipmentNum };
}

export interface ShipmentWrite {
  shipment: Omit<Insertable<ShipmentTable>, 'shipment_num'>;
  lines: readonly { line_no: number; qty: number }[];
  /** The timeline entry: "Shipment <n>" + `detailAfter`. */
  actorDisplay: string;
  actorName: string | null;
  detailAfter: string;
}

/**
 * PostgreSQL: a shipment as common table expressions for one statement that also writes what
 * goes with it (its invoice, the ship movements: flows/lifecycle-steps.ts). `number` is `snum`,
 * the shipment number from its sequence (no counter row is held: shipments of other orders do not
 * wait for this one's commit), and goes first; `rows` are `s` (the shipment, answering its `id`),
 * the timeline entry and the shipment's lines, whose foreign keys are checked at the statement's end.
 */
export function shipmentCtes(w: ShipmentWrite): { number: RawBuilder<unknown>; rows: RawBuilder<unknown>[] } {
  const s = w.shipment;
  const rows = [
    sql`s as (insert into shipments (shipment_num, order_id, warehouse, carrier, tracking_number, shipped_at, actor)
      select snum.value, ${s.order_id}::integer, ${s.warehouse}::text, ${s.carrier}::text, ${s.tracking_number}::text, ${s.shipped_at}::text, ${s.actor}::text from snum
      returning id)`,
    sql`e as (insert into order_events (order_id, at, actor, actor_name, kind, detail, public)
      select ${s.order_id}::integer, ${s.shipped_at}::text, ${w.actorDisplay}::text, ${w.actorName}::text, 'shipped', 'Shipment ' || snum.value || ${w.detailAfter}::text, 1 from snum)`,
  ];
  if (w.lines.length > 0) {
    const values = w.lines.map((l) => sql`(${l.line_no}::integer, ${l.qty}::integer)`);
    rows.push(sql`sl as (insert into shipment_lines (shipment_id, line_no, qty) select s.id, v.line_no, v.qty from s, (values ${sql.join(values)}) as v(line_no, qty))`);
  }
  return { number: sql`snum as (select nextval('shipment_num_seq') as value)`, rows };
}

/** Whether the order was ever accepted: an order on hold is released to where it was. */
export async function wasAccepted(db: Db, orderId: number): Promise<boolean> {
  const r = await db.selectFrom('order_events').select('id').where('order_id', '=', orderId).where('kind', '=', 'accepted').limit(1).executeTakeFirst();
  return r !== undefined;
}

/** Gives the coupon uses of an order back (it was cancelled before anything shipped). */
export async function returnCouponUses(db: Db, orderId: number): Promise<void> {
  const used = await db.selectFrom('coupon_redemptions').select('coupon_id').where('order_id', '=', orderId).execute();
  for (const u of used) {
    await db.updateTable('coupons').set({ uses: sql<number>`case when uses > 0 then uses - 1 else 0 end` }).where('id', '=', u.coupon_id).execute();
  }
  if (used.length > 0) await db.deleteFrom('coupon_redemptions').where('order_id', '=', orderId).execute();
}

// ---- the order's history -----------------------------------------------------------------------

export interface OrderHistoryRows {
  shipments: Shipment[];
  invoices: InvoiceSummary[];
  events: OrderEvent[];
}

/** The history's rows as stored (PostgreSQL's admin order reads them as JSON in its one statement: admin-order.ts). */
export interface HistoryRows {
  shipments: readonly Pick<Selectable<ShipmentTable>, 'id' | 'shipment_num' | 'warehouse' | 'carrier' | 'tracking_number' | 'shipped_at'>[];
  shipmentLines: readonly { shipment_id: number; line_no: number; qty: number }[];
  invoices: readonly { id: number; invoice_num: number; shipment_id: number; invoice_date: string; due_date: string; total_cents: number | string; status: InvoiceSummary['status'] }[];
  events: readonly { at: string; actor: string; actor_name?: string | null; kind: string; detail: string; public: number }[];
}

/**
 * Whose words the timeline speaks: staff see who acted by name ("Anna Owner"), the buyer sees the
 * desk that acted ("Order desk", "Warehouse").
 */
export type TimelineReader = 'staff' | 'buyer';

/** Shipments (with their lines and invoice), invoices and the whole timeline of one order. */
export async function orderHistory(db: Db, orderId: number, lines: readonly Pick<OrderLineRow, 'line_no' | 'item_num' | 'title'>[], reader: TimelineReader = 'buyer'): Promise<OrderHistoryRows> {
  const [shipments, shipmentLines, invoices, events] = await Promise.all([
    db.selectFrom('shipments').selectAll().where('order_id', '=', orderId).orderBy('id').execute(),
    db
      .selectFrom('shipment_lines as sl')
      .innerJoin('shipments as s', 's.id', 'sl.shipment_id')
      .select(['sl.shipment_id', 'sl.line_no', 'sl.qty'])
      .where('s.order_id', '=', orderId)
      .orderBy('sl.shipment_id')
      .orderBy('sl.line_no')
      .execute(),
    db
      .selectFrom('invoices')
      .select(['id', 'invoice_num', 'shipment_id', 'invoice_date', 'due_date', 'total_cents', 'status'])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute(),
    db.selectFrom('order_events').selectAll().where('order_id', '=', orderId).orderBy('id').execute(),
  ]);
  return historyOf({ shipments, shipmentLines, invoices, events }, lines, reader);
}

/** The history from its rows (each list in id order, shipment lines by shipment and line). */
export function historyOf(rows: HistoryRows, lines: readonly Pick<OrderLineRow, 'line_no' | 'item_num' | 'title'>[], reader: TimelineReader = 'buyer'): OrderHistoryRows {
  const { shipments, shipmentLines, invoices, events } = rows;
  const byLine = new Map(lines.map((l) => [l.line_no, l]));
  const shipmentNums = new Map(shipments.map((s) => [s.id, s.shipment_num]));
  const invoiceOf = new Map(invoices.map((i) => [i.shipment_id, i.invoice_num]));
  return {
    shipments: shipments.map((s) => ({
      shipmentNum: s.shipment_num,
      warehouse: s.warehouse,
      carrier: s.carrier as Shipment['carrier'],
      trackingNumber: s.tracking_number,
      trackingUrl: trackingUrl(s.carrier, s.tracking_number),
      shippedAt: s.shipped_at,
      lines: shipmentLines
        .filter((l) => l.shipment_id === s.id)
        .map((l) => ({ lineNo: l.line_no, invNum: byLine.get(l.line_no)?.item_num ?? '', title: byLine.get(l.line_no)?.title ?? '', qty: l.qty })),
      invoiceNum: invoiceOf.get(s.id) ?? 0,
    })),
    invoices: invoices.map((i) => ({
      invoiceNum: i.invoice_num,
      shipmentNum: shipmentNums.get(i.shipment_id) ?? 0,
      date: i.invoice_date,
      dueDate: i.due_date,
      total: dollars(Number(i.total_cents)),
      status: i.status,
    })),
    events: events.map((e) => ({ at: e.at, actor: (reader === 'staff' && e.actor_name) || e.actor, kind: e.kind, detail: e.detail, public: e.public === 1 })),
  };
}

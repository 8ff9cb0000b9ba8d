import { type Insertable, PostgresAdapter, sql } from 'kysely';
import type { InvoiceSummary, OrderEvent, Shipment } from '../../contract/order-lifecycle';
import { dollars } from '../../contract/cart';
import type { Db, OrderLineRow } from './queries';
import type { InvoiceLineTable, InvoiceTable, ShipmentTable } from './tables';
import { movementsCte } from '../stock/queries';
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
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
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

/** The next number of a series ('shipment_num', 'invoice_num'): one atomic UPDATE … RETURNING. SQLite only (see `numberShipment`). */
export async function nextNumber(db: Db, name: 'shipment_num' | 'invoice_num'): Promise<number> {
  const row = await db.updateTable('counters').set({ value: sql<number>`value + 1` }).where('name', '=', name).returning('value').executeTakeFirstOrThrow();
  return Number(row.value);
}

/**
 * PostgreSQL: inserts a shipment or invoice under a provisional number, minus its id (unique,
 * never visible to another transaction); `numberShipment` gives both their numbers at the end.
 */
async function insertUnnumbered(db: Db, table: 'shipments' | 'invoices', numColumn: string, row: Record<string, unknown>): Promise<number> {
  const columns = Object.keys(row).filter((c) => row[c] !== undefined && c !== numColumn);
  const r = await sql<{ id: number }>`with i as (select nextval(pg_get_serial_sequence(${table}, 'id'))::integer as id)
    insert into ${sql.table(table)} (id, ${sql.ref(numColumn)}, ${sql.join(columns.map((c) => sql.ref(c)))})
    select i.id, -i.id, ${sql.join(columns.map((c) => row[c]))} from i
    returning id`.execute(db);
  return r.rows[0]!.id;
}

type Unnumbered<T> = Omit<Insertable<T>, 'shipment_num' | 'invoice_num'> & { shipment_num?: number; invoice_num?: number };

/** Without `shipment_num` (PostgreSQL): under a provisional number, see `insertUnnumbered`. */
export async function insertShipment(db: Db, row: Unnumbered<ShipmentTable>, lines: { line_no: number; qty: number }[]): Promise<number> {
  const id =
    row.shipment_num === undefined
      ? await insertUnnumbered(db, 'shipments', 'shipment_num', row)
      : (await db.insertInto('shipments').values({ ...row, shipment_num: row.shipment_num }).returning('id').executeTakeFirstOrThrow()).id;
  for (let i = 0; i < lines.length; i += 200) {
    await db.insertInto('shipment_lines').values(lines.slice(i, i + 200).map((l) => ({ shipment_id: id, ...l }))).execute();
  }
  return id;
}

/** Without `invoice_num` (PostgreSQL): under a provisional number, see `insertUnnumbered`. */
export async function insertInvoice(db: Db, row: Unnumbered<InvoiceTable>, lines: Omit<Insertable<InvoiceLineTable>, 'invoice_id'>[]): Promise<number> {
  const id =
    row.invoice_num === undefined
      ? await insertUnnumbered(db, 'invoices', 'invoice_num', row)
      : (await db.insertInto('invoices').values({ ...row, invoice_num: row.invoice_num }).returning('id').executeTakeFirstOrThrow()).id;
  for (let i = 0; i < lines.length; i += 100) {
    await db.insertInto('invoice_lines').values(lines.slice(i, i + 100).map((l) => ({ invoice_id: id, ...l }))).execute();
  }
  return id;
}

export interface ShipmentNumbering {
  shipmentId: number;
  invoiceId: number;
  orderId: number;
  at: string;
  /** The timeline entry: "Shipment <n>" + `detailAfter`. */
  actorDisplay: string;
  detailAfter: string;
  /** The ship movements (their ref: `refPrefix` + the shipment number). */
  moves: readonly { itemNum: string; warehouse: 'west' | 'east'; delta: number }[];
  refPrefix: string;
  actorLabel: string;
}

/**
 * PostgreSQL: takes the next shipment and invoice numbers from their sequences (no lock: shipments
 * of other orders do not wait for this one's commit), gives them to the shipment and its invoice,
 * and writes the movements and the timeline entry that name the shipment.
 */
export async function numberShipment(db: Db, n: ShipmentNumbering): Promise<{ shipmentNum: number; invoiceNum: number }> {
  const moved =
    n.moves.length === 0
      ? sql``
      : sql`, ${movementsCte('moved', n.moves, { reason: 'ship', ref: sql<string>`${n.refPrefix}::text || snum.value`, actor: n.actorLabel, at: n.at, from: 'snum' })}`;
  const r = await sql<{ shipment_num: number; invoice_num: number }>`with snum as (select nextval('shipment_num_seq') as value),
    inum as (select nextval('invoice_num_seq') as value),
    s as (update shipments set shipment_num = snum.value from snum where shipments.id = ${n.shipmentId}),
    i as (update invoices set invoice_num = inum.value from inum where invoices.id = ${n.invoiceId}),
    e as (insert into order_events (order_id, at, actor, kind, detail, public)
      select ${n.orderId}::integer, ${n.at}::text, ${n.actorDisplay}::text, 'shipped', 'Shipment ' || snum.value || ${n.detailAfter}::text, 1 from snum)
    ${moved}
    select snum.value as shipment_num, inum.value as invoice_num from snum, inum`.execute(db);
  const row = r.rows[0]!;
  return { shipmentNum: Number(row.shipment_num), invoiceNum: Number(row.invoice_num) };
}

/** How many invoices the order has and the merchandise they bill. */
export async function invoicedBefore(db: Db, orderId: number): Promise<{ count: number; merchandiseCents: number }> {
  const r = await db
    .selectFrom('invoices')
    .select([sql<number>`count(*)`.as('n'), sql<number>`coalesce(sum(subtotal_cents), 0)`.as('m')])
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow();
  return { count: Number(r.n), merchandiseCents: Number(r.m) };
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

/** Shipments (with their lines and invoice), invoices and the whole timeline of one order. */
export async function orderHistory(db: Db, orderId: number, lines: readonly Pick<OrderLineRow, 'line_no' | 'item_num' | 'title'>[]): Promise<OrderHistoryRows> {
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
    events: events.map((e) => ({ at: e.at, actor: e.actor, kind: e.kind, detail: e.detail, public: e.public === 1 })),
  };
}

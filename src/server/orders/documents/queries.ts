import type { Kysely } from 'kysely';
import type { Warehouse } from '../../../contract/order-lifecycle';
import type { DB } from '../../platform/db/schema';

/**
 * What the documents read, straight from the order tables (migration 2026-11-25T10-00-back-office).
 * Read-only; each query goes by a key or an index (invoice and shipment numbers are unique,
 * lines by their order, orders by status).
 */

type Db = Kysely<DB>;

export function findInvoice(db: Db, invoiceNum: number) {
  return db
    .selectFrom('invoices as i')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .innerJoin('customers as c', 'c.id', 'i.customer_id')
    .innerJoin('shipments as s', 's.id', 'i.shipment_id')
    .select([
      'i.id', 'i.invoice_num', 'i.invoice_date', 'i.due_date', 'i.status', 'i.terms', 'i.customer_id',
      'i.subtotal_cents', 'i.discount_cents', 'i.shipping_cents', 'i.tax_cents', 'i.total_cents',
      'o.order_num', 'o.created_at as order_date', 'o.po_number', 'o.ship_to_json',
      'o.total_cents as order_total_cents', 'o.original_subtotal_cents', 'o.original_discount_cents', 'o.original_shipping_cents', 'o.original_tax_cents', 'o.tax_cents as order_tax_cents', 'o.tax_basis', 'o.tax_rate_ppm',
      's.shipment_num',
      'c.code as customer_code', 'c.org_name', 'c.first_name', 'c.last_name', 'c.address_line1', 'c.city', 'c.state', 'c.zip', 'c.country', 'c.email',
    ])
    .where('i.invoice_num', '=', invoiceNum)
    .executeTakeFirst();
}
export type InvoiceRow = NonNullable<Awaited<ReturnType<typeof findInvoice>>>;

export function invoiceLines(db: Db, invoiceId: number) {
  return db.selectFrom('invoice_lines').select(['item_num', 'title', 'qty', 'price_cents', 'extended_cents']).where('invoice_id', '=', invoiceId).orderBy('line_no').execute();
}

export function findShipment(db: Db, shipmentNum: number) {
  return db
    .selectFrom('shipments as s')
    .innerJoin('orders as o', 'o.id', 's.order_id')
    .select(['s.id', 's.shipment_num', 's.order_id', 's.warehouse', 's.carrier', 's.tracking_number', 's.shipped_at', 'o.order_num', 'o.created_at as order_date', 'o.po_number', 'o.ship_to_json'])
    .where('s.shipment_num', '=', shipmentNum)
    .executeTakeFirst();
}
export type ShipmentRow = NonNullable<Awaited<ReturnType<typeof findShipment>>>;

/** The order's lines with what this shipment carries of each (0 for lines it does not carry). */
export function shipmentOrderLines(db: Db, shipmentId: number, orderId: number) {
  return db
    .selectFrom('order_lines as l')
    .leftJoin('shipment_lines as sl', (j) => j.onRef('sl.line_no', '=', 'l.line_no').on('sl.shipment_id', '=', shipmentId))
    .select(['l.line_no', 'l.item_num', 'l.title', 'l.qty', 'l.qty_backordered', 'sl.qty as shipped'])
    .where('l.order_id', '=', orderId)
    .orderBy('l.line_no')
    .execute();
}

/** Orders a pick list covers: the oldest `limit` that can ship with units open at `warehouse`. */
export function pickableOrders(db: Db, warehouse: Warehouse, orderNums: number[] | null, limit: number) {
  let q = db
    .selectFrom('orders as o')
    .innerJoin('customers as c', 'c.id', 'o.customer_id')
    .select(['o.id', 'o.order_num', 'c.org_name'])
    .where('o.status_code', 'in', ['accepted', 'partially_shipped'])
    .where(warehouse === 'west' ? 'o.open_west' : 'o.open_east', '>', 0);
  if (orderNums) q = q.where('o.order_num', 'in', orderNums);
  return q.orderBy('o.order_num').limit(limit).execute();
}

/** The units open at `warehouse` on these orders' lines, by item then order. */
export function openLines(db: Db, warehouse: Warehouse, orderIds: number[]) {
  const open = warehouse === 'west' ? 'l.qty_west' : 'l.qty_east';
  return db
    .selectFrom('order_lines as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .select(['l.item_num', 'l.title', 'l.line_no', 'o.order_num', `${open} as qty`])
    .where('l.order_id', 'in', orderIds)
    .where(open, '>', 0)
    .orderBy('l.item_num')
    .orderBy('o.order_num')
    .execute();
}

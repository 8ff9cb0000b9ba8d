import { dollars } from '../../contract/cart';
import type { Db } from './queries';
import { totalsJson } from './order-totals';
import { csvLine, csvPages } from '../platform/csv/csv';

/**
 * `GET /beapi/Admin/Orders/Export.csv`: one row per order line, with its order's header fields,
 * orders by number, read in keyset pages of orders (never the whole table in memory).
 */

const PAGE = 500;

export const ORDER_CSV_HEADER = [
  'orderNum', 'createdAt', 'updatedAt', 'statusCode', 'customerId', 'orgName', 'email', 'poNumber', 'shipToName', 'shipToCity', 'shipToState', 'shipToZip',
  'shippingOption', 'subtotal', 'discount', 'shipping', 'total', 'originalTotal', 'cancelledTotal', 'lineNo', 'invNum', 'title', 'qty', 'price', 'extended', 'openWest', 'openEast', 'backordered', 'shipped', 'cancelled',
] as const;

export interface OrderExportFilter {
  from?: string | undefined;
  to?: string | undefined;
}

export function ordersCsv(db: Db, filter: OrderExportFilter): AsyncGenerator<string> {
  return csvPages<number>(ORDER_CSV_HEADER, async (after) => {
    const orders = await db
      .selectFrom('orders as o')
      .innerJoin('customers as c', 'c.id', 'o.customer_id')
      .select(['o.id', 'o.order_num', 'o.created_at', 'o.updated_at', 'o.status_code', 'o.customer_id', 'c.org_name', 'c.email', 'o.po_number', 'o.ship_to_json', 'o.shipping_name'])
      .select(['o.subtotal_cents', 'o.discount_cents', 'o.shipping_cents', 'o.total_cents', 'o.original_subtotal_cents', 'o.original_discount_cents', 'o.original_shipping_cents', 'o.original_tax_cents', 'o.tax_cents'])
      .$if(after !== null, (q) => q.where('o.order_num', '>', after!))
      .$if(filter.from !== undefined, (q) => q.where('o.created_at', '>=', `${filter.from}T00:00:00.000Z`))
      .$if(filter.to !== undefined, (q) => q.where('o.created_at', '<=', `${filter.to}T23:59:59.999Z`))
      .where('o.order_num', '>', 0)
      .orderBy('o.order_num')
      .limit(PAGE)
      .execute();
    if (orders.length === 0) return { lines: [], next: null };
    const lines = await db.selectFrom('order_lines').selectAll().where('order_id', 'in', orders.map((o) => o.id)).orderBy('order_id').orderBy('line_no').execute();
    const byOrder = new Map<number, typeof lines>();
    for (const l of lines) byOrder.set(l.order_id, [...(byOrder.get(l.order_id) ?? []), l]);
    const out: string[] = [];
    for (const o of orders) {
      const to = JSON.parse(o.ship_to_json) as { orgName?: string; city?: string; state?: string; zip?: string };
      const head = [o.order_num, o.created_at, o.updated_at, o.status_code, o.customer_id, o.org_name, o.email, o.po_number, to.orgName ?? '', to.city ?? '', to.state ?? '', to.zip ?? '', o.shipping_name];
      // total: what remains to be delivered and paid; then the original total and what cancels took off it (decision 0026).
      const totals = totalsJson(o);
      const money = [dollars(o.subtotal_cents), dollars(o.discount_cents), dollars(o.shipping_cents), totals.total, totals.originalTotal, totals.cancelledTotal];
      for (const l of byOrder.get(o.id) ?? []) {
        out.push(csvLine([...head, ...money, l.line_no, l.item_num, l.title, l.qty, dollars(l.price_cents), dollars(l.extended_cents), l.qty_west, l.qty_east, l.qty_backordered, l.qty_shipped, l.qty_cancelled]));
      }
    }
    return { lines: out, next: orders.length < PAGE ? null : orders[orders.length - 1]!.order_num };
  });
}

import { dollars, type Order, type OrderAddress, type OrderSummary } from '../../contract/cart';
import type { InvoiceSummary, OrderEvent, Shipment } from '../../contract/order-lifecycle';
import type { OrderLineRow, OrderRow } from './queries';
import { taxJson, totalsJson } from './order-totals';

/** Orders are paid on account (spec §9 terms: late charge 1.5% per month). */
export const ORDER_TERMS = 'Net 30, pay on account';

/** What an order has once the back office acts on it; a new order has none of them. */
export interface OrderHistory {
  shipments: Shipment[];
  invoices: InvoiceSummary[];
  events: OrderEvent[];
}

const NO_HISTORY: OrderHistory = { shipments: [], invoices: [], events: [] };

export function toOrder(row: OrderRow, lines: OrderLineRow[], coupons: { code: string; name: string; discount_cents: number }[], history: OrderHistory = NO_HISTORY): Order {
  return {
    orderNum: row.order_num,
    status: row.status,
    statusCode: row.status_code,
    createdAt: row.created_at,
    lines: lines.map((l) => ({
      lineNo: l.line_no,
      invNum: l.item_num,
      web_Title: l.title,
      ordQty: l.qty,
      price: dollars(l.price_cents),
      extended: dollars(l.extended_cents),
      allocation: { west: l.qty_west, east: l.qty_east, backordered: l.qty_backordered },
      shipped: l.qty_shipped,
      backordered: l.qty_backordered,
      cancelled: l.qty_cancelled,
    })),
    subtotal: dollars(row.subtotal_cents),
    discount: dollars(row.discount_cents),
    shipping: dollars(row.shipping_cents),
    ...totalsJson(row),
    ...taxJson(row),
    shipTo: JSON.parse(row.ship_to_json) as OrderAddress,
    // The option as chosen, at its price; `shipping` above is what the order still charges (decision 0026).
    shippingOption: { code: row.shipping_code, name: row.shipping_name, amount: dollars(row.original_shipping_cents) },
    poNumber: row.po_number,
    comments: row.comments,
    couponsApplied: coupons.map((c) => ({ code: c.code, name: c.name, discount: dollars(c.discount_cents) })),
    terms: ORDER_TERMS,
    shipments: history.shipments,
    invoices: history.invoices,
    events: history.events.filter((e) => e.public).map(({ at, actor, kind, detail }) => ({ at, actor, kind, detail })),
    cancellable: row.status_code === 'received',
    // Who at the shop entered it stays with the shop: the buyer is told only that it was the order desk.
    enteredByOrderDesk: row.entered_by_id !== null,
  };
}

export function toOrderSummary(row: OrderRow): OrderSummary {
  return {
    orderNum: row.order_num,
    status: row.status,
    statusCode: row.status_code,
    createdAt: row.created_at,
    numberOfLines: row.line_count,
    totalQuantity: row.total_qty,
    ...totalsJson(row),
    poNumber: row.po_number,
  };
}

import { dollars, type OrderAddress } from '../../contract/cart';
import type { AdminOrder } from '../../contract/admin/orders';
import { orderRedemptions } from '../cart/queries';
import { NotFound } from '../errors';
import { CART_MESSAGES } from '../../contract/cart';
import { orderHistory } from './lifecycle-queries';
import { type Db, orderLines, type OrderLineRow, type OrderRow } from './queries';
import { availableActions } from './transitions';

/** The staff's view of one order (DESIGN.md §5): its lines with their five quantities, shipments, invoices, the whole timeline. */
export async function readAdminOrder(db: Db, orderNum: number): Promise<AdminOrder> {
  const row = await db
    .selectFrom('orders as o')
    .innerJoin('customers as c', 'c.id', 'o.customer_id')
    .selectAll('o')
    .select(['c.org_name', 'c.email'])
    .where('o.order_num', '=', orderNum)
    .executeTakeFirst();
  if (!row) throw new NotFound(CART_MESSAGES.orderNotFound(orderNum));
  const [lines, coupons] = await Promise.all([orderLines(db, row.id), orderRedemptions(db, row.id)]);
  const history = await orderHistory(db, row.id, lines);
  return toAdminOrder(row, lines, coupons, history);
}

/**
 * The admin order of one just placed, from what its checkout wrote (nothing read): no shipments,
 * invoices or events yet. It is order.placed's webhook data.
 */
export function placedAdminOrder(row: AdminOrderRow, lines: readonly OrderLineRow[], coupons: readonly Coupon[]): AdminOrder {
  return toAdminOrder(row, lines, coupons, { shipments: [], invoices: [], events: [] });
}

type Coupon = { code: string; name: string; discount_cents: number };
type AdminOrderRow = Omit<OrderRow, 'id'> & { org_name: string; email: string };

function toAdminOrder(row: AdminOrderRow, lines: readonly OrderLineRow[], coupons: readonly Coupon[], history: Pick<AdminOrder, 'shipments' | 'invoices' | 'events'>): AdminOrder {
  return {
    orderNum: row.order_num,
    statusCode: row.status_code,
    holdReason: row.hold_reason,
    version: row.version,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    customer: { id: row.customer_id, orgName: row.org_name, email: row.email },
    shipTo: JSON.parse(row.ship_to_json) as OrderAddress,
    shippingOption: { code: row.shipping_code, name: row.shipping_name, amount: dollars(row.shipping_cents) },
    poNumber: row.po_number,
    comments: row.comments,
    coupons: coupons.map((c) => ({ code: c.code, name: c.name, discount: dollars(c.discount_cents) })),
    subtotal: dollars(row.subtotal_cents),
    discount: dollars(row.discount_cents),
    shipping: dollars(row.shipping_cents),
    total: dollars(row.total_cents),
    lines: lines.map((l) => ({
      lineNo: l.line_no,
      invNum: l.item_num,
      title: l.title,
      qty: l.qty,
      price: dollars(l.price_cents),
      extended: dollars(l.extended_cents),
      openWest: l.qty_west,
      openEast: l.qty_east,
      backordered: l.qty_backordered,
      shipped: l.qty_shipped,
      cancelled: l.qty_cancelled,
    })),
    ...history,
    actions: availableActions(row.status_code, { open: row.open_west + row.open_east, backordered: row.backordered, shipped: row.shipped_qty }),
  };
}

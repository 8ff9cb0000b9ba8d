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
  const row = await orderHead(db, orderNum);
  return toAdminOrder(row, await orderParts(db, row.id));
}

function orderHead(db: Db, orderNum: number): Promise<OrderHead> {
  return db
    .selectFrom('orders as o')
    .innerJoin('customers as c', 'c.id', 'o.customer_id')
    .selectAll('o')
    .select(['c.org_name', 'c.email'])
    .where('o.order_num', '=', orderNum)
    .executeTakeFirstOrThrow(() => new NotFound(CART_MESSAGES.orderNotFound(orderNum)));
}

/** What of an order only changes with its version: lines, coupons, shipments, invoices, timeline. */
type OrderParts = Pick<AdminOrder, 'lines' | 'coupons' | 'shipments' | 'invoices' | 'events'>;

async function orderParts(db: Db, orderId: number): Promise<OrderParts> {
  const [lines, coupons] = await Promise.all([orderLines(db, orderId), orderRedemptions(db, orderId)]);
  return adminParts(lines, coupons, await orderHistory(db, orderId, lines));
}

function adminParts(lines: readonly OrderLineRow[], coupons: readonly Coupon[], history: Pick<AdminOrder, 'shipments' | 'invoices' | 'events'>): OrderParts {
  return {
    coupons: coupons.map((c) => ({ code: c.code, name: c.name, discount: dollars(c.discount_cents) })),
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
  };
}

/**
 * Reads admin orders for the order desk and the ERP feed, outside any transaction, keeping the
 * parts of recent orders that only change with the order's version (every change of an order's
 * lines, shipments, invoices or timeline goes through `saveOrderState`, which moves it). A read
 * is then one query for the order's row: a 200-line order the desk opens again, or one the feed
 * sends again, is not read line by line. The row (status, sums, customer's name) is always fresh;
 * another instance's change moves the version in the database, so no instance serves old parts.
 * Never pass a transaction: what it reads may roll back under a version that then commits other parts.
 */
export class AdminOrderReader {
  private readonly kept = new Map<number, { version: number; parts: OrderParts }>();
  private keptLines = 0;

  /** `lineBudget`: the lines kept in all (about 300 bytes each). */
  constructor(
    private readonly db: Db,
    private readonly lineBudget = 50_000,
  ) {}

  async read(orderNum: number): Promise<AdminOrder> {
    const row = await orderHead(this.db, orderNum);
    const hit = this.kept.get(row.id);
    if (hit && hit.version === row.version) {
      // Most recently used last: the Map's order is the eviction order.
      this.kept.delete(row.id);
      this.kept.set(row.id, hit);
      return toAdminOrder(row, hit.parts);
    }
    const parts = await orderParts(this.db, row.id);
    this.keep(row.id, row.version, parts);
    return toAdminOrder(row, parts);
  }

  private keep(orderId: number, version: number, parts: OrderParts): void {
    const old = this.kept.get(orderId);
    if (old) {
      this.kept.delete(orderId);
      this.keptLines -= old.parts.lines.length;
    }
    if (parts.lines.length > this.lineBudget) return;
    this.kept.set(orderId, { version, parts });
    this.keptLines += parts.lines.length;
    for (const [id, entry] of this.kept) {
      if (this.keptLines <= this.lineBudget) break;
      this.kept.delete(id);
      this.keptLines -= entry.parts.lines.length;
    }
  }
}

/**
 * The admin order of one just placed, from what its checkout wrote (nothing read): no shipments,
 * invoices or events yet. It is order.placed's webhook data.
 */
export function placedAdminOrder(row: AdminOrderRow, lines: readonly OrderLineRow[], coupons: readonly Coupon[]): AdminOrder {
  return toAdminOrder(row, adminParts(lines, coupons, { shipments: [], invoices: [], events: [] }));
}

type Coupon = { code: string; name: string; discount_cents: number };
type AdminOrderRow = Omit<OrderRow, 'id'> & { org_name: string; email: string };
type OrderHead = OrderRow & { org_name: string; email: string };

function toAdminOrder(row: AdminOrderRow, parts: OrderParts): AdminOrder {
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
    coupons: parts.coupons,
    subtotal: dollars(row.subtotal_cents),
    discount: dollars(row.discount_cents),
    shipping: dollars(row.shipping_cents),
    total: dollars(row.total_cents),
    lines: parts.lines,
    shipments: parts.shipments,
    invoices: parts.invoices,
    events: parts.events,
    actions: availableActions(row.status_code, { open: row.open_west + row.open_east, backordered: row.backordered, shipped: row.shipped_qty }),
  };
}

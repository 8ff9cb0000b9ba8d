import { CART_MESSAGES, type Order, type OrdersPage, type ReorderResult } from '../../contract/cart';
import type { CartService } from './cart/service';
import { NotFound } from '../platform/errors';
import type { SignedInCustomer } from '../platform/http/auth-context';
import { orderHistory } from './lifecycle-queries';
import { toOrder, toOrderSummary } from './order-json';
import * as q from './queries';

/** Order history: only ever the caller's own orders (another customer's number is 404). */
export class OrderService {
  constructor(
    private readonly db: q.Db,
    private readonly cart: CartService,
  ) {}

  async list(who: SignedInCustomer, page: number, pageSize: number): Promise<OrdersPage> {
    const { rows, total } = await q.listOrders(this.db, who.id, (page - 1) * pageSize, pageSize);
    return { orders: rows.map(toOrderSummary), pageNumber: page, pageSize, totalNumberOfOrders: total };
  }

  async get(who: SignedInCustomer, orderNum: number): Promise<Order> {
    const row = await q.findOrder(this.db, who.id, orderNum);
    if (!row) throw new NotFound(CART_MESSAGES.orderNotFound(orderNum));
    return this.json(row);
  }

  async byId(who: SignedInCustomer, id: number): Promise<Order> {
    const row = await q.findOrderById(this.db, who.id, id);
    if (!row) throw new NotFound(CART_MESSAGES.orderNotFound(id));
    return this.json(row);
  }

  /** Puts the order's lines back in the cart at today's prices; reports items no longer sold. */
  async reorder(who: SignedInCustomer, orderNum: number): Promise<ReorderResult> {
    const row = await q.findOrder(this.db, who.id, orderNum);
    if (!row) throw new NotFound(CART_MESSAGES.orderNotFound(orderNum));
    const lines = await q.orderLines(this.db, row.id);
    const discontinued = await this.cart.addLinesForReorder(
      who,
      lines.map((l) => ({ invNum: l.item_num, qty: l.qty })),
    );
    return { ...(await this.cart.view(who)), discontinued };
  }

  private async json(row: q.OrderRow): Promise<Order> {
    const [lines, coupons] = await Promise.all([q.orderLines(this.db, row.id), this.cart.orderCoupons(this.db, row.id)]);
    // A new order has no history yet: one query fewer on the checkout's answer path.
    const history = row.version === 0 ? undefined : await orderHistory(this.db, row.id, lines);
    return toOrder(row, lines, coupons, history);
  }
}

import { createHash } from 'node:crypto';
import { CART_MESSAGES, type CheckoutRequest, type Order } from '../../contract/cart';
import type { AccountService } from '../customers';
import {
  addOrderEvent,
  type CartService,
  countKeys,
  type Db,
  insertOrderForCheckout,
  insertOrderLines,
  orderConfirmationMail,
  type OrderLineRow,
  type OrderRow,
  type OrderService,
  placedAdminOrder,
  redeemCoupons,
  removeOrderedFromCart,
  resolveDestination,
  shippingRates,
  toOrder,
} from '../orders';
import { CREDIT_HOLD, type MoneyService } from '../money';
import { writeTransaction } from '../platform/db/database';
import type { DialectOps } from '../platform/db/dialect';
import { Conflict, Invalid } from '../platform/errors';
import { buyerActor, type SignedInCustomer } from '../platform/http/auth-context';
import { queuedMail } from '../platform/mail/mailer';
import type { OutboxDispatcher } from '../platform/outbox/outbox';
import type { WebhookEvents } from '../staff';
import { type Allocation, allocateStock, firstWarehouse } from '../stock';
import { decrementStock, lockItems } from '../stock';
import { claimIdempotencyKey, findIdempotencyKey, setIdempotencyOrder } from '../platform/idempotency';
import { finishCheckout } from './checkout-end';

const SYSTEM = { label: 'system', display: 'System', ip: '' };

export interface CheckoutResult {
  order: Order;
  /** True when an Idempotency-Key named an order placed before: nothing new happened. */
  replayed: boolean;
}

/**
 * Checkout (DESIGN.md §3): order, lines with price and title snapshots, warehouse allocation,
 * coupon redemption, stock decrement and the emptied cart are written in ONE transaction.
 * On PostgreSQL the cart, coupon and item rows are locked (in a fixed order, so checkouts never
 * deadlock); on SQLite the write transaction begins IMMEDIATE and holds the database (checkouts
 * and cart changes that arrive together share it, each in its own savepoint). Either way two
 * checkouts never allocate the same unit or redeem the same last coupon use.
 */
export class CheckoutService {
  constructor(
    private readonly db: Db,
    private readonly ops: DialectOps,
    private readonly accounts: AccountService,
    private readonly cart: CartService,
    private readonly orders: OrderService,
    private readonly outbox: OutboxDispatcher,
    private readonly publicUrl: string,
    private readonly events: WebhookEvents,
    private readonly money: MoneyService,
  ) {}

  async checkout(who: SignedInCustomer, request: CheckoutRequest, idempotencyKey: string | null): Promise<CheckoutResult> {
    const customer = await this.accounts.customer(who.id);
    const destination = resolveDestination(customer, request.shipToCode);
    const requestHash = createHash('sha256').update(JSON.stringify(request)).digest('hex');

    // On SQLite concurrent checkouts (and cart changes) share a commit: see writeTransaction.
    const { orderId, replayed, order: placed } = await writeTransaction(this.db, async (trx): Promise<{ orderId: number; replayed: boolean; order?: Order }> => {
      if (idempotencyKey !== null && !(await claimIdempotencyKey(trx, who.id, idempotencyKey, requestHash))) {
        const earlier = await findIdempotencyKey(trx, who.id, idempotencyKey);
        if (!earlier || earlier.request_hash !== requestHash || earlier.order_id === null) throw new Conflict(CART_MESSAGES.idempotencyKeyReused);
        return { orderId: earlier.order_id, replayed: true };
      }

      // The cart row, its coupons and its lines are locked here (PostgreSQL), and read under lock.
      const cart = await this.cart.lockForCheckout(trx, who.id);
      if (cart.lines.length === 0) throw new Invalid(CART_MESSAGES.cartEmpty);
      const stock = new Map((await lockItems(trx, cart.lines.map((l) => l.invNum), this.ops.forUpdate)).map((r) => [r.num, r]));
      const gone = cart.lines.filter((l) => stock.get(l.invNum)?.active !== 1).map((l) => l.invNum);
      if (gone.length > 0) throw new Conflict(CART_MESSAGES.itemsUnavailable(gone));
      // Prices come from the locked rows' list prices, the customer's level and the items' breaks (pricing/unit-price.ts), never from the client.
      const units = await this.cart.unitPrices(who, cart.lines.map((l) => ({ id: stock.get(l.invNum)!.id, num: l.invNum, priceCents: Number(stock.get(l.invNum)!.price_cents), qty: l.qty })));
      const lines = cart.lines.map((l, i) => ({ ...l, item: stock.get(l.invNum)!, unitCents: units[i]! }));
      const totals = await this.cart.priceForCheckout(trx, who.id, lines.map((l) => ({ qty: l.qty, priceCents: l.unitCents })), cart.coupons);
      const rate = shippingRates({ merchandiseCents: totals.totalCents, destination, freeShippingCoupon: totals.freeShippingCoupon }).find(
        (r) => r.code === request.shippingOption,
      );
      if (!rate) throw new Invalid(CART_MESSAGES.shippingOptionNotOffered);

      // An order that takes the balance over the credit limit waits on hold and takes no stock:
      // every unit waits, like a backorder, until staff release it (decision 0022).
      const creditHold = await this.money.mustHold(trx, who.id, totals.totalCents + rate.amountCents);
      const first = firstWarehouse(request.shippingOption, destination.state);
      const allocations: Allocation[] = lines.map((l) =>
        creditHold ? { west: 0, east: 0, backordered: l.qty } : allocateStock(l.qty, { west: l.item.qty_fr - l.item.reserve_fr, east: l.item.qty_fh - l.item.reserve_fh }, first),
      );
      const shipped = lines.flatMap((l, i) => (allocations[i]!.west + allocations[i]!.east > 0 ? [{ itemId: l.item.id, ...allocations[i]! }] : []));
      await decrementStock(trx, shipped);
      // What was ordered leaves the cart now: it needs no order id, and the rows every checkout
      // shares (the order counter, the stock sequence) are locked only at the end, below.
      await removeOrderedFromCart(trx, who.id, cart.lines.map((l) => l.invNum), cart.coupons.map((c) => c.id));

      const now = new Date().toISOString();
      const sum = (pick: (a: Allocation) => number) => allocations.reduce((n, a) => n + pick(a), 0);
      const orderRow: Omit<OrderRow, 'id' | 'order_num'> = {
        customer_id: who.id,
        // A credit-held order keeps the spec's text; its statusCode says on_hold.
        status: creditHold ? 'Received' : allocations.some((a) => a.backordered > 0) ? 'Received, partly backordered' : 'Received',
        status_code: creditHold ? 'on_hold' : 'received',
        version: 0,
        // Stamped at the transaction's end (change-feed.ts).
        change_seq: 0,
        open_west: sum((a) => a.west),
        open_east: sum((a) => a.east),
        backordered: sum((a) => a.backordered),
        shipped_qty: 0,
        hold_reason: creditHold ? CREDIT_HOLD : null,
        created_at: now,
        updated_at: now,
        subtotal_cents: totals.subtotalCents,
        discount_cents: totals.discountCents,
        shipping_cents: rate.amountCents,
        total_cents: totals.totalCents + rate.amountCents,
        // The order as placed: cancels change the four above, never these (decision 0026).
        original_subtotal_cents: totals.subtotalCents,
        original_discount_cents: totals.discountCents,
        original_shipping_cents: rate.amountCents,
        ship_to_code: destination.code,
        ship_to_json: JSON.stringify(destination),
        shipping_code: rate.code,
        shipping_name: rate.name,
        po_number: request.poNumber,
        comments: request.comments ?? cart.comments,
        line_count: lines.length,
        total_qty: totals.totalQuantity,
      };
      const inserted = await insertOrderForCheckout(trx, orderRow);
      const id = inserted.id;
      if (creditHold) await addOrderEvent(trx, id, SYSTEM, 'on_hold', 'Held: this order takes the balance over the credit limit; no stock is reserved until it is released', false);
      const lineRows: OrderLineRow[] = lines.map((l, i) => ({
        order_id: id,
        line_no: i + 1,
        item_num: l.item.num,
        title: l.item.web_title,
        qty: l.qty,
        price_cents: l.unitCents,
        extended_cents: l.qty * l.unitCents,
        qty_west: allocations[i]!.west,
        qty_east: allocations[i]!.east,
        qty_backordered: allocations[i]!.backordered,
        qty_shipped: 0,
        qty_cancelled: 0,
      }));
      await insertOrderLines(trx, lineRows);
      const redeemed = totals.coupons.map((o) => ({ couponId: o.coupon.id, code: o.coupon.code, name: o.coupon.name, discountCents: o.discountCents }));
      await redeemCoupons(trx, who.id, id, redeemed);
      if (idempotencyKey !== null) await setIdempotencyOrder(trx, who.id, idempotencyKey, id);
      // Last: the rows every checkout shares (the sales summaries' day and state rows, the order
      // number, the counts, the stock sequence, the orders feed) are written by one statement on
      // PostgreSQL, with the confirmation mail, and held only until the commit (checkout-end.ts).
      const moves = lines.flatMap((l, i) =>
        (['west', 'east'] as const).filter((w) => allocations[i]![w] > 0).map((w) => ({ itemNum: l.item.num, warehouse: w, delta: -allocations[i]![w] })),
      );
      const redeemedRows = redeemed.map((c) => ({ code: c.code, name: c.name, discount_cents: c.discountCents }));
      const orderOf = (orderNum: number) => toOrder({ ...orderRow, id, order_num: orderNum }, lineRows, redeemedRows);
      const orderNum = await finishCheckout(trx, inserted, {
        stock: { itemIds: shipped.map((x) => x.itemId), moves, actor: buyerActor(who, 'You') },
        countKeys: countKeys(orderRow),
        sale: {
          placedAt: now,
          customerId: who.id,
          state: destination.state,
          orders: 1,
          discountCents: totals.discountCents,
          lines: lineRows.map((l) => ({ itemNum: l.item_num, units: l.qty, merchCents: l.extended_cents, lines: 1 })),
        },
        // In this transaction: the order and its confirmation commit together or not at all.
        mail: (n) => queuedMail('order-confirmation', orderConfirmationMail(customer.email, orderOf(n), this.publicUrl)),
      });
      // The answer is what this transaction wrote, as reading the order back would give it.
      const order = orderOf(orderNum);
      // Free when no endpoint wants it; for one that does, the admin order is made from what was
      // written here (no read while the counter rows are locked).
      await this.events.publish(trx, 'order.placed', `order ${orderNum}`, () =>
        placedAdminOrder({ ...orderRow, order_num: orderNum, org_name: customer.orgName, email: customer.email, first_name: customer.firstName, last_name: customer.lastName }, lineRows, redeemedRows),
      );
      return { orderId: id, replayed: false, order };
    });

    const order = placed ?? (await this.orders.byId(who, orderId));
    // West/East flags follow on every process's next poll, which re-reads just these items.
    if (!replayed) this.outbox.poke();
    return { order, replayed };
  }
}

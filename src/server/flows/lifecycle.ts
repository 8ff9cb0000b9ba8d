import { type AdminOrder, type CancelBody, type HoldBody, ORDER_ADMIN_MESSAGES as M, type OrderAction, type ShipBody } from '../../contract/admin/orders';
import type { BulkHoldBody, BulkOrderResult } from '../../contract/admin/order-bulk';
import { CART_MESSAGES } from '../../contract/cart';
import { ORDER_STATUS_LABELS, type Shipment } from '../../contract/order-lifecycle';
import { type Actor, recordAudit } from '../platform/audit/audit';
import { buyerActor, type SignedInCustomer } from '../platform/http/auth-context';
import { writeTransaction } from '../platform/db/database';
import type { DialectOps } from '../platform/db/dialect';
import { Conflict, Forbidden, NotFound } from '../platform/errors';
import { enqueueMail } from '../platform/mail/mailer';
import type { OutboxDispatcher } from '../platform/outbox/outbox';
import type { WebhookEvents } from '../staff';
import { enqueueBackorderMails } from './backorder-mail';
import {
  addOrderEvent,
  type AdminOrderReader,
  allows,
  applyCountMoves,
  buyerName,
  cancelledMail,
  type CountMoves,
  type Db,
  heldMail,
  lockOrder,
  type OrderBuyer,
  type OrderMoney,
  type OrderPlaced,
  type OrderState,
  readAdminOrder,
  saveOrderState,
  shippedMail,
  statusAfter,
  wasAccepted,
} from '../orders';
import { type CancelPlan, cancelOrderLines, shipOrderLines } from './lifecycle-steps';
import { fillReleased, markReleased } from './stock-link';

/** Who asks, as the lifecycle needs it: the actor, and the one warehouse a warehouse member ships from. */
export interface Acting {
  actor: Actor;
  warehouse?: 'west' | 'east' | null;
}

/**
 * The order lifecycle (DESIGN.md §5 "Orders"): accept, hold, release, cancel, ship. Each action is
 * ONE write transaction that locks the order, checks the transition (transitions.ts), changes
 * the lines, saves the order's state and counts, adds to the timeline and writes the audit row.
 * Two staff acting at once: the second waits for the first and then finds the order changed, so
 * nothing is applied twice. Mails are queued in the same transaction (outbox), sent after the commit.
 */
export class LifecycleService {
  constructor(
    private readonly db: Db,
    private readonly ops: DialectOps,
    private readonly outbox: OutboxDispatcher,
    private readonly publicUrl: string,
    private readonly events: WebhookEvents,
    private readonly adminOrders: AdminOrderReader,
  ) {}

  accept(who: Acting, orderNum: number, ifMatch?: number): Promise<AdminOrder> {
    return this.simple(who, orderNum, ifMatch, 'accept', async (trx, order) => {
      const after = await saveOrderState(trx, order, { status: 'accepted' });
      await addOrderEvent(trx, order.id, who.actor, 'accepted', 'Accepted', true);
      return after;
    });
  }

  /**
   * The reason is the desk's own; a message, when given, goes to the buyer: mailed, and on their
   * order page as a public timeline entry. Without one the buyer is told nothing.
   */
  async hold(who: Acting, orderNum: number, body: HoldBody, ifMatch?: number): Promise<AdminOrder> {
    const message = body.message ?? '';
    await this.inOrder(orderNum, ifMatch, 'hold', async (trx, order) => {
      const after = await saveOrderState(trx, order, { status: 'on_hold', holdReason: body.reason });
      await addOrderEvent(trx, order.id, who.actor, 'on_hold', body.reason, false);
      if (message) {
        await addOrderEvent(trx, order.id, who.actor, 'buyer_told', `On hold: ${message}`, true);
        if (order.email) await enqueueMail(trx, 'order-held', heldMail(order.email, orderNum, message, this.publicUrl));
      }
      await recordAudit(trx, who.actor, audit('hold', order, after, { reason: body.reason, ...(message ? { message } : {}) }));
    });
    if (message) this.outbox.poke();
    return this.adminOrders.read(orderNum);
  }

  /**
   * Back to where it was held from; its waiting units then take available stock like a backorder
   * fill (an order held for credit reserved none: decision 0022), mailed as fills are.
   */
  async release(who: Acting, orderNum: number, ifMatch?: number): Promise<AdminOrder> {
    let filled = 0;
    await this.inOrder(orderNum, ifMatch, 'release', async (trx, order) => {
      const heldFrom = (await wasAccepted(trx, order.id)) ? 'accepted' : 'received';
      const status = statusAfter(order.status_code, 'release', units(order), heldFrom)!;
      // Its count moves wait for the fill: items are taken before order_counts (decision 0014), or
      // a release and a checkout deadlocked on PostgreSQL (the invariant run found it, decision 0028).
      const counts: CountMoves = [];
      const after = await saveOrderState(trx, order, { status, holdReason: null }, undefined, counts);
      await addOrderEvent(trx, order.id, who.actor, 'released', `Released (${ORDER_STATUS_LABELS[status]})`, false);
      await recordAudit(trx, who.actor, audit('release', order, after));
      const changed: number[] = [];
      const fills = order.backordered > 0 ? await fillReleased(trx, order.id, who.actor, changed, counts) : [];
      await applyCountMoves(trx, counts);
      await enqueueBackorderMails(trx, fills, this.publicUrl);
      filled = fills.length;
      // Last: the stock counter row every checkout takes is held for this statement and the commit only.
      await markReleased(trx, changed);
    });
    if (filled > 0) this.outbox.poke();
    return this.adminOrders.read(orderNum);
  }

  async cancel(who: Acting, orderNum: number, body: CancelBody, ifMatch?: number): Promise<AdminOrder> {
    await this.inOrder(orderNum, ifMatch, 'cancel', async (trx, order) => {
      // The audit row and the mails take no shared row: written before the cancel takes the sales summaries and counts.
      const done = await cancelOrderLines(trx, order, who.actor, body.reason, body.lines, async (c) => {
        await recordAudit(trx, who.actor, audit('cancel', order, { status_code: c.status }, { reason: body.reason, lines: c.moved.map((l) => [l.lineNo, l.qty]) }));
        await this.mailCancel(trx, order.email, orderNum, c, body.reason);
      });
      await this.events.publish(trx, 'order.cancelled', `order ${orderNum}`, () => readAdminOrder(trx, orderNum));
      // Last: the stock counter row every checkout takes is held for this statement and the commit only.
      await markReleased(trx, done.stockChanged);
    });
    this.outbox.poke();
    // Read after the commit, so the order's and its items' locks are not held while it is read.
    return this.adminOrders.read(orderNum);
  }

  async ship(who: Acting, orderNum: number, body: ShipBody, ifMatch?: number): Promise<Shipment> {
    if (who.warehouse && who.warehouse !== body.warehouse) throw new Forbidden(M.wrongWarehouse(who.warehouse));
    const shipment = await this.inOrder(orderNum, ifMatch, 'ship', async (trx, order) => {
      const done = await shipOrderLines(trx, order, who.actor, body);
      await recordAudit(trx, who.actor, audit('ship', order, done.after, { shipmentNum: done.shipment.shipmentNum, warehouse: body.warehouse, lines: done.shipment.lines.map((l) => [l.lineNo, l.qty]) }));
      if (order.email) await enqueueMail(trx, 'order-shipped', shippedMail(order.email, orderNum, done.shipment, this.publicUrl));
      await this.publishShipped(trx, orderNum, done.shipment.shipmentNum);
      return done.shipment;
    });
    this.outbox.poke();
    return shipment;
  }

  /** The buyer's own cancel, while the order is `received` (DESIGN.md §5). Another customer's order is not found. */
  async cancelByBuyer(who: SignedInCustomer, orderNum: number): Promise<void> {
    const customerId = who.id;
    // Staff acting for the buyer (decision 0035) are named as such; the buyer by their name.
    const actor: Actor = buyerActor(who, 'Customer');
    const reason = 'Cancelled by the customer';
    await writeTransaction(this.db, async (trx) => {
      const order = await lockOrder(trx, { orderNum }, this.ops.forUpdate);
      if (!order || order.customer_id !== customerId) throw new NotFound(CART_MESSAGES.orderNotFound(orderNum));
      if (order.status_code !== 'received') throw new Conflict(M.notAllowed('cancel', order.status_code));
      if (!who.actingStaff) actor.name = (await buyerName(trx, customerId)) || undefined;
      const result = await cancelOrderLines(trx, order, actor, reason, undefined, async (c) => {
        await recordAudit(trx, actor, audit('cancel', order, { status_code: c.status }, { reason }));
        await this.mailCancel(trx, order.email, orderNum, c, reason);
      });
      await this.events.publish(trx, 'order.cancelled', `order ${orderNum}`, () => readAdminOrder(trx, orderNum));
      await markReleased(trx, result.stockChanged);
    });
    this.outbox.poke();
  }

  /** In the cancel's transaction: the buyer's cancel mail (to the email read with the order), and the mails of orders whose backorders the released units filled. */
  private async mailCancel(trx: Db, email: string | null, orderNum: number, done: CancelPlan, reason: string): Promise<void> {
    const whole = done.status === 'cancelled';
    const totals = { originalCents: done.originalCents, cancelledCents: done.originalCents - done.totals.totalCents, totalCents: done.totals.totalCents };
    if (email) await enqueueMail(trx, 'order-cancelled', cancelledMail(email, orderNum, done.moved, whole, reason, this.publicUrl, totals));
    await enqueueBackorderMails(trx, done.filled, this.publicUrl);
  }

  /** order.shipped (the admin order) and invoice.created (the shipment's invoice), read once for both when wanted. */
  private async publishShipped(trx: Db, orderNum: number, shipmentNum: number): Promise<void> {
    let read: Promise<AdminOrder> | null = null;
    const adminOrder = () => (read ??= readAdminOrder(trx, orderNum));
    await this.events.publish(trx, 'order.shipped', `order ${orderNum}`, adminOrder);
    await this.events.publish(trx, 'invoice.created', `order ${orderNum}`, async () => {
      const order = await adminOrder();
      return { ...order.invoices.find((i) => i.shipmentNum === shipmentNum)!, orderNum, customer: order.customer };
    });
  }

  /** Accepts several orders, each in its own transaction: one that cannot be accepted does not stop the others. */
  acceptMany(who: Acting, orderNums: readonly number[]): Promise<BulkOrderResult[]> {
    return eachOrder(orderNums, (orderNum) => this.accept(who, orderNum));
  }

  /** Holds several orders, each in its own transaction, with the same reason (and message to each buyer). */
  holdMany(who: Acting, body: BulkHoldBody): Promise<BulkOrderResult[]> {
    return eachOrder([...new Set(body.orderNums)], (orderNum) => this.hold(who, orderNum, { reason: body.reason, message: body.message }));
  }

  /** Locks the order, checks the version and the transition, and runs `work` in one write transaction. */
  private inOrder<T>(orderNum: number, ifMatch: number | undefined, action: OrderAction, work: (trx: Db, order: OrderState & OrderMoney & OrderPlaced & OrderBuyer) => Promise<T>): Promise<T> {
    return writeTransaction(this.db, async (trx) => {
      const order = await lockOrder(trx, { orderNum }, this.ops.forUpdate);
      if (!order) throw new NotFound(CART_MESSAGES.orderNotFound(orderNum));
      if (ifMatch !== undefined && ifMatch !== order.version) throw new Conflict(M.changedMeanwhile);
      if (!allows(order.status_code, action)) throw new Conflict(M.notAllowed(action, order.status_code));
      return work(trx, order);
    });
  }

  /** An action that only moves the status (accept, hold, release): audited, answered with the admin order. */
  private async simple(who: Acting, orderNum: number, ifMatch: number | undefined, action: OrderAction, work: (trx: Db, order: OrderState) => Promise<OrderState>): Promise<AdminOrder> {
    let published = 0;
    await this.inOrder(orderNum, ifMatch, action, async (trx, order) => {
      const after = await work(trx, order);
      await recordAudit(trx, who.actor, audit(action, order, after));
      if (action === 'accept') published = await this.events.publish(trx, 'order.accepted', `order ${orderNum}`, () => readAdminOrder(trx, orderNum));
    });
    if (published > 0) this.outbox.poke();
    return this.adminOrders.read(orderNum);
  }
}

/** Runs `act` on each order in turn: a refusal (not found, not allowed now) is that order's result and does not stop the others. */
async function eachOrder(orderNums: readonly number[], act: (orderNum: number) => Promise<AdminOrder>): Promise<BulkOrderResult[]> {
  const results: BulkOrderResult[] = [];
  for (const orderNum of orderNums) {
    try {
      results.push({ orderNum, ok: true, statusCode: (await act(orderNum)).statusCode });
    } catch (err) {
      if (!(err instanceof Conflict || err instanceof NotFound)) throw err;
      results.push({ orderNum, ok: false, error: err.message });
    }
  }
  return results;
}

function units(o: OrderState) {
  return { open: o.open_west + o.open_east, backordered: o.backordered, shipped: o.shipped_qty };
}

function audit(action: OrderAction, before: OrderState, after: Pick<OrderState, 'status_code'>, more: Record<string, unknown> = {}) {
  return { action: `order.${action}`, target: `order:${before.order_num}`, summary: { before: before.status_code, after: after.status_code, ...more } };
}

import { createHash } from 'node:crypto';
import { CART_MESSAGES, type CheckoutRequest, type Order } from '../../contract/cart';
import type { AccountService } from '../customers';
import { type CartService, type Db, type OrderService, removeOrderedFromCart, resolveDestination, type TaxTermsSource } from '../orders';
import type { MoneyService } from '../money';
import { writeTransaction } from '../platform/db/database';
import type { DialectOps } from '../platform/db/dialect';
import { Conflict, Invalid } from '../platform/errors';
import { buyerActor, type SignedInCustomer } from '../platform/http/auth-context';
import type { OutboxDispatcher } from '../platform/outbox/outbox';
import type { WebhookEvents } from '../staff';
import { claimIdempotencyKey, findIdempotencyKey, setIdempotencyOrder } from '../platform/idempotency';
import { placeOrder, type PlaceOrderDeps } from './place-order';

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
 * checkouts never allocate the same unit or redeem the same last coupon use. What follows the
 * cart's read is `placeOrder` (place-order.ts), which the order desk's orders share.
 */
export class CheckoutService {
  private readonly placing: PlaceOrderDeps;

  constructor(
    private readonly db: Db,
    ops: DialectOps,
    private readonly accounts: AccountService,
    private readonly cart: CartService,
    private readonly orders: OrderService,
    private readonly outbox: OutboxDispatcher,
    publicUrl: string,
    events: WebhookEvents,
    money: MoneyService,
    private readonly tax: TaxTermsSource,
  ) {
    this.placing = { ops, cart, money, events, publicUrl, tax };
  }

  async checkout(who: SignedInCustomer, request: CheckoutRequest, idempotencyKey: string | null): Promise<CheckoutResult> {
    const customer = await this.accounts.customer(who.id);
    const destination = resolveDestination(customer, request.shipToCode);
    // Asked before the transaction (decision 0042): a tax service behind the interface never holds locks.
    const taxTerms = await this.tax.termsFor(who.id, destination, this.db);
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
      const { orderId: id, order } = await placeOrder(trx, this.placing, {
        customer,
        pricedAs: who,
        destination,
        taxTerms,
        shippingOption: request.shippingOption,
        poNumber: request.poNumber,
        comments: request.comments ?? cart.comments,
        lines: cart.lines,
        coupons: cart.coupons,
        stockActor: buyerActor(who, 'You'),
        // Placed by staff acting for the buyer (decision 0035): the order says so, as a staff-entered one does.
        entered: { source: 'web', entered_by_id: who.actingStaff?.id ?? null, entered_by_name: who.actingStaff?.name ?? null },
        // What was ordered leaves the cart now: it needs no order id, and the rows every checkout
        // shares (the order counter, the stock sequence) are locked only at the end.
        afterStock: (db) => removeOrderedFromCart(db, who.id, cart.lines.map((l) => l.invNum), cart.coupons.map((c) => c.id)),
        afterInsert: idempotencyKey === null ? undefined : (db, orderId) => setIdempotencyOrder(db, who.id, idempotencyKey, orderId),
      });
      return { orderId: id, replayed: false, order };
    });

    const order = placed ?? (await this.orders.byId(who, orderId));
    // West/East flags follow on every process's next poll, which re-reads just these items.
    if (!replayed) this.outbox.poke();
    return { order, replayed };
  }
}

import { createHash } from 'node:crypto';
import { type AdminOrder, ORDER_ADMIN_MESSAGES as M, type StaffOrderBody, type StaffOrderPreview, type StaffOrderPreviewBody } from '../../contract/admin/orders';
import { CART, CART_MESSAGES, dollars, type OrderAddress } from '../../contract/cart';
import type { Customer } from '../../contract/accounts';
import type { CatalogueService } from '../catalogue';
import type { AccountService } from '../customers';
import { type AdminOrderReader, type CartService, type Db, orderNumOf, resolveDestination, shippingOptionsTaxed, shippingRates, type TaxTermsSource } from '../orders';
import type { MoneyService } from '../money';
import { type Actor, recordAudit } from '../platform/audit/audit';
import { writeTransaction } from '../platform/db/database';
import type { DialectOps } from '../platform/db/dialect';
import { atField, Conflict, Invalid, NotFound } from '../platform/errors';
import type { SignedInCustomer } from '../platform/http/auth-context';
import { claimIdempotencyKey, findIdempotencyKey, keyClaimedForAnother, setIdempotencyOrder } from '../platform/idempotency';
import type { OutboxDispatcher } from '../platform/outbox/outbox';
import type { WebhookEvents } from '../staff';
import { placeOrder, type PlaceOrderDeps } from './place-order';

/** The staff member entering an order: the actor of the audit row, and who the order names (null id: an API key). */
export interface EnteringStaff {
  actor: Actor;
  staffId: number | null;
}

/** The customer ordered for: as the price book sees them, and as they are (addresses, email). */
interface OrderingFor {
  who: SignedInCustomer;
  customer: Customer;
  priceLevelName: string | null;
}

/**
 * Orders the order desk enters for a customer (DESIGN.md §7 "Staff-entered orders", decision
 * 0034): the lines are checked and merged here, then the order is placed by `placeOrder`, the
 * same code as the buyer's checkout (prices, credit check, allocation, stock, summaries, counts,
 * mail, webhook). The buyer's cart is not touched and no coupon applies.
 */
export class StaffOrderService {
  private readonly placing: PlaceOrderDeps;

  constructor(
    private readonly db: Db,
    ops: DialectOps,
    private readonly accounts: AccountService,
    private readonly cart: CartService,
    private readonly catalogue: CatalogueService,
    private readonly outbox: OutboxDispatcher,
    private readonly adminOrders: AdminOrderReader,
    publicUrl: string,
    events: WebhookEvents,
    money: MoneyService,
    private readonly tax: TaxTermsSource,
  ) {
    this.placing = { ops, cart, money, events, publicUrl, tax };
  }

  /** What the order would be, written nowhere: the customer's ship-tos, the lines at their prices, the shipping rates. */
  async preview(body: StaffOrderPreviewBody): Promise<StaffOrderPreview> {
    const target = await this.orderingFor(body.customerId);
    const destination = this.destination(target.customer, body.shipToCode);
    const terms = await this.tax.termsFor(target.who.id, destination);
    const { lines, notices } = this.checkLines(body.lines);
    const index = this.catalogue.current();
    const units = await this.cart.unitPrices(
      target.who,
      lines.map((l) => {
        const item = index.byNum.get(l.invNum)!;
        return { id: item.id, num: item.num, priceCents: item.priceCents, qty: l.qty };
      }),
    );
    const subtotalCents = lines.reduce((n, l, i) => n + l.qty * units[i]!, 0);
    const { customer } = target;
    return {
      customer: { id: target.who.id, orgName: customer.orgName, email: customer.email, priceLevel: target.priceLevelName },
      shipTos: [resolveDestination(customer, ''), ...customer.shipTo.map((s) => resolveDestination(customer, s.code))],
      lines: lines.map((l, i) => ({
        invNum: l.invNum,
        title: index.byNum.get(l.invNum)!.title,
        qty: l.qty,
        price: dollars(units[i]!),
        extended: dollars(l.qty * units[i]!),
        ...(notices.has(l.invNum) ? { notice: notices.get(l.invNum)! } : {}),
      })),
      subtotal: dollars(subtotalCents),
      totalQuantity: lines.reduce((n, l) => n + l.qty, 0),
      tax: dollars(this.tax.taxOf({ lineCents: lines.map((l, i) => l.qty * units[i]!), discountCents: 0, shippingCents: 0 }, terms).taxCents),
      taxRate: terms.ratePpm === null ? null : terms.ratePpm / 10_000,
      taxBasis: terms.basis,
      shippingOptions: shippingOptionsTaxed(shippingRates({ merchandiseCents: subtotalCents, destination, freeShippingCoupon: false }), this.tax, terms),
    };
  }

  /**
   * Places the order in ONE transaction with its audit row. With an Idempotency-Key (per staff
   * member, or API key): the same key and body answer the order placed before (`replayed`); the
   * same key with another body is 409.
   */
  async place(staff: EnteringStaff, body: StaffOrderBody, idempotencyKey: string | null): Promise<{ order: AdminOrder; replayed: boolean }> {
    const target = await this.orderingFor(body.customerId);
    const destination = this.destination(target.customer, body.shipToCode);
    const taxTerms = await this.tax.termsFor(target.who.id, destination, this.db);
    const { lines } = this.checkLines(body.lines);
    const requestHash = createHash('sha256').update(JSON.stringify(body)).digest('hex');
    // A key belongs to who sent it: two staff members' keys never meet.
    const key = idempotencyKey === null ? null : `${staff.actor.label.split(' ')[0]}:${idempotencyKey}`;
    const customerId = target.who.id;

    const { orderNum, replayed } = await writeTransaction(this.db, async (trx): Promise<{ orderNum: number; replayed: boolean }> => {
      if (key !== null) {
        if (await keyClaimedForAnother(trx, customerId, key)) throw new Conflict(M.idempotencyKeyReused);
        if (!(await claimIdempotencyKey(trx, customerId, key, requestHash))) {
          const earlier = await findIdempotencyKey(trx, customerId, key);
          if (!earlier || earlier.request_hash !== requestHash || earlier.order_id === null) throw new Conflict(M.idempotencyKeyReused);
          return { orderNum: await orderNumOf(trx, earlier.order_id), replayed: true };
        }
      }
      const { order } = await placeOrder(trx, this.placing, {
        customer: target.customer,
        pricedAs: target.who,
        destination,
        taxTerms,
        shippingOption: body.shippingOption,
        poNumber: body.poNumber,
        comments: body.comments,
        lines,
        coupons: [],
        stockActor: staff.actor,
        entered: { source: body.source, entered_by_id: staff.staffId, entered_by_name: staff.actor.name ?? staff.actor.display },
        afterInsert: key === null ? undefined : (db, orderId) => setIdempotencyOrder(db, customerId, key, orderId),
      });
      await recordAudit(trx, staff.actor, {
        action: 'order.enter',
        target: `order:${order.orderNum}`,
        summary: { customerId, source: body.source, lines: lines.length, total: order.originalTotal, statusCode: order.statusCode },
      });
      return { orderNum: order.orderNum, replayed: false };
    });
    if (!replayed) this.outbox.poke();
    return { order: await this.adminOrders.read(orderNum), replayed };
  }

  private async orderingFor(customerId: number): Promise<OrderingFor> {
    const found = await this.accounts.orderingIdentity(customerId);
    if (!found) throw atField(new NotFound(M.customerNotFound(customerId)), 'customerId');
    if (found.who.status !== 'active') throw atField(new Conflict(M.customerNotActive(found.who.status)), 'customerId');
    return { who: found.who, customer: await this.accounts.customer(customerId), priceLevelName: found.priceLevelName };
  }

  private destination(customer: Customer, shipToCode: string): OrderAddress {
    try {
      return resolveDestination(customer, shipToCode);
    } catch (e) {
      if (e instanceof NotFound) throw atField(new Invalid(`${CART_MESSAGES.shipToNotFound}: this customer has no ship-to "${shipToCode}"`), 'shipToCode');
      throw e;
    }
  }

  /**
   * Lines as the cart takes them: an item listed twice is one line (quantities added), every item
   * must be sold now, and a quantity is rounded up to the item's case pack. Any refused line
   * refuses the order, naming every refused line.
   */
  private checkLines(raw: readonly { invNum: string; qty: number }[]): { lines: { invNum: string; qty: number }[]; notices: Map<string, string> } {
    const index = this.catalogue.current();
    const merged = new Map<string, number>();
    const reasons: string[] = [];
    raw.forEach((l, i) => {
      if (!index.byNum.has(l.invNum)) reasons.push(`Line ${i + 1} (${l.invNum}): ${M.itemNotSold(l.invNum)}`);
      else merged.set(l.invNum, (merged.get(l.invNum) ?? 0) + l.qty);
    });
    const rounded = this.cart.roundedUp([...merged].map(([invNum, qty]) => ({ invNum, qty })));
    for (const l of rounded.lines) if (l.qty > CART.maxQty) reasons.push(merged.get(l.invNum)! > CART.maxQty ? M.mergedTooLarge(l.invNum) : `${l.invNum}: ${CART_MESSAGES.quantityTooLarge}`);
    if (reasons.length > 0) throw new Invalid(M.linesRefused, reasons);
    const notices = new Map<string, string>();
    for (const [invNum, asked] of rounded.asked) {
      const qty = rounded.lines.find((l) => l.invNum === invNum)!.qty;
      notices.set(invNum, CART_MESSAGES.roundedUp(asked, qty, index.byNum.get(invNum)!.orderMultiple));
    }
    return { lines: rounded.lines, notices };
  }
}

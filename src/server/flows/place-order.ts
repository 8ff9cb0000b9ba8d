import type { Customer } from '../../contract/accounts';
import { CART_MESSAGES, type Order, type OrderAddress, type ShippingCode } from '../../contract/cart';
import {
  addOrderEvent,
  type CartService,
  type CouponRule,
  countKeys,
  type Db,
  insertOrderForCheckout,
  insertOrderLines,
  orderConfirmationMail,
  type OrderLineRow,
  type OrderRow,
  placedAdminOrder,
  redeemCoupons,
  shippingRates,
  taxTermsColumns,
  type TaxTerms,
  type TaxTermsSource,
  toOrder,
} from '../orders';
import { CREDIT_HOLD, type MoneyService } from '../money';
import type { Actor } from '../platform/audit/audit';
import type { DialectOps } from '../platform/db/dialect';
import { Conflict, Invalid } from '../platform/errors';
import type { SignedInCustomer } from '../platform/http/auth-context';
import { queuedMail } from '../platform/mail/mailer';
import type { WebhookEvents } from '../staff';
import { type Allocation, allocateStock, decrementStock, firstWarehouse, lockItems } from '../stock';
import { finishCheckout } from './checkout-end';

const SYSTEM = { label: 'system', display: 'System', ip: '' };

/** What placing an order needs of the shop, the same for the buyer's checkout and the order desk. */
export interface PlaceOrderDeps {
  ops: DialectOps;
  cart: CartService;
  money: MoneyService;
  events: WebhookEvents;
  publicUrl: string;
  tax: TaxTermsSource;
}

/** An order to place: for whom, where to, how, and its lines (prices are never taken from here). */
export interface PlaceOrderInput {
  /** The customer as they are now (the confirmation mail goes to their address). */
  customer: Customer;
  /** The customer as the price book sees them: their price level. */
  pricedAs: SignedInCustomer;
  destination: OrderAddress;
  /** How the order is taxed: asked of the tax rates before the transaction (`TaxTermsSource.termsFor`). */
  taxTerms: TaxTerms;
  shippingOption: ShippingCode;
  poNumber: string;
  comments: string;
  /** Item numbers with quantities, each item once, already rounded to case packs. */
  lines: readonly { invNum: string; qty: number }[];
  /** The cart's coupons, read under lock (the order desk takes none). */
  coupons: CouponRule[];
  /** Who takes the stock, in the stock movements. */
  stockActor: Actor;
  /** How the order came in and who entered it: `web` and null for the buyer's checkout. */
  entered: Pick<OrderRow, 'source' | 'entered_by_id' | 'entered_by_name'>;
  /**
   * Runs once the stock is taken, before the order is written (it needs no order id): the buyer's
   * checkout empties the ordered lines from the cart here.
   */
  afterStock?: (trx: Db) => Promise<void>;
  /** Runs once the order and its lines are written, before the rows every checkout shares are locked. */
  afterInsert?: (trx: Db, orderId: number) => Promise<void>;
}

/**
 * Places an order inside the caller's transaction (DESIGN.md §3, §7): locks the items (a fixed
 * order, so two orders never deadlock), prices each line for the customer (list price of the
 * locked row, their level, the item's quantity breaks), checks the shipping option and the
 * credit limit (over it: on hold, no stock taken), allocates West/East with backorders, takes the
 * stock, writes the order, its lines and coupon redemptions, then the rows every order shares
 * (sales summaries, number, counts, stock sequence and movements, orders feed, confirmation
 * mail: one statement on PostgreSQL, `finishCheckout`), and publishes `order.placed`. The
 * buyer's checkout and the order desk's staff-entered order both place orders through here.
 */
export async function placeOrder(trx: Db, deps: PlaceOrderDeps, input: PlaceOrderInput): Promise<{ orderId: number; order: Order }> {
  const { customer, destination } = input;
  const customerId = input.pricedAs.id;
  const stock = new Map((await lockItems(trx, input.lines.map((l) => l.invNum), deps.ops.forUpdate)).map((r) => [r.num, r]));
  const gone = input.lines.filter((l) => stock.get(l.invNum)?.active !== 1).map((l) => l.invNum);
  if (gone.length > 0) throw new Conflict(CART_MESSAGES.itemsUnavailable(gone));
  // Prices come from the locked rows' list prices, the customer's level and the items' breaks (pricing/unit-price.ts), never from the client.
  const units = await deps.cart.unitPrices(
    input.pricedAs,
    input.lines.map((l) => ({ id: stock.get(l.invNum)!.id, num: l.invNum, priceCents: Number(stock.get(l.invNum)!.price_cents), qty: l.qty })),
  );
  const lines = input.lines.map((l, i) => ({ ...l, item: stock.get(l.invNum)!, unitCents: units[i]! }));
  const totals = await deps.cart.priceForCheckout(trx, customerId, lines.map((l) => ({ qty: l.qty, priceCents: l.unitCents })), input.coupons);
  const rate = shippingRates({ merchandiseCents: totals.totalCents, destination, freeShippingCoupon: totals.freeShippingCoupon }).find((r) => r.code === input.shippingOption);
  if (!rate) throw new Invalid(CART_MESSAGES.shippingOptionNotOffered);

  // Per line after its share of the discount, and the shipping where it is taxed (decision 0042).
  const tax = deps.tax.taxOf({ lineCents: lines.map((l) => l.qty * l.unitCents), discountCents: totals.discountCents, shippingCents: rate.amountCents }, input.taxTerms);

  // An order that takes the balance over the credit limit waits on hold and takes no stock:
  // every unit waits, like a backorder, until staff release it (decision 0022).
  const creditHold = await deps.money.mustHold(trx, customerId, totals.totalCents + rate.amountCents + tax.taxCents);
  const first = firstWarehouse(input.shippingOption, destination.state);
  const allocations: Allocation[] = lines.map((l) =>
    creditHold ? { west: 0, east: 0, backordered: l.qty } : allocateStock(l.qty, { west: l.item.qty_fr - l.item.reserve_fr, east: l.item.qty_fh - l.item.reserve_fh }, first),
  );
  const shipped = lines.flatMap((l, i) => (allocations[i]!.west + allocations[i]!.east > 0 ? [{ itemId: l.item.id, ...allocations[i]! }] : []));
  await decrementStock(trx, shipped);
  // The rows every order shares (the order counter, the stock sequence) are locked only at the end, below.
  if (input.afterStock) await input.afterStock(trx);

  const now = new Date().toISOString();
  const sum = (pick: (a: Allocation) => number) => allocations.reduce((n, a) => n + pick(a), 0);
  const orderRow: Omit<OrderRow, 'id' | 'order_num'> = {
    customer_id: customerId,
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
    tax_cents: tax.taxCents,
    total_cents: totals.totalCents + rate.amountCents + tax.taxCents,
    // The order as placed: cancels change the five above, never these (decision 0026).
    original_subtotal_cents: totals.subtotalCents,
    original_discount_cents: totals.discountCents,
    original_shipping_cents: rate.amountCents,
    original_tax_cents: tax.taxCents,
    ...taxTermsColumns(input.taxTerms),
    ship_to_code: destination.code,
    ship_to_json: JSON.stringify(destination),
    shipping_code: rate.code,
    shipping_name: rate.name,
    po_number: input.poNumber,
    comments: input.comments,
    line_count: lines.length,
    total_qty: totals.totalQuantity,
    ...input.entered,
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
  await redeemCoupons(trx, customerId, id, redeemed);
  if (input.afterInsert) await input.afterInsert(trx, id);
  // Last: the rows every checkout shares (the sales summaries' day and state rows, the order
  // number, the counts, the stock sequence, the orders feed) are written by one statement on
  // PostgreSQL, with the confirmation mail, and held only until the commit (checkout-end.ts).
  const moves = lines.flatMap((l, i) =>
    (['west', 'east'] as const).filter((w) => allocations[i]![w] > 0).map((w) => ({ itemNum: l.item.num, warehouse: w, delta: -allocations[i]![w] })),
  );
  const redeemedRows = redeemed.map((c) => ({ code: c.code, name: c.name, discount_cents: c.discountCents }));
  const orderOf = (orderNum: number) => toOrder({ ...orderRow, id, order_num: orderNum }, lineRows, redeemedRows);
  const orderNum = await finishCheckout(trx, inserted, {
    stock: { itemIds: shipped.map((x) => x.itemId), moves, actor: input.stockActor },
    countKeys: countKeys(orderRow),
    sale: {
      placedAt: now,
      customerId,
      state: destination.state,
      orders: 1,
      discountCents: totals.discountCents,
      lines: lineRows.map((l) => ({ itemNum: l.item_num, units: l.qty, merchCents: l.extended_cents, lines: 1 })),
    },
    // In this transaction: the order and its confirmation commit together or not at all.
    mail: (n) => queuedMail('order-confirmation', orderConfirmationMail(customer.email, orderOf(n), deps.publicUrl)),
  });
  // The answer is what this transaction wrote, as reading the order back would give it.
  const order = orderOf(orderNum);
  // Free when no endpoint wants it; for one that does, the admin order is made from what was
  // written here (no read while the counter rows are locked).
  await deps.events.publish(trx, 'order.placed', `order ${orderNum}`, () =>
    placedAdminOrder({ ...orderRow, order_num: orderNum, org_name: customer.orgName, email: customer.email, first_name: customer.firstName, last_name: customer.lastName }, lineRows, redeemedRows),
  );
  return { orderId: id, order };
}

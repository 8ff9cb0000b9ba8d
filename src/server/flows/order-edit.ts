import { type AdminOrder, EDITABLE_STATUSES, type EditOrderBody, ORDER_ADMIN_MESSAGES as M } from '../../contract/admin/orders';
import { CART_MESSAGES, type OrderAddress } from '../../contract/cart';
import type { CatalogueService } from '../catalogue';
import type { AccountService } from '../customers';
import { CREDIT_HOLD, invoicedBefore, type MoneyService } from '../money';
import {
  type AdminOrderReader,
  type CartService,
  type Db,
  type EditedHeader,
  type EditedParts,
  hasFreeShippingCoupon,
  lockOrder,
  lockOrderToEdit,
  NOTHING_INVOICED,
  orderLines,
  orderTaxTerms,
  readAdminOrder,
  resolveDestination,
  shippingRates,
  type TaxTerms,
  type TaxTermsSource,
  totalsAfterCancel,
} from '../orders';
import { writeTransaction } from '../platform/db/database';
import type { DialectOps } from '../platform/db/dialect';
import { Conflict, Invalid, NotFound, StaleVersion } from '../platform/errors';
import type { OutboxDispatcher } from '../platform/outbox/outbox';
import type { WebhookEvents } from '../staff';
import { lockItems } from '../stock';
import type { Acting } from './lifecycle';
import { discountAtSameRate, holdEveryUnit, planLineEdits } from './order-edit-plan';
import { type AddedLine, allocateEdit, type EditContext, unitsMoved, writeEdit } from './order-edit-steps';
import { taxAfterChange } from './order-tax';

export interface OrderEditDeps {
  outbox: OutboxDispatcher;
  publicUrl: string;
  events: WebhookEvents;
  adminOrders: AdminOrderReader;
  accounts: AccountService;
  cart: CartService;
  catalogue: CatalogueService;
  money: MoneyService;
  tax: TaxTermsSource;
}

const EDITABLE: readonly string[] = EDITABLE_STATUSES;

/** What a committed edit wrote, from the version it edited: the reader makes the next version's parts from it. */
type Written = { from: number; parts: EditedParts; filledOwn: boolean };

/** Ends a preview's transaction: thrown so that it rolls back. */
class PreviewDone extends Error {}

/**
 * The order desk's edit of an order (DESIGN.md §7 `PATCH /beapi/Admin/Orders/{n}`, decision 0036):
 * quantities of lines nothing of which has shipped, added lines at the customer's current price,
 * ship-to, shipping option, PO number and comments. ONE write transaction locks the order, checks
 * the version it was asked with (stale: 409 with the order as it is), plans the change, allocates
 * new units as checkout does, gives released units back to stock and waiting backorders, recomputes
 * the money and the credit check, and writes the lines, the order, its "edited" event, the audit
 * row, the buyer's one mail and the `order.updated` webhook (outbox). A refusal changes nothing.
 */
export class OrderEditService {
  constructor(
    private readonly db: Db,
    private readonly ops: DialectOps,
    private readonly deps: OrderEditDeps,
  ) {}

  async edit(who: Acting, orderNum: number, body: EditOrderBody, ifMatch: number): Promise<AdminOrder> {
    // Read before the transaction (SQLite's write transaction holds the one connection): when lines
    // are added, who the buyer is and their price level (loaded into the price book here); for a
    // new ship-to, their addresses. An edit of the order's own lines and fields reads none of it.
    const adds = (body.add ?? []).length > 0;
    const seen = adds || body.shipToCode !== undefined ? await lockOrder(this.db, { orderNum }, false) : null;
    if (seen === undefined) throw new NotFound(CART_MESSAGES.orderNotFound(orderNum));
    // Priced as an active customer whatever their status: the order desk acts for them on an order they placed.
    const identity = seen && adds ? await this.deps.accounts.orderingIdentity(seen.customer_id) : null;
    const buyer = identity ? { ...identity.who, status: 'active' as const } : undefined;
    if (buyer) await this.deps.cart.unitPrices(buyer, []);
    const customer = seen && body.shipToCode !== undefined ? await this.deps.accounts.customer(seen.customer_id) : null;
    // Another ship-to, another rate (decision 0042): asked before the transaction; a code the customer does not have is refused in it.
    const newTo = customer && (body.shipToCode === '' || customer.shipTo.some((s) => s.code === body.shipToCode)) ? resolveDestination(customer, body.shipToCode!) : null;
    const newTerms: TaxTerms | null = seen && newTo ? await this.deps.tax.termsFor(seen.customer_id, newTo, this.db) : null;

    let previewed: AdminOrder | null = null;
    let written: Written | null = null;
    await writeTransaction(this.db, async (trx) => {
      // The order's row, locked, with the fields the edit may change: one statement.
      const order = await lockOrderToEdit(trx, orderNum, this.ops.forUpdate);
      if (!order) throw new NotFound(CART_MESSAGES.orderNotFound(orderNum));
      if (ifMatch !== order.version) throw new StaleVersion(M.changedMeanwhile, await readAdminOrder(trx, orderNum));
      if (!EDITABLE.includes(order.status_code)) throw new Conflict(M.notAllowed('edit', order.status_code));
      const header: EditedHeader = order;

      // Where it goes and how.
      const shipToChanged = body.shipToCode !== undefined && body.shipToCode !== header.ship_to_code;
      if (shipToChanged && body.shipToCode !== '' && !customer!.shipTo.some((s) => s.code === body.shipToCode)) throw new Invalid(M.editShipToNotFound(body.shipToCode!));
      const placedTo = JSON.parse(header.ship_to_json) as OrderAddress;
      const destination: OrderAddress = shipToChanged ? resolveDestination(customer!, body.shipToCode!) : placedTo;

      // Only the lines the edit names are read (one line of a 200-line order reads one), but all
      // of them when the order moves to another state: its sales summaries move whole.
      const requested = body.lines ?? [];
      const lines = destination.state !== placedTo.state ? await orderLines(trx, order.id) : requested.length > 0 ? await orderLines(trx, order.id, requested.map((r) => r.lineNo)) : [];
      const plan = planLineEdits(lines, requested);

      // Lines to add: known, sold, in the item's multiples, at the customer's price today.
      const addNums = (body.add ?? []).map((a) => a.invNum.trim());
      const dup = addNums.find((n, i) => addNums.indexOf(n) !== i);
      if (dup) throw new Invalid(M.editItemTwice(dup));
      // The items added, read to check and price them; their stock is locked below with the rest.
      const found = new Map((await lockItems(trx, addNums, false)).map((r) => [r.num, r]));
      const index = this.deps.catalogue.current();
      for (const num of addNums) {
        const item = found.get(num);
        if (!item) throw new Invalid(M.editItemNotFound(num));
        if (item.active !== 1) throw new Invalid(M.editItemUnavailable(num));
      }
      for (const a of body.add ?? []) {
        const multiple = index.byNum.get(a.invNum.trim())?.orderMultiple ?? 1;
        if (multiple > 1 && a.qty % multiple !== 0) throw new Invalid(M.editMultiple(a.invNum.trim(), multiple));
      }
      const addedItems = addNums.map((num, i) => ({ item: found.get(num)!, qty: body.add![i]!.qty }));
      const units = buyer
        ? await this.deps.cart.unitPrices(buyer, addedItems.map(({ item, qty }) => ({ id: item.id, num: item.num, priceCents: Number(item.price_cents), qty })))
        : addedItems.map(({ item }) => Number(item.price_cents));
      const added: AddedLine[] = addedItems.map(({ item, qty }, i) => ({ item, qty, unitCents: units[i]! }));

      const option = body.shippingOption ?? header.shipping_code;
      const shippingChanged = option !== header.shipping_code;
      const poChanged = body.poNumber !== undefined && body.poNumber !== header.po_number;
      const commentsChanged = body.comments !== undefined && body.comments !== header.comments;
      if (plan.edits.length === 0 && added.length === 0 && !shipToChanged && !shippingChanged && !poChanged && !commentsChanged) throw new Invalid(M.editNothing);
      // Units wanted of all its lines (open, backordered, shipped) after the edit: none left, nothing added, is an emptied order.
      const wantedAfter = order.open_west + order.open_east + order.backordered + order.shipped_qty + unitsMoved(plan);
      if (added.length === 0 && wantedAfter === 0) throw new Invalid(M.editRemovesAll);

      // The money (decision 0036): the order as placed and edited, then what remains, as after a cancel.
      const deltaCents = plan.edits.reduce((n, e) => n + (e.to - e.from) * Number(e.line.price_cents), 0) + added.reduce((n, a) => n + a.qty * a.unitCents, 0);
      const subtotalCents = Number(order.subtotal_cents) + deltaCents;
      const placedSubtotal = Number(order.original_subtotal_cents) + deltaCents;
      const placedDiscount = discountAtSameRate(Number(order.original_discount_cents), placedSubtotal, Number(order.original_subtotal_cents));
      const invoiced = order.shipped_qty > 0 ? await invoicedBefore(trx, order.id) : NOTHING_INVOICED;
      const merchandise = totalsAfterCancel({ subtotalCents: placedSubtotal, discountCents: placedDiscount, shippingCents: 0 }, subtotalCents, invoiced);
      // The rate is asked when the shipping or the destination changes, or while no invoice has billed the charge.
      const rated = shippingChanged || shipToChanged || invoiced.count === 0;
      const freeShippingCoupon = rated && (await hasFreeShippingCoupon(trx, order.id));
      const rate = rated ? shippingRates({ merchandiseCents: merchandise.totalCents, destination, freeShippingCoupon }).find((r) => r.code === option) : undefined;
      if (!rate && (shippingChanged || shipToChanged)) throw new Invalid(M.editShippingNotOffered);
      // The first invoice carried the shipping charge: once there is one, the charge stays as billed.
      const placedShipping = invoiced.count > 0 || !rate ? Number(order.original_shipping_cents) : rate.amountCents;
      const untaxed = totalsAfterCancel({ subtotalCents: placedSubtotal, discountCents: placedDiscount, shippingCents: placedShipping }, subtotalCents, invoiced);
      // The tax of the order as edited, on all its lines at its rate (a new ship-to's when it moved).
      const taxTerms = shipToChanged && newTerms ? newTerms : orderTaxTerms(order);
      const deleted = (e: (typeof plan.edits)[number]) => e.removed && e.line.qty_cancelled === 0;
      const tax = await taxAfterChange(
        trx,
        order,
        { placed: { discountCents: placedDiscount, shippingCents: placedShipping }, remaining: untaxed, invoicedTaxCents: invoiced.taxCents ?? 0 },
        {
          terms: taxTerms,
          lines: new Map(plan.edits.map((e) => [e.line.line_no, deleted(e) ? { placedCents: 0, remainingCents: 0 } : { placedCents: e.after.extended_cents, remainingCents: e.to * Number(e.line.price_cents) }])),
          added: added.map((a) => a.qty * a.unitCents),
        },
      );
      const placed = { subtotalCents: placedSubtotal, discountCents: placedDiscount, shippingCents: placedShipping, taxCents: tax.placedTaxCents };
      const totals = totalsAfterCancel(placed, subtotalCents, invoiced, tax.taxCents);
      const beforeCents = Number(order.subtotal_cents) - Number(order.discount_cents) + Number(order.shipping_cents) + Number(order.tax_cents);

      // The credit check again, when the edit raises what the buyer owes (decision 0022: over the limit, the order waits on hold and keeps no stock).
      const creditHold = order.status_code !== 'on_hold' && totals.totalCents > beforeCents && (await this.deps.money.mustHold(trx, order.customer_id, totals.totalCents - beforeCents));
      if (creditHold && order.status_code === 'partially_shipped') throw new Conflict(M.editOverCredit);
      // A credit hold gives back every line's units: all lines are read for it.
      if (creditHold) holdEveryUnit(await orderLines(trx, order.id), plan);

      // The items whose stock the edit takes or gives back (the changed lines' and the added ones;
      // every line's when a credit hold gives all back), locked at once in checkout's item order,
      // so an edit and a checkout cannot deadlock; a line the edit leaves alone is not locked.
      const itemNums = [...new Set([...addNums, ...plan.edits.map((e) => e.line.item_num)])];
      const items = new Map((await lockItems(trx, itemNums, this.ops.forUpdate)).map((r) => [r.num, r]));

      const ctx: EditContext = { trx, order, who: who.actor, lines, header, plan, added, destination, publicUrl: this.deps.publicUrl, events: this.deps.events };
      const allocation = await allocateEdit(ctx, items, { hold: creditHold || order.status_code === 'on_hold', first: { option, state: destination.state } });
      const wrote = await writeEdit(ctx, allocation, {
        totals,
        placed,
        taxTerms,
        beforeCents,
        creditHold,
        holdReason: creditHold ? CREDIT_HOLD : undefined,
        shipTo: shipToChanged ? destination : null,
        shipping: shippingChanged || shipToChanged ? { code: option, name: rate?.name ?? header.shipping_name, before: header.shipping_name } : null,
        poNumber: poChanged ? body.poNumber! : null,
        comments: commentsChanged ? body.comments! : null,
      });
      written = { from: order.version, ...wrote };
      if (body.preview) {
        // The order as this edit leaves it, then everything rolled back: nothing was changed, queued or mailed.
        previewed = await readAdminOrder(trx, orderNum);
        throw new PreviewDone();
      }
    }).catch((err: unknown) => {
      if (!(err instanceof PreviewDone)) throw err;
    });
    if (previewed) return previewed;
    this.deps.outbox.poke();
    // The answer: the order's row read, its parts made from the kept ones and what the edit wrote.
    const done = written as Written | null;
    if (done && !done.filledOwn) this.deps.adminOrders.edited(orderNum, done.from, done.parts);
    return this.deps.adminOrders.read(orderNum);
  }
}

import type { ListItem } from '../../../contract/catalogue';
import {
  type AddItemsLine,
  addItemsLineSchema,
  CART,
  CART_MESSAGES,
  type Cart,
  dollars,
  type ShippingOption,
} from '../../../contract/cart';
import type { AccountService } from '../../customers';
import type { CatalogueService } from '../../catalogue';
import { writeTransaction } from '../../platform/db/database';
import type { DialectOps } from '../../platform/db/dialect';
import { Conflict, Invalid, NotFound } from '../../platform/errors';
import type { SignedInCustomer } from '../../platform/http/auth-context';
import { LIST_PRICES, type PriceBook } from '../../catalogue';
import { roundUpToMultiple, unitPriceCents } from '../../catalogue';
import { inventoryDataOf } from './cart-json';
import { type CouponRule, isDiscountCoupon, normaliseCouponCode } from './coupons';
import { resolveDestination } from './destination';
import { type CartTotals, priceCart } from './pricing';
import * as q from './queries';
import { shippingRates } from './shipping-rates';
import { shippingOptionsTaxed, type TaxTermsSource } from '../tax-terms';

const M = CART_MESSAGES;
const NONE_ROUNDED: ReadonlyMap<string, number> = new Map();

/** A cart line joined with today's catalogue data. */
interface CartLine {
  invNum: string;
  qty: number;
}

/**
 * The cart's rules (spec §5, §7; DESIGN.md §3). Every change answers the whole cart, recomputed
 * from the database. Methods that take `db` run inside a caller's transaction (checkout).
 */
export class CartService {
  constructor(
    private readonly db: q.Db,
    private readonly ops: DialectOps,
    private readonly catalogue: CatalogueService,
    private readonly accounts: AccountService,
    private readonly priceBook: PriceBook,
    private readonly tax: TaxTermsSource,
  ) {}

  /**
   * Unit prices in cents for `who` at each line's quantity (pricing/unit-price.ts): the customer's
   * level (price book) and the item's quantity breaks, which the catalogue's read index carries
   * (loaded from the database, and laid over every process's index with the item's other list
   * fields when they are edited: no query here). `priceCents` is the list price the caller read:
   * inside a checkout, the locked item row's.
   */
  async unitPrices(who: SignedInCustomer, lines: { id: number; num: string; priceCents: number; qty: number }[]): Promise<number[]> {
    const prices = (await this.priceBook.view(who)) ?? LIST_PRICES;
    const index = this.catalogue.current();
    return lines.map((l) => unitPriceCents(l, prices.level, index.byNum.get(l.num)?.breaks ?? [], l.qty));
  }

  // ---- reading -----------------------------------------------------------------------------

  /** The cart as `db` sees it (inside a change: as that change left it). */
  async view(who: SignedInCustomer, db: q.Db = this.db, rounded: ReadonlyMap<string, number> = NONE_ROUNDED): Promise<Cart> {
    const { cart, lines, coupons, place } = await q.readWholeCart(db, who.id);
    const index = this.catalogue.current();
    const listed = lines.flatMap((line) => {
      const item = index.byNum.get(line.item_num);
      return item ? [{ line, item }] : [];
    });
    const unavailableItems = lines.filter((line) => !index.byNum.has(line.item_num)).map((line) => line.item_num);
    const units = await this.unitPrices(who, listed.map(({ line, item }) => ({ id: item.id, num: item.num, priceCents: item.priceCents, qty: line.qty })));
    const items: Cart['items'] = listed.map(({ line, item }, i) => {
      const unit = units[i]!;
      const asked = rounded.get(item.num);
      const multiple = item.orderMultiple;
      return {
        invNum: item.num,
        ordQty: line.qty,
        price: dollars(unit),
        extended: dollars(unit * line.qty),
        inventoryData: inventoryDataOf(item),
        ...(multiple > 1
          ? { orderMultiple: multiple, notice: asked !== undefined && asked !== line.qty ? M.roundedUp(asked, line.qty, multiple) : M.soldInMultiples(multiple) }
          : {}),
      };
    });
    const totals = priceCart(
      items.map((i) => ({ qty: i.ordQty, priceCents: Math.round(i.price * 100) })),
      coupons,
      await this.customerUses(db, who.id, coupons),
      new Date(),
    );
    // How the goods are taxed, from what the cart's read found (decision 0042): no query of its own.
    const terms = await this.tax.termsForCart(place.shipTo ?? place.billing ?? { state: '', zip: '' }, place.certificates, db);
    const tax = this.tax.taxOf({ lineCents: items.map((i) => Math.round(i.extended * 100)), discountCents: totals.discountCents, shippingCents: 0 }, terms);
    return {
      items,
      numberOfItems: items.length,
      totalQuantity: totals.totalQuantity,
      subtotal: dollars(totals.subtotalCents),
      discount: dollars(totals.discountCents),
      total: dollars(totals.totalCents),
      comments: cart.comments,
      couponsApplied: totals.coupons.map((o) => ({
        num: o.coupon.id,
        code: o.coupon.code,
        name: o.coupon.name,
        kind: o.coupon.kind,
        applies: o.problem === null,
        reason: o.problem ?? '',
      })),
      shipToCode: cart.ship_to_code,
      freeShipping: totals.freeShippingCoupon || totals.totalCents >= CART.freeGroundFromCents,
      unavailableItems,
      tax: dollars(tax.taxCents),
      taxRate: terms.ratePpm === null ? null : terms.ratePpm / 10_000,
      taxBasis: terms.basis,
    };
  }

  /** Items suggested for what is in the cart, minus what is already there (priced list items). */
  async suggestedItems(who: SignedInCustomer): Promise<ListItem[]> {
    const lines = await q.listLines(this.db, who.id);
    const inCart = new Set(lines.map((l) => l.item_num));
    const index = this.catalogue.current();
    const seen = new Set<string>();
    const suggested: ListItem[] = [];
    for (const line of lines.slice(0, 100)) {
      if (!index.byNum.has(line.item_num)) continue;
      const detail = await this.catalogue.itemDetail(line.item_num, (await this.priceBook.view(who)) ?? LIST_PRICES);
      for (const s of detail.suggestedItems) {
        if (inCart.has(s.num) || seen.has(s.num)) continue;
        seen.add(s.num);
        suggested.push(s);
      }
    }
    return suggested;
  }

  async shippingOptions(who: SignedInCustomer): Promise<ShippingOption[]> {
    const [cart, customer] = await Promise.all([this.view(who), this.accounts.customer(who.id)]);
    // A ship-to deleted since it was chosen: price to the billing address rather than fail.
    const known = cart.shipToCode === '' || customer.shipTo.some((s) => s.code === cart.shipToCode);
    const destination = resolveDestination(customer, known ? cart.shipToCode : '');
    const terms = await this.tax.termsFor(who.id, destination);
    const rates = shippingRates({
      merchandiseCents: Math.round(cart.total * 100),
      destination,
      freeShippingCoupon: cart.couponsApplied.some((c) => c.applies && c.kind === 'free_shipping'),
    });
    return shippingOptionsTaxed(rates, this.tax, terms);
  }

  // ---- changing ----------------------------------------------------------------------------

  /** Adds to the line if the item is already in the cart (atomically: concurrent adds all count). */
  async addItem(who: SignedInCustomer, invNum: string, qty: number): Promise<Cart> {
    const num = this.requireItem(invNum);
    const rounded = this.roundedUp([{ invNum: num, qty }]);
    const add = rounded.lines[0]!.qty;
    // Lines need no cart row (it only holds comments and destination): one write, which also
    // checks the cart's room. When it changes nothing, the reason is found afterwards.
    return this.change(
      who,
      async (db) => {
        if ((await q.addToLine(db, who.id, num, add)) !== null) return;
        await this.assertRoomFor(who.id, [num], db);
        throw new Invalid(M.quantityTooLarge);
      },
      { rounded: rounded.asked },
    );
  }

  async updateItem(who: SignedInCustomer, invNum: string, qty: number): Promise<Cart> {
    const num = this.requireItem(invNum);
    const rounded = this.roundedUp([{ invNum: num, qty }]);
    const set = rounded.lines[0]!.qty;
    if (set > CART.maxQty) throw new Invalid(M.quantityTooLarge);
    return this.change(
      who,
      async (db) => {
        if (!(await q.updateLine(db, who.id, num, set))) throw new NotFound(M.itemNotInCart(num));
      },
      { rounded: rounded.asked },
    );
  }

  /**
   * Quantities rounded up to each item's case pack (items sold in multiples), and for the cart's
   * answer the quantity each rounded line had asked for. Adding a multiple to a line that holds a
   * multiple keeps it one.
   */
  roundedUp<L extends { invNum: string; qty: number }>(lines: L[]): { lines: L[]; asked: Map<string, number> } {
    const index = this.catalogue.current();
    const asked = new Map<string, number>();
    const out = lines.map((l) => {
      const multiple = index.byNum.get(l.invNum)?.orderMultiple ?? 1;
      const qty = roundUpToMultiple(l.qty, multiple);
      if (qty === l.qty) return l;
      asked.set(l.invNum, l.qty);
      return { ...l, qty };
    });
    return { lines: out, asked };
  }

  async deleteItem(who: SignedInCustomer, invNum: string): Promise<Cart> {
    return this.change(who, async (db) => {
      if (!(await q.deleteLine(db, who.id, invNum))) throw new NotFound(M.itemNotInCart(invNum));
    });
  }

  /** Stored as plain text; the web app never renders it as HTML. */
  async updateComments(who: SignedInCustomer, comments: string): Promise<Cart> {
    return this.change(who, (db) => q.touchCart(db, who.id, { comments }));
  }

  /** Empty code: the billing address. Another customer's code is 404 and changes nothing. */
  async updateShipTo(who: SignedInCustomer, code: string): Promise<Cart> {
    if (code !== '') resolveDestination(await this.accounts.customer(who.id), code);
    return this.change(who, (db) => q.touchCart(db, who.id, { ship_to_code: code }));
  }

  /**
   * Many lines in one transaction: every line is checked first, and if any is refused nothing
   * changes and the answer lists every refused line with its reason.
   */
  async addItems(who: SignedInCustomer, raw: { invNum: unknown; qty: unknown }[]): Promise<Cart> {
    const reasons: string[] = [];
    const lines: AddItemsLine[] = [];
    raw.forEach((r, i) => {
      const parsed = addItemsLineSchema.safeParse(r);
      const label = `Line ${i + 1}${typeof r.invNum === 'string' && r.invNum.trim() ? ` (${r.invNum.trim()})` : ''}`;
      if (!parsed.success) {
        reasons.push(`${label}: ${parsed.error.issues[0]?.message ?? M.quantityInvalid}`);
      } else if (!this.catalogue.current().byNum.has(parsed.data.invNum)) {
        reasons.push(`${label}: ${M.itemNotFound(parsed.data.invNum)}`);
      } else {
        lines.push(parsed.data);
      }
    });
    if (reasons.length > 0) throw new Invalid(M.someLinesRefused, reasons);
    const rounded = this.roundedUp(lines);
    // An item named twice is one line with both quantities, as two adds in a row would make it.
    const merged = new Map<string, number>();
    for (const l of rounded.lines) merged.set(l.invNum, (merged.get(l.invNum) ?? 0) + l.qty);
    const adds = [...merged].map(([invNum, qty]) => ({ invNum, qty }));
    if (!this.ops.groupCommit && adds.length > 0) {
      // PostgreSQL: one statement checks and writes every line (decision 0043), then the cart is read.
      const done = await q.addToLinesChecked(this.db, who.id, adds).catch((err: unknown) => {
        if (err instanceof q.AddOverMaximum) return null;
        throw err;
      });
      if (done?.written) return this.view(who, this.db, rounded.asked);
      if (done?.tooManyLines) throw new Invalid(M.tooManyLines);
      if (done && done.overMaximum.length > 0) throw new Invalid(M.someLinesRefused, adds.filter((l) => done.overMaximum.includes(l.invNum)).map((l) => `${l.invNum}: ${M.quantityTooLarge}`));
      // Raised past the maximum by another call meanwhile: asked again in a transaction, which names the line.
    }
    return this.change(
      who,
      async (trx) => {
        await this.assertRoomFor(who.id, adds.map((l) => l.invNum), trx);
        // One statement for all the lines (a 50-line grid was 50 round trips); a refused one rolls back the rest.
        const written = await q.addToLines(trx, who.id, adds);
        const tooLarge = adds.filter((l) => !written.has(l.invNum)).map((l) => `${l.invNum}: ${M.quantityTooLarge}`);
        if (tooLarge.length > 0) throw new Invalid(M.someLinesRefused, tooLarge);
      },
      { atomic: true, rounded: rounded.asked },
    );
  }

  /** Puts lines back in the cart (reorder); answers the numbers that are no longer sold. */
  async addLinesForReorder(who: SignedInCustomer, lines: CartLine[]): Promise<string[]> {
    const index = this.catalogue.current();
    const discontinued = lines.filter((l) => !index.byNum.has(l.invNum)).map((l) => l.invNum);
    const merged = new Map<string, number>();
    for (const l of this.roundedUp(lines.filter((l) => index.byNum.has(l.invNum))).lines) merged.set(l.invNum, (merged.get(l.invNum) ?? 0) + l.qty);
    const live = [...merged].map(([invNum, qty]) => ({ invNum, qty }));
    await writeTransaction(this.db, async (trx) => {
      await this.assertRoomFor(who.id, live.map((l) => l.invNum), trx);
      // One statement, in item-number order, as AddItems; a line that would pass the maximum is set to the maximum rather than refused.
      const written = await q.addToLines(trx, who.id, live);
      for (const l of live.filter((l) => !written.has(l.invNum)).sort((a, b) => (a.invNum < b.invNum ? -1 : 1))) await q.setLine(trx, who.id, l.invNum, CART.maxQty);
    });
    return discontinued;
  }

  async addCoupon(who: SignedInCustomer, rawCode: string): Promise<Cart> {
    const code = normaliseCouponCode(rawCode);
    if (!code) throw new Invalid(M.couponRequired);
    // Checked and added in one transaction (on SQLite, where write transactions are serialised,
    // two coupons sent together cannot both pass the one-discount rule).
    return this.change(
      who,
      async (db) => {
        const coupon = await q.findCouponByCode(db, code);
        if (!coupon || !coupon.active) throw new Invalid(M.coupon.invalid);
        const cart = await this.view(who, db);
        const applied = await q.cartCoupons(db, who.id);
        if (applied.some((c) => c.id === coupon.id)) throw new Invalid(M.coupon.alreadyApplied);
        const totals = priceCart(
          cart.items.map((i) => ({ qty: i.ordQty, priceCents: Math.round(i.price * 100) })),
          [coupon],
          await this.customerUses(db, who.id, [coupon]),
          new Date(),
        );
        const problem = totals.coupons[0]?.problem;
        if (problem) throw new Invalid(problem);
        if (isDiscountCoupon(coupon) && applied.some(isDiscountCoupon)) throw new Invalid(M.coupon.oneDiscountOnly);
        await q.touchCart(db, who.id);
        if (!(await q.addCartCoupon(db, who.id, coupon.id))) throw new Invalid(M.coupon.alreadyApplied);
      },
      { atomic: true },
    );
  }

  async deleteCoupon(who: SignedInCustomer, rawCode: string): Promise<Cart> {
    return this.change(who, async (db) => {
      const coupon = await q.findCouponByCode(db, normaliseCouponCode(rawCode));
      if (!coupon || !(await q.deleteCartCoupon(db, who.id, coupon.id))) throw new NotFound(M.coupon.notApplied);
    });
  }

  // ---- inside a checkout transaction -------------------------------------------------------

  /**
   * Locks the customer's cart and reads it: on PostgreSQL the cart row, then its coupons, then its
   * lines are locked (always in this order); SQLite's write transaction holds the whole file.
   */
  async lockForCheckout(db: q.Db, customerId: number): Promise<{ comments: string; lines: CartLine[]; coupons: CouponRule[] }> {
    const cart = await q.touchCart(db, customerId);
    const coupons = await q.cartCoupons(db, customerId, this.ops.forUpdate);
    const lines = await q.listLines(db, customerId, this.ops.forUpdate);
    return { comments: cart.comments, lines: lines.map((l) => ({ invNum: l.item_num, qty: l.qty })), coupons };
  }

  /** Prices lines read under lock; a coupon that no longer applies stops the checkout. */
  async priceForCheckout(db: q.Db, customerId: number, lines: { qty: number; priceCents: number }[], coupons: CouponRule[]): Promise<CartTotals> {
    const totals = priceCart(lines, coupons, await this.customerUses(db, customerId, coupons), new Date());
    const failing = totals.coupons.find((o) => o.problem !== null);
    if (failing) throw new Conflict(M.couponNoLongerApplies(failing.coupon.code, failing.problem!.replace(/\.$/, '')));
    return totals;
  }

  async redeemAndEmpty(db: q.Db, customerId: number, orderId: number, totals: CartTotals): Promise<void> {
    await q.redeemCoupons(
      db,
      customerId,
      orderId,
      totals.coupons.map((o) => ({ couponId: o.coupon.id, code: o.coupon.code, name: o.coupon.name, discountCents: o.discountCents })),
    );
    await q.emptyCart(db, customerId);
  }

  orderCoupons(db: q.Db, orderId: number) {
    return q.orderRedemptions(db, orderId);
  }

  // ---- helpers -----------------------------------------------------------------------------

  /**
   * Makes a change and answers the cart as it left it; nothing is answered before the change is
   * committed. On SQLite the change joins a group commit (`writeTransaction`) and the answer is
   * read inside it. On PostgreSQL a change of one statement runs on its own (the statement is its
   * own transaction) and `atomic` ones in a transaction; the answer is read after the commit.
   */
  private async change(
    who: SignedInCustomer,
    work: (db: q.Db) => Promise<unknown>,
    { atomic = false, rounded = NONE_ROUNDED }: { atomic?: boolean; rounded?: ReadonlyMap<string, number> } = {},
  ): Promise<Cart> {
    if (this.ops.groupCommit) {
      return writeTransaction(this.db, async (trx) => {
        await work(trx);
        return this.view(who, trx, rounded);
      });
    }
    if (atomic) await this.db.transaction().execute(work);
    else await work(this.db);
    return this.view(who, this.db, rounded);
  }

  private requireItem(invNum: string): string {
    const item = this.catalogue.current().byNum.get(invNum);
    if (!item) throw new NotFound(M.itemNotFound(invNum));
    return item.num;
  }

  /** Refuses lines that would take the cart past its most lines (`nums`: distinct item numbers, at least one). */
  private async assertRoomFor(customerId: number, nums: string[], db: q.Db = this.db): Promise<void> {
    const distinct = [...new Set(nums)];
    if (distinct.length === 0) return;
    const { lines, ofThese } = await q.lineCounts(db, customerId, distinct);
    if (lines + distinct.length - ofThese > CART.maxLines) throw new Invalid(M.tooManyLines);
  }

  private customerUses(db: q.Db, customerId: number, coupons: CouponRule[]): Promise<Map<number, number>> {
    const limited = coupons.filter((c) => c.maxUsesPerCustomer !== null).map((c) => c.id);
    return q.customerRedemptions(db, customerId, limited);
  }
}

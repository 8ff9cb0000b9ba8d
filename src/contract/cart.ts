import { z } from 'zod';
import { postalAddressSchema } from './accounts';
import { DB_INT_MAX } from './ids';
import { VALIDATION } from './messages';
import { invoiceSummarySchema, orderEventSchema, orderStatusSchema, shipmentSchema } from './order-lifecycle';
import { multiLine, requiredSingleLine, singleLine } from './text';

/**
 * Requests and responses of the cart, checkout and order calls (spec §3, §5, §7; DESIGN.md §3).
 * Money is dollars with 2 decimals here and integer cents in the database.
 */

/** Business constants of the cart (DESIGN.md §3; the shipping price list is in server/cart/shipping-rates.ts). */
export const CART = {
  minQty: 1,
  maxQty: 9999,
  commentsMax: 2000,
  poNumberMax: 40,
  couponCodeMax: 40,
  /** Lines in one cart, and in one AddItems call: far above any real order, bounds the work. */
  maxLines: 500,
  /** Merchandise value (after discounts) from which ground shipping is free. */
  freeGroundFromCents: 50_000,
  ordersDefaultPageSize: 20,
  ordersMaxPageSize: 100,
  /** Order numbers count up from here. */
  firstOrderNum: 100001,
} as const;

export const SHIPPING_CODES = ['ground', '2day', 'nextday', 'willcall-west', 'willcall-east'] as const;
export type ShippingCode = (typeof SHIPPING_CODES)[number];

/** The server's cart messages: the spec's where it has one (§5, §8), its phrasing otherwise. */
export const CART_MESSAGES = {
  quantityInvalid: VALIDATION.cart.quantityInvalid,
  catalogNumberRequired: VALIDATION.cart.catalogNumberRequired,
  catalogNumberInvalid: VALIDATION.cart.catalogNumberInvalid,
  couponRequired: VALIDATION.cart.couponRequired,
  quantityTooLarge: `The quantity of one line cannot exceed ${CART.maxQty}`,
  itemNotFound: (num: string) => `Item ${num} not found`,
  itemNotInCart: (num: string) => `Item ${num} is not in your cart`,
  /** A line's notice when the cart rounded its quantity up to the item's case pack. */
  roundedUp: (asked: number, qty: number, multiple: number) => `Sold in multiples of ${multiple}: ${asked} rounded up to ${qty}.`,
  /** A line's notice for an item sold in case packs. */
  soldInMultiples: (multiple: number) => `Sold in multiples of ${multiple}.`,
  tooManyLines: `A cart can hold at most ${CART.maxLines} lines`,
  commentsTooLong: `Order comments can be at most ${CART.commentsMax} characters`,
  someLinesRefused: 'Nothing was added: some lines were refused',
  coupon: {
    invalid: 'Invalid coupon code',
    notYetValid: 'This coupon is not valid yet',
    expired: 'This coupon has expired',
    minimumNotMet: (minimum: string) => `This coupon needs an order of at least $${minimum}`,
    alreadyApplied: 'This coupon is already applied',
    usedUp: 'This coupon has been fully redeemed',
    usedByCustomer: 'You have already used this coupon',
    oneDiscountOnly: 'Only one discount coupon can be used per order',
    notApplied: 'This coupon is not applied to your cart',
  },
  cartEmpty: 'Your cart is empty',
  shipToNotFound: 'Shipping address not found',
  shippingOptionNotOffered: 'This shipping option is not offered for this order',
  couponNoLongerApplies: (code: string, reason: string) => `Coupon ${code} no longer applies: ${reason}. Remove it to check out.`,
  itemsUnavailable: (nums: string[]) => `No longer available: ${nums.join(', ')}. Remove them to check out.`,
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different checkout',
  idempotencyKeyInvalid: 'The Idempotency-Key header must be 1 to 100 visible characters',
  orderNotFound: (num: number | string) => `Order ${num} not found`,
} as const;

// ---- request pieces ------------------------------------------------------------------------

/**
 * A quantity as it arrives in a query string: digits only, 1–9999. `0`, `-1`, `1.5`, `1e3`,
 * `abc` and 20-digit numbers are all 400 with the spec's message.
 */
export const qtyParam = z
  .string({ error: CART_MESSAGES.quantityInvalid })
  .trim()
  .regex(/^\d{1,4}$/, CART_MESSAGES.quantityInvalid)
  .transform(Number)
  .refine((n) => n >= CART.minQty && n <= CART.maxQty, CART_MESSAGES.quantityInvalid);

/** A quantity in a JSON body: a whole number 1–9999 (strings are refused). */
export const qtyNumber = z
  .number({ error: CART_MESSAGES.quantityInvalid })
  .int(CART_MESSAGES.quantityInvalid)
  .min(CART.minQty, CART_MESSAGES.quantityInvalid)
  .max(CART.maxQty, CART_MESSAGES.quantityInvalid);

/** A catalogue (item) number. */
export const invNumParam = z
  .string({ error: CART_MESSAGES.catalogNumberRequired })
  .trim()
  .min(1, CART_MESSAGES.catalogNumberRequired)
  .max(40, CART_MESSAGES.catalogNumberInvalid)
  .regex(/^[A-Za-z0-9._-]+$/, CART_MESSAGES.catalogNumberInvalid);

export const couponCodeParam = requiredSingleLine(CART.couponCodeMax, {
  required: CART_MESSAGES.couponRequired,
  tooLong: CART_MESSAGES.coupon.invalid,
});

/** Order comments: multi-line text (contract/text.ts), up to CART.commentsMax characters. */
const orderComments = multiLine(CART.commentsMax, { tooLong: CART_MESSAGES.commentsTooLong });

/** POST /Shop/AddItem and PUT /Shop/UpdateItem (the spec's parameter is InvNum; invNum is accepted too). */
export const itemQtyQuery = z
  .object({ InvNum: z.string().optional(), invNum: z.string().optional(), qty: qtyParam })
  .transform((q, ctx) => {
    const parsed = invNumParam.safeParse(q.InvNum ?? q.invNum);
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? CART_MESSAGES.catalogNumberInvalid, path: ['InvNum'] });
      return z.NEVER;
    }
    return { invNum: parsed.data, qty: q.qty };
  });

export const invNumPathParams = z.object({ invNum: invNumParam });
export const couponPathParams = z.object({ coupon: couponCodeParam });

export const commentsQuery = z.object({
  comments: orderComments.optional().default(''),
});

export const shipToQuery = z.object({ shiptocode: z.string().trim().max(40).optional().default('') });

/** One line of POST /Shop/AddItems, as a form or client checks it. */
export const addItemsLineSchema = z.object({ invNum: invNumParam, qty: qtyNumber });
export type AddItemsLine = z.infer<typeof addItemsLineSchema>;

/**
 * POST /Shop/AddItems: `[{invNum, qty}]`. The route takes lines loosely and the service checks
 * each one, so a refusal names every bad line instead of the first schema error.
 */
export const addItemsBody = z
  .array(z.object({ invNum: z.unknown(), qty: z.unknown() }), { error: 'Send a list of lines, each with an item number and a quantity' })
  .min(1, 'Send at least one line')
  .max(CART.maxLines, CART_MESSAGES.tooManyLines);

export const checkoutBody = z.object({
  /** Empty: the billing address. */
  shipToCode: z.string().trim().max(40).nullish().transform((v) => v ?? ''),
  shippingOption: z.enum(SHIPPING_CODES, { error: 'Please choose a shipping option' }),
  poNumber: singleLine(CART.poNumberMax, { tooLong: `PO number can be at most ${CART.poNumberMax} characters` }).nullish().transform((v) => v ?? ''),
  /** Absent: the cart's order comments. */
  comments: orderComments.nullish(),
});
export type CheckoutRequest = z.output<typeof checkoutBody>;

export const ordersQuery = z.object({
  page: z.coerce.number({ error: 'Page must be a whole number.' }).int('Page must be a whole number.').min(1, 'Page must be a whole number.').max(1_000_000).default(1),
  pageSize: z.coerce
    .number({ error: `Rows per page must be 1 to ${CART.ordersMaxPageSize}.` })
    .int(`Rows per page must be 1 to ${CART.ordersMaxPageSize}.`)
    .min(1, `Rows per page must be 1 to ${CART.ordersMaxPageSize}.`)
    .max(CART.ordersMaxPageSize, `Rows per page must be 1 to ${CART.ordersMaxPageSize}.`)
    .default(CART.ordersDefaultPageSize),
});

export const orderNumParams = z.object({
  orderNum: z.string().regex(/^\d{1,12}$/, 'Order number must be a whole number.').transform(Number).refine((n) => n <= DB_INT_MAX, `Order number must be a whole number from 1 to ${DB_INT_MAX.toLocaleString('en-US')}.`),
});

// ---- responses -----------------------------------------------------------------------------

export const TAX_BASES = ['taxable', 'exempt', 'no_nexus'] as const;
export type TaxBasis = (typeof TAX_BASES)[number];

export const cartItemSchema = z.object({
  invNum: z.string(),
  ordQty: z.number().int(),
  price: z.number(),
  extended: z.number(),
  inventoryData: z.object({ description: z.string(), picture: z.string(), inventoryPicture: z.string(), web_Title: z.string() }),
  /** Sold only in multiples of this (1: any quantity); quantities are rounded up to it. */
  orderMultiple: z.number().int().optional(),
  /** What the storefront shows under the line: why its quantity was rounded up, or the case pack. */
  notice: z.string().optional(),
});
export type CartItem = z.infer<typeof cartItemSchema>;

export const appliedCouponSchema = z.object({
  num: z.number().int(),
  code: z.string(),
  name: z.string(),
  kind: z.enum(['percent', 'fixed', 'free_shipping']),
  /** False when the coupon's condition no longer holds (e.g. the cart fell below its minimum). */
  applies: z.boolean(),
  /** Why it does not apply; empty when it does. */
  reason: z.string(),
});
export type AppliedCoupon = z.infer<typeof appliedCouponSchema>;

export const cartSchema = z.object({
  items: z.array(cartItemSchema),
  /** Lines. */
  numberOfItems: z.number().int(),
  totalQuantity: z.number().int(),
  subtotal: z.number(),
  discount: z.number(),
  total: z.number(),
  comments: z.string(),
  couponsApplied: z.array(appliedCouponSchema),
  /** Empty: the billing address. */
  shipToCode: z.string(),
  /** Free ground shipping applies (a FREESHIP-style coupon, or the order value). */
  freeShipping: z.boolean(),
  /** Lines of items no longer sold: kept out of the totals and refused at checkout. */
  unavailableItems: z.array(z.string()),
  /**
   * Sales tax on the merchandise after the discount, at the ship-to's rate (decision 0042); the
   * shipping's tax, where shipping is taxed, is each shipping option's `tax`. Not in `total`.
   */
  tax: z.number(),
  /** The rate as a percent (8.35), or null when no tax is collected: see `taxBasis`. */
  taxRate: z.number().nullable(),
  /** `taxable`; `exempt` (an accepted resale certificate for the ship-to's state); `no_nexus` (the shop collects no tax there). */
  taxBasis: z.enum(TAX_BASES),
});
export type Cart = z.infer<typeof cartSchema>;

export const shippingOptionSchema = z.object({
  code: z.enum(SHIPPING_CODES),
  name: z.string(),
  description: z.string(),
  amount: z.number(),
  estimatedDays: z.number().int(),
  /** The sales tax on this option's amount, where shipping is taxed (0 elsewhere). */
  tax: z.number(),
});
export type ShippingOption = z.infer<typeof shippingOptionSchema>;

export const reorderResultSchema = cartSchema.extend({
  /** Item numbers of the order that are no longer sold, so were not added. */
  discontinued: z.array(z.string()),
});
export type ReorderResult = z.infer<typeof reorderResultSchema>;

export const orderLineSchema = z.object({
  /** The line's number on the order: what a return names (an edit that removes a line leaves a gap). */
  lineNo: z.number().int(),
  invNum: z.string(),
  /** Title at the time of the order. */
  web_Title: z.string(),
  ordQty: z.number().int(),
  /** Price at the time of the order. */
  price: z.number(),
  extended: z.number(),
  /** Units shipping from West (Fresno) and East (Fairhope), and units backordered. */
  allocation: z.object({ west: z.number().int(), east: z.number().int(), backordered: z.number().int() }),
  /** Units shipped, still backordered and cancelled (the order page's per-line state). */
  shipped: z.number().int(),
  backordered: z.number().int(),
  cancelled: z.number().int(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

export const orderAddressSchema = z.object({
  code: z.string(),
  orgName: z.string(),
  contact: z.string(),
  ...postalAddressSchema.shape,
});
export type OrderAddress = z.infer<typeof orderAddressSchema>;

/** An order's money, for the buyer and the back office alike (decision 0026). */
export const orderTotalsSchema = z.object({
  /** What remains (not cancelled) at the order's prices; discount and shipping of what remains. */
  subtotal: z.number(),
  discount: z.number(),
  shipping: z.number(),
  /** Sales tax of what remains (decision 0042). */
  tax: z.number(),
  /** What remains to be delivered and paid: originalTotal − cancelledTotal. */
  total: z.number(),
  /** The total as the order was placed. */
  originalTotal: z.number(),
  /** What cancels took off the original total (0 when nothing was cancelled). */
  cancelledTotal: z.number(),
});
export type OrderTotals = z.infer<typeof orderTotalsSchema>;

/** How an order is taxed, kept from when it was placed (an edit to another ship-to asks again; decision 0042). */
export const orderTaxSchema = z.object({
  /** The rate as a percent (8.35); null when no tax is collected. */
  taxRate: z.number().nullable(),
  /** `taxable`; `exempt` (an accepted resale certificate for the ship-to's state); `no_nexus` (the shop collects no tax there). */
  taxBasis: z.enum(TAX_BASES),
  /** Shipping is taxed at the rate. */
  taxShipping: z.boolean(),
});

export const orderSchema = z.object({
  orderNum: z.number().int(),
  status: z.string(),
  statusCode: orderStatusSchema,
  createdAt: z.string(),
  lines: z.array(orderLineSchema),
  ...orderTotalsSchema.shape,
  shipTo: orderAddressSchema,
  shippingOption: z.object({ code: z.string(), name: z.string(), amount: z.number() }),
  poNumber: z.string(),
  comments: z.string(),
  couponsApplied: z.array(z.object({ code: z.string(), name: z.string(), discount: z.number() })),
  terms: z.string(),
  shipments: z.array(shipmentSchema),
  invoices: z.array(invoiceSummarySchema),
  /** The public events of the order's timeline. */
  events: z.array(orderEventSchema.omit({ public: true })),
  /** True while the buyer may still cancel it (status `received`). */
  cancellable: z.boolean(),
  /** True when the shop's order desk entered the order for the buyer (by phone, email…): the page says "Entered by our order desk", never who. */
  enteredByOrderDesk: z.boolean(),
  ...orderTaxSchema.shape,
});
export type Order = z.infer<typeof orderSchema>;

export const orderSummarySchema = z.object({
  orderNum: z.number().int(),
  status: z.string(),
  statusCode: orderStatusSchema,
  createdAt: z.string(),
  numberOfLines: z.number().int(),
  totalQuantity: z.number().int(),
  /** What remains to be delivered and paid (decision 0026). */
  total: z.number(),
  originalTotal: z.number(),
  cancelledTotal: z.number(),
  poNumber: z.string(),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

export const ordersPageSchema = z.object({
  orders: z.array(orderSummarySchema),
  pageNumber: z.number().int(),
  pageSize: z.number().int(),
  totalNumberOfOrders: z.number().int(),
});
export type OrdersPage = z.infer<typeof ordersPageSchema>;

/** Cents to dollars with 2 decimals. */
export const dollars = (cents: number): number => Math.round(cents) / 100;

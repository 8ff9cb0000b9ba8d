import { z } from 'zod';
import { CART, invNumParam, orderAddressSchema, orderTaxSchema, orderTotalsSchema, TAX_BASES, qtyNumber, SHIPPING_CODES, shippingOptionSchema } from '../cart';
import { DB_INT_MAX, rowNumber } from '../ids';
import { multiLine, requiredSingleLine, singleLine } from '../text';
import { carrierSchema, invoiceSummarySchema, orderEventSchema, orderStatusSchema, shipmentSchema } from '../order-lifecycle';
import { warehouseSchema } from './staff-session';

export * from '../order-lifecycle';

/** The order desk: lifecycle, shipments, invoices (DESIGN.md §5 "Orders"). Money is dollars with 2 decimals. */

export const ORDERS_ADMIN = {
  defaultPageSize: 50,
  maxPageSize: 200,
  /** A search's total is counted up to here, then shown as "more than 10,000". */
  countCap: 10_000,
  maxShipLines: 1_000,
  reasonMax: 500,
  trackingMax: 60,
} as const;

export const ORDER_ADMIN_MESSAGES = {
  cursorInvalid: 'Changed since must be 0 or a cursor an earlier answer gave',
  notAllowed: (action: string, status: string) => `Cannot ${action} an order that is ${status.replace('_', ' ')}`,
  changedMeanwhile: 'Someone else changed this order meanwhile: reload it and try again',
  lineNotFound: (lineNo: number) => `Line ${lineNo} is not on this order`,
  moreThanOpen: (lineNo: number, open: number, warehouse: string) => `Line ${lineNo} has only ${open} open at ${warehouse}`,
  moreThanCancellable: (lineNo: number, open: number) => `Line ${lineNo} has only ${open} units that can be cancelled`,
  nothingToShip: (warehouse: string) => `Nothing is open to ship from ${warehouse}`,
  nothingToCancel: 'Nothing is left to cancel on this order',
  duplicateLine: (lineNo: number) => `Line ${lineNo} is listed twice`,
  trackingRequired: 'Enter the tracking number',
  wrongWarehouse: (warehouse: string) => `You ship from the ${warehouse} warehouse only`,
  sortByTotalNeedsSearch: 'Sorting by total needs a search or a customer',
  ifMatchInvalid: 'If-Match must be the order version (a whole number)',
  ifMatchRequired: 'Send If-Match with the order version you are changing (reload the order and try again)',
  editNothing: 'This edit changes nothing on the order',
  editShippedLine: (lineNo: number) => `Line ${lineNo} has shipped units: its quantity can no longer change`,
  editRemovesAll: 'An edit cannot remove every line: cancel the order instead',
  editItemNotFound: (num: string) => `Item ${num} not found`,
  editItemUnavailable: (num: string) => `Item ${num} is no longer sold`,
  editItemTwice: (num: string) => `Item ${num} is listed twice among the lines to add`,
  editMultiple: (num: string, multiple: number) => `Item ${num} is sold in multiples of ${multiple}`,
  editShipToNotFound: (code: string) => `Ship-to address ${code} is not one of this customer's addresses`,
  editShippingNotOffered: 'That shipping option is not offered for this destination',
  editOverCredit: 'This edit takes the balance over the credit limit, and an order that has shipped in part cannot go on hold: cancel lines instead, or raise the limit first',
  customerNotFound: (id: number) => `Customer ${id} not found`,
  customerNotActive: (status: string) => `This customer's account is ${status}: only an approved, active account can order`,
  linesRefused: 'Nothing was ordered: some lines were refused',
  itemNotSold: (num: string) => `Item ${num} is not sold (unknown or no longer active)`,
  mergedTooLarge: (num: string) => `Item ${num} is listed more than once and together comes to more than ${CART.maxQty}`,
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different order',
} as const;

/** How a staff-entered order came in (DESIGN.md §7); the buyer's own checkout is `web`. */
export const STAFF_ORDER_SOURCES = ['phone', 'email', 'fax', 'in_person', 'other'] as const;
export const ORDER_SOURCES = ['web', ...STAFF_ORDER_SOURCES] as const;
export type OrderSource = (typeof ORDER_SOURCES)[number];
export const ORDER_SOURCE_LABELS: Record<OrderSource, string> = { web: 'Online shop', phone: 'Phone', email: 'Email', fax: 'Fax', in_person: 'In person', other: 'Other' };

export const ORDER_PERIODS = ['today', 'week'] as const;
export type OrderPeriod = (typeof ORDER_PERIODS)[number];
export const ORDER_PERIOD_LABELS: Record<OrderPeriod, string> = { today: 'Today', week: 'This week' };

function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/**
 * The moment a period starts: midnight today, or midnight of this week's Monday, in time zone
 * `tz` (the staff member's day, not the server's).
 */
export function periodStart(period: OrderPeriod, tz = 'UTC', now = new Date()): Date {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: tz, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric', weekday: 'short' })
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  // The zone's wall clock now, read as if it were UTC: its difference from `now` is the zone's offset.
  const wall = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  const offset = wall - Math.floor(now.getTime() / 1000) * 1000;
  const back = period === 'week' ? (['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(String(parts.weekday)) + 7) % 7 : 0;
  const midnight = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day) - back);
  return new Date(midnight - offset);
}

const reason = (required: string) => requiredSingleLine(ORDERS_ADMIN.reasonMax, { required });
const lineQty = z.object({ lineNo: z.number().int().min(1).max(DB_INT_MAX), qty: z.number().int().min(1).max(9999) });

export const adminOrdersQuery = z.object({
  status: orderStatusSchema.optional(),
  q: singleLine(100).optional(),
  warehouse: warehouseSchema.optional(),
  /** 1: only orders with backordered units. */
  backordered: z.enum(['0', '1']).optional(),
  customer: rowNumber('customer').optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  /** A preset: orders placed today, or this week (from Monday), in `tz`. */
  period: z.enum(ORDER_PERIODS).optional(),
  /** The staff member's time zone (IANA, e.g. America/Chicago) for `period`; UTC without. */
  tz: z
    .string()
    .max(64)
    .refine(isTimeZone, 'Time zone is not one we know (for example America/Chicago)')
    .optional(),
  sort: z.enum(['newest', 'oldest', 'total']).default('newest'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(ORDERS_ADMIN.maxPageSize).default(ORDERS_ADMIN.defaultPageSize),
  /**
   * The change feed (DESIGN.md §5 "Integration"): orders changed since this cursor, oldest change
   * first, as admin orders → `{items, nextCursor}`; `0` starts at the beginning. The other filters
   * do not apply to it.
   */
  updatedSince: z.string().max(50).optional(),
});
export type AdminOrdersQuery = z.infer<typeof adminOrdersQuery>;

export const orderCustomerSchema = z.object({ id: z.number().int(), orgName: z.string(), email: z.string() });

export const adminOrderListItemSchema = z.object({
  orderNum: z.number().int(),
  createdAt: z.string(),
  statusCode: orderStatusSchema,
  customer: orderCustomerSchema,
  poNumber: z.string(),
  /** What remains to be delivered and paid (decision 0026). */
  total: z.number(),
  originalTotal: z.number(),
  cancelledTotal: z.number(),
  lineCount: z.number().int(),
  openWest: z.number().int(),
  openEast: z.number().int(),
  backordered: z.number().int(),
});
export type AdminOrderListItem = z.infer<typeof adminOrderListItemSchema>;

export const adminOrdersPageSchema = z.object({
  items: z.array(adminOrderListItemSchema),
  /** Exact, or `countCap` + 1 with `totalCapped` when a search matches more. */
  total: z.number().int(),
  totalCapped: z.boolean(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminOrdersPage = z.infer<typeof adminOrdersPageSchema>;

export const adminOrderLineSchema = z.object({
  lineNo: z.number().int(),
  invNum: z.string(),
  title: z.string(),
  qty: z.number().int(),
  price: z.number(),
  extended: z.number(),
  openWest: z.number().int(),
  openEast: z.number().int(),
  backordered: z.number().int(),
  shipped: z.number().int(),
  cancelled: z.number().int(),
});
export type AdminOrderLine = z.infer<typeof adminOrderLineSchema>;

export const ORDER_ACTIONS = ['accept', 'hold', 'release', 'ship', 'cancel'] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

export const adminOrderSchema = z.object({
  orderNum: z.number().int(),
  statusCode: orderStatusSchema,
  /** Why the order is on hold, when it is. */
  holdReason: z.string().nullable(),
  /** Counts every change; the admin app shows "changed meanwhile" when it moves. */
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  customer: orderCustomerSchema,
  shipTo: orderAddressSchema,
  shippingOption: z.object({ code: z.string(), name: z.string(), amount: z.number() }),
  poNumber: z.string(),
  comments: z.string(),
  coupons: z.array(z.object({ code: z.string(), name: z.string(), discount: z.number() })),
  ...orderTotalsSchema.shape,
  ...orderTaxSchema.shape,
  lines: z.array(adminOrderLineSchema),
  shipments: z.array(shipmentSchema),
  invoices: z.array(invoiceSummarySchema),
  events: z.array(orderEventSchema),
  /** What the current status allows (the server checks again). */
  actions: z.array(z.enum(ORDER_ACTIONS)),
  /** How the order came in: `web` (the buyer's checkout) or how the order desk took it. */
  source: z.enum(ORDER_SOURCES),
  /** The staff member who entered the order (their name then); null when the buyer placed it. */
  enteredBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;

// ---- staff-entered orders (DESIGN.md §7) ----------------------------------------------------

/** One line as the order desk types it: item number and quantity (rounded up to a case pack, as the cart does). */
export const staffOrderLineSchema = z.object({ invNum: invNumParam, qty: qtyNumber });

const staffOrderShipTo = z.string().trim().max(40).nullish().transform((v) => v ?? '');

/**
 * `POST /beapi/Admin/Orders`: an order the order desk enters for a customer. Lines listing one
 * item twice are merged (their quantities added). `Idempotency-Key` as at checkout.
 */
export const staffOrderBody = z.object({
  customerId: rowNumber('customerId'),
  /** Empty: the customer's billing address. */
  shipToCode: staffOrderShipTo,
  shippingOption: z.enum(SHIPPING_CODES, { error: 'Please choose a shipping option' }),
  poNumber: singleLine(CART.poNumberMax, { tooLong: `PO number can be at most ${CART.poNumberMax} characters` }).nullish().transform((v) => v ?? ''),
  comments: multiLine(CART.commentsMax).nullish().transform((v) => v ?? ''),
  lines: z.array(staffOrderLineSchema, { error: 'Send the lines to order' }).min(1, 'Add at least one line').max(CART.maxLines, `An order can have at most ${CART.maxLines} lines`),
  source: z.enum(STAFF_ORDER_SOURCES, { error: 'Say how the order came in (phone, email, fax, in person or other)' }),
});
export type StaffOrderBody = z.output<typeof staffOrderBody>;

/**
 * `POST /beapi/Admin/Orders/Preview`: what the order would be for this customer, written
 * nowhere: their ship-tos, each line at their price, the shipping options with their rates.
 */
export const staffOrderPreviewBody = z.object({
  customerId: rowNumber('customerId'),
  shipToCode: staffOrderShipTo,
  lines: z.array(staffOrderLineSchema).max(CART.maxLines, `An order can have at most ${CART.maxLines} lines`).default([]),
});
export type StaffOrderPreviewBody = z.output<typeof staffOrderPreviewBody>;

export const staffOrderPreviewSchema = z.object({
  customer: orderCustomerSchema.extend({ priceLevel: z.string().nullable() }),
  /** The billing address (code '') first, then the customer's ship-tos. */
  shipTos: z.array(orderAddressSchema),
  lines: z.array(
    z.object({
      invNum: z.string(),
      title: z.string(),
      /** After merging repeated lines and rounding up to the case pack. */
      qty: z.number().int(),
      price: z.number(),
      extended: z.number(),
      /** Why the quantity differs from what was typed (case pack), if it does. */
      notice: z.string().optional(),
    }),
  ),
  subtotal: z.number(),
  totalQuantity: z.number().int(),
  shippingOptions: z.array(shippingOptionSchema),
  /** Sales tax of the lines at the ship-to's rate for this customer (each shipping option carries its own). */
  tax: z.number(),
  taxRate: z.number().nullable(),
  taxBasis: z.enum(TAX_BASES),
});
export type StaffOrderPreview = z.infer<typeof staffOrderPreviewSchema>;

export const orderNumParam = z.object({ orderNum: rowNumber('orderNum') });

export const holdBody = z.object({
  /** For the order desk only (the buyer never sees it). */
  reason: reason('Say why the order is on hold'),
  /** Optional: mailed to the buyer and shown on their order page; without it the buyer is told nothing. */
  message: multiLine(ORDERS_ADMIN.reasonMax).optional(),
});
export type HoldBody = z.infer<typeof holdBody>;
export const cancelBody = z.object({
  reason: reason('Say why it is cancelled'),
  /** Without lines: everything not shipped. */
  lines: z.array(lineQty).min(1).max(ORDERS_ADMIN.maxShipLines).optional(),
});
export type CancelBody = z.infer<typeof cancelBody>;
export const shipBody = z.object({
  warehouse: warehouseSchema,
  carrier: carrierSchema,
  trackingNumber: z.string().trim().max(ORDERS_ADMIN.trackingMax).regex(/^[A-Za-z0-9 -]*$/, 'Tracking numbers are letters, digits, spaces and dashes').default(''),
  /** Without lines: everything open at that warehouse. */
  lines: z.array(lineQty).min(1).max(ORDERS_ADMIN.maxShipLines).optional(),
});
export type ShipBody = z.infer<typeof shipBody>;

/** Statuses whose order may still be edited (DESIGN.md §7): not cancelled, shipped or closed. */
export const EDITABLE_STATUSES = ['received', 'accepted', 'on_hold', 'partially_shipped'] as const;

const editQty = z.number().int().min(0).max(9999);
/**
 * `PATCH /beapi/Admin/Orders/{n}` with `If-Match: <version>` (required). Any of: new quantities of
 * lines (0 removes the line), items to add, a new ship-to, shipping option, PO number, comments.
 * A line with shipped units cannot change; added lines take the customer's current price.
 */
export const editOrderBody = z
  .object({
    /** The new number of units wanted on each line (units cancelled earlier stay cancelled); 0 removes it. */
    lines: z.array(z.object({ lineNo: z.number().int().min(1).max(DB_INT_MAX), qty: editQty })).max(ORDERS_ADMIN.maxShipLines).optional(),
    /** New lines, at the customer's current price. */
    add: z.array(z.object({ invNum: requiredSingleLine(50), qty: z.number().int().min(1).max(9999) })).max(ORDERS_ADMIN.maxShipLines).optional(),
    /** Empty: the billing address. */
    shipToCode: z.string().trim().max(40).optional(),
    shippingOption: z.enum(SHIPPING_CODES, { error: 'Please choose a shipping option' }).optional(),
    poNumber: singleLine(CART.poNumberMax).optional(),
    comments: multiLine(CART.commentsMax).optional(),
    /** True: answers the order as the edit would leave it, and changes nothing (the edit screen's new total). */
    preview: z.boolean().optional(),
  })
  .refine(({ preview: _preview, ...change }) => Object.values(change).some((v) => v !== undefined), { message: ORDER_ADMIN_MESSAGES.editNothing });
export type EditOrderBody = z.infer<typeof editOrderBody>;

export const pickListQuery = z.object({
  warehouse: warehouseSchema,
  /** Comma-separated order numbers; without: every accepted order with open units there. */
  orders: z
    .string()
    .regex(/^\d{1,10}(,\d{1,10}){0,499}$/, 'orders is a comma-separated list of order numbers')
    .refine((v) => v.split(',').every((n) => Number(n) <= DB_INT_MAX), `orders: an order number is at most ${DB_INT_MAX}`)
    .optional(),
});
export const shipmentNumParam = z.object({ shipmentNum: rowNumber('shipmentNum') });
export const invoiceNumParam = z.object({ invoiceNum: rowNumber('invoiceNum') });

/** Bulk accept from the orders table: each order in its own transaction, a result per order. */
export const bulkAcceptBody = z.object({ orderNums: z.array(z.number().int().min(1).max(999_999_999_999)).min(1).max(ORDERS_ADMIN.maxPageSize) });
export type BulkAcceptBody = z.infer<typeof bulkAcceptBody>;
export const bulkAcceptResultSchema = z.object({
  results: z.array(
    z.object({
      orderNum: z.number().int(),
      ok: z.boolean(),
      /** The status after, when accepted. */
      statusCode: orderStatusSchema.optional(),
      /** Why not, when not (not found, not `received`). */
      error: z.string().optional(),
    }),
  ),
});
export type BulkAcceptResult = z.infer<typeof bulkAcceptResultSchema>;

/** The change feed's page (`GET /beapi/Admin/Orders?updatedSince=`): always a cursor, also after the last page. */
export const orderChangesSchema = z.object({ items: z.array(adminOrderSchema), nextCursor: z.string() });
export type OrderChanges = z.infer<typeof orderChangesSchema>;

import { z } from 'zod';

/**
 * The order lifecycle's shapes that the buyer's API and the back office share (DESIGN.md §5
 * "Orders"): status codes, shipments with tracking, invoices, timeline events.
 */

export const WAREHOUSES = ['west', 'east'] as const;
const warehouse = z.enum(WAREHOUSES);
export type Warehouse = (typeof WAREHOUSES)[number];

export const ORDER_STATUSES = ['received', 'accepted', 'on_hold', 'partially_shipped', 'shipped', 'closed', 'cancelled'] as const;
export const orderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  received: 'Received',
  accepted: 'Accepted',
  on_hold: 'On hold',
  partially_shipped: 'Partially shipped',
  shipped: 'Shipped',
  closed: 'Closed',
  cancelled: 'Cancelled',
};

export const CARRIERS = ['ups', 'fedex', 'usps', 'ltl', 'pickup', 'other'] as const;
export const carrierSchema = z.enum(CARRIERS);
export type Carrier = z.infer<typeof carrierSchema>;

export const shipmentSchema = z.object({
  shipmentNum: z.number().int(),
  warehouse,
  carrier: carrierSchema,
  trackingNumber: z.string(),
  /** Null when the carrier has no public tracking page (LTL, pickup, other). */
  trackingUrl: z.string().nullable(),
  shippedAt: z.string(),
  lines: z.array(z.object({ lineNo: z.number().int(), invNum: z.string(), title: z.string(), qty: z.number().int() })),
  invoiceNum: z.number().int(),
});
export type Shipment = z.infer<typeof shipmentSchema>;

export const INVOICE_STATUSES = ['open', 'paid', 'void'] as const;
export const invoiceSummarySchema = z.object({
  invoiceNum: z.number().int(),
  shipmentNum: z.number().int(),
  date: z.string(),
  dueDate: z.string(),
  total: z.number(),
  status: z.enum(INVOICE_STATUSES),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

export const orderEventSchema = z.object({
  at: z.string(),
  /** "Order desk: Ann Lee", "Warehouse: …", "Customer", "System". */
  actor: z.string(),
  kind: z.string(),
  detail: z.string(),
  /** Public events are shown to the buyer. */
  public: z.boolean(),
});
export type OrderEvent = z.infer<typeof orderEventSchema>;


/** The terms every invoice carries (the spec's), shared by invoice PDFs and pages. */
export const INVOICE_TERMS =
  'Returned check fee $35.00. Late charge 1.5% per month (18% APR), $1.00 minimum. All sales final. Prices net F.O.B. ship point.';

/** Days from the invoice date to its due date until customers have their own terms (net 30). */
export const INVOICE_DUE_DAYS = 30;

import { z } from 'zod';
import { holdBody, ORDERS_ADMIN, orderStatusSchema } from './orders';
import { warehouseSchema } from './staff-session';

/**
 * Bulk actions on the orders selected in the list (issue 29): hold, print, invoice, beside bulk
 * accept (orders.ts). Each order is done or refused on its own, with a reason a person reads.
 */

const orderNums = z
  .array(z.number().int().min(1).max(999_999_999_999))
  .min(1, 'Select at least one order')
  .max(ORDERS_ADMIN.maxPageSize, `Select at most ${ORDERS_ADMIN.maxPageSize} orders`);

export const bulkHoldBody = holdBody.extend({ orderNums });
export type BulkHoldBody = z.infer<typeof bulkHoldBody>;

export const bulkPrintBody = z.object({ orderNums, warehouse: warehouseSchema });
export type BulkPrintBody = z.infer<typeof bulkPrintBody>;

export const bulkInvoiceBody = z.object({ orderNums });
export type BulkInvoiceBody = z.infer<typeof bulkInvoiceBody>;

/** A document to open: its name as people read it and its path under /beapi/Admin. */
export const orderDocumentSchema = z.object({ label: z.string(), path: z.string() });
export type OrderDocument = z.infer<typeof orderDocumentSchema>;

export const bulkOrderResultSchema = z.object({
  orderNum: z.number().int(),
  ok: z.boolean(),
  /** The status after, when done. */
  statusCode: orderStatusSchema.optional(),
  /** Why not, as a sentence, when refused. */
  error: z.string().optional(),
  /** Print and invoice: the order's documents. */
  documents: z.array(orderDocumentSchema).optional(),
});
export type BulkOrderResult = z.infer<typeof bulkOrderResultSchema>;

export const bulkOrdersAnswerSchema = z.object({
  results: z.array(bulkOrderResultSchema),
  /** Print: one pick list of every selected order that has units to pick there. */
  pickList: orderDocumentSchema.nullable().optional(),
});
export type BulkOrdersAnswer = z.infer<typeof bulkOrdersAnswerSchema>;

export const BULK_ORDER_MESSAGES = {
  notFound: (n: number) => `Order ${n} was not found`,
  cancelledNothingToPrint: 'It was cancelled: there is nothing to pick or pack',
  notAcceptedYet: 'It is received: accept it before it is picked',
  onHold: 'It is on hold: release it before it is picked',
  nothingAt: (warehouse: string) => `Nothing is open to pick at ${warehouse} and nothing has shipped from there`,
  noInvoiceYet: 'Nothing has shipped yet: an invoice is raised with each shipment',
  cancelledNoInvoice: 'It was cancelled before anything shipped: it has no invoice',
} as const;

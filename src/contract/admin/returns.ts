import { z } from 'zod';
import { requiredSingleLine } from '../text';
import { DB_INT_MAX } from '../ids';
import { creditMemoSchema, RETURNS, RETURN_MESSAGES, returnDispositionSchema, returnLineSchema, returnPhotoSchema, returnStatusSchema } from '../returns';
import { warehouseSchema } from './staff-session';

export * from '../returns';

/**
 * Returns in the back office (DESIGN.md §7 "Returns and credit memos"; decision 0037). All need
 * `orders:write`.
 *
 * - `GET /beapi/Admin/Returns?status=&orderNum=&page=&pageSize=` → `adminReturnsPageSchema` (newest first)
 * - `GET /beapi/Admin/Returns/{rmaNum}` → `adminReturnSchema`
 * - `POST /beapi/Admin/Returns/{rmaNum}/Approve` (no body) → 200 `adminReturnSchema`
 * - `POST /beapi/Admin/Returns/{rmaNum}/Reject` body `rejectReturnBody` → 200 `adminReturnSchema`
 * - `POST /beapi/Admin/Returns/{rmaNum}/Receive` body `receiveReturnBody` → 200 `adminReturnSchema`
 *   (with its `creditMemo`); a second receipt is 409, more than asked for 400
 * - `GET /beapi/Admin/Returns/{rmaNum}/Slip.pdf` → the return slip with the RMA's barcode
 * - `GET /beapi/Admin/CreditMemos/{creditMemoNum}.pdf` → the credit memo
 * - `GET /beapi/Admin/Returns/{rmaNum}/Photos/{photoId}.jpg` → a photo the buyer added (JPEG)
 */

export const RETURN_ACTIONS = ['approve', 'reject', 'receive'] as const;
export type ReturnAction = (typeof RETURN_ACTIONS)[number];

export const adminReturnsQuery = z.object({
  status: returnStatusSchema.optional(),
  /** Only the returns of this order. */
  orderNum: z.coerce.number().int().min(1).max(DB_INT_MAX).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(RETURNS.maxPageSize).default(RETURNS.defaultPageSize),
});
export type AdminReturnsQuery = z.infer<typeof adminReturnsQuery>;

export const adminReturnListItemSchema = z.object({
  rmaNum: z.number().int(),
  orderNum: z.number().int(),
  status: returnStatusSchema,
  customer: z.object({ id: z.number().int(), orgName: z.string(), email: z.string() }),
  createdAt: z.string(),
  updatedAt: z.string(),
  lineCount: z.number().int(),
  /** Units asked to return, all lines together. */
  units: z.number().int(),
  creditMemoNum: z.number().int().nullable(),
  /** The credit memo's total (null until received). */
  creditTotal: z.number().nullable(),
});
export type AdminReturnListItem = z.infer<typeof adminReturnListItemSchema>;

export const adminReturnsPageSchema = z.object({
  items: z.array(adminReturnListItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminReturnsPage = z.infer<typeof adminReturnsPageSchema>;

export const adminReturnLineSchema = returnLineSchema.extend({
  /** The unit price it was invoiced at (what the credit memo will credit per unit). */
  price: z.number(),
});
export type AdminReturnLine = z.infer<typeof adminReturnLineSchema>;

export const adminReturnSchema = adminReturnListItemSchema.extend({
  note: z.string(),
  rejectReason: z.string().nullable(),
  approvedAt: z.string().nullable(),
  rejectedAt: z.string().nullable(),
  receivedAt: z.string().nullable(),
  /** Where it was received (null until then). */
  warehouse: warehouseSchema.nullable(),
  /** The order's shipping charge: what ticking "credit shipping" adds to the credit memo. */
  orderShipping: z.number(),
  lines: z.array(adminReturnLineSchema),
  creditMemo: creditMemoSchema.nullable(),
  /** The buyer's photos, oldest first (`url`: the back office's address of the JPEG). */
  photos: z.array(returnPhotoSchema),
  /** What the current status allows (the server checks again). */
  actions: z.array(z.enum(RETURN_ACTIONS)),
});
export type AdminReturn = z.infer<typeof adminReturnSchema>;

export const rejectReturnBody = z.object({
  /** Mailed to the buyer. */
  reason: requiredSingleLine(RETURNS.reasonMax, { required: RETURN_MESSAGES.rejectReasonRequired }),
});
export type RejectReturnBody = z.infer<typeof rejectReturnBody>;

export const receiveReturnBody = z.object({
  warehouse: warehouseSchema,
  /**
   * The units that arrived, each line at most what was asked for; lines left out arrived with none.
   * A line may be named twice with different dispositions (3 back to stock, 2 scrapped).
   */
  lines: z
    .array(z.object({ lineNo: z.number().int().min(1).max(DB_INT_MAX), qty: z.number().int().min(1).max(9999), disposition: returnDispositionSchema }))
    .min(1)
    .max(RETURNS.maxLines),
  /** Credit the order's shipping charge too. */
  creditShipping: z.boolean().default(false),
});
export type ReceiveReturnBody = z.infer<typeof receiveReturnBody>;

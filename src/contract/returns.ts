import { z } from 'zod';
import { DB_INT_MAX, rowNumber } from './ids';
import { multiLine } from './text';

/**
 * Returns and credit memos, the buyer's side and the shapes the back office shares (DESIGN.md §7
 * "Returns and credit memos"; decision 0037). Money is dollars with 2 decimals in JSON, integer
 * cents in the database.
 *
 * Calls (all need the buyer's token):
 * - `POST /beapi/Shop/RequestReturn/{orderNum}` body `requestReturnBody` → 201 `requestReturnAnswerSchema`
 * - `GET /beapi/Shop/GetReturns` → `buyerReturnsSchema` (newest first, each with its credit memo)
 * - `GET /beapi/Shop/GetCreditMemos` → `creditMemoSummariesSchema` (newest first)
 * - `GET /beapi/Shop/GetCreditMemo/{creditMemoNum}` → the credit memo as a PDF (another buyer's: 404)
 * - `POST /beapi/Shop/Returns/{rmaNum}/Photos` multipart, part `file` → 201 `returnPhotoAnswerSchema`
 *   (while the return is requested or approved; at most RETURN_PHOTOS.perReturn; another's: 404)
 * - `GET /beapi/Shop/Returns/{rmaNum}/Photos/{photoId}.jpg` → one of your return's photos (JPEG)
 */

/**
 * requested → approved → received; requested or approved → rejected. Nothing leaves `received`
 * or `rejected`. A return can be received straight from `requested` (goods that arrive before
 * anyone approved them): receiving approves it on the way.
 */
export const RETURN_STATUSES = ['requested', 'approved', 'received', 'rejected'] as const;
export const returnStatusSchema = z.enum(RETURN_STATUSES);
export type ReturnStatus = z.infer<typeof returnStatusSchema>;
export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  requested: 'Requested',
  approved: 'Approved',
  received: 'Received',
  rejected: 'Rejected',
};

export const RETURN_REASONS = ['damaged', 'wrong_item', 'not_needed', 'other'] as const;
export const returnReasonSchema = z.enum(RETURN_REASONS);
export type ReturnReason = z.infer<typeof returnReasonSchema>;
export const RETURN_REASON_LABELS: Record<ReturnReason, string> = {
  damaged: 'Arrived damaged',
  wrong_item: 'Wrong item',
  not_needed: 'No longer needed',
  other: 'Other',
};

/** What the warehouse does with a received unit: back to available stock, or thrown away. */
export const RETURN_DISPOSITIONS = ['restock', 'scrap'] as const;
export const returnDispositionSchema = z.enum(RETURN_DISPOSITIONS);
export type ReturnDisposition = z.infer<typeof returnDispositionSchema>;
export const RETURN_DISPOSITION_LABELS: Record<ReturnDisposition, string> = { restock: 'Back to stock', scrap: 'Scrap' };

export const RETURNS = {
  maxLines: 500,
  noteMax: 1000,
  reasonMax: 500,
  /** A buyer's list shows at most this many returns and credit memos, newest first. */
  buyerListMax: 200,
  defaultPageSize: 50,
  maxPageSize: 200,
} as const;

export const RETURN_MESSAGES = {
  orderNotFound: (orderNum: number) => `Order ${orderNum} not found`,
  returnNotFound: (rmaNum: number) => `Return ${rmaNum} not found`,
  creditMemoNotFound: (n: number) => `Credit memo ${n} not found`,
  lineNotFound: (lineNo: number) => `Line ${lineNo} is not on this order`,
  lineNotOnReturn: (lineNo: number) => `Line ${lineNo} is not on this return`,
  duplicateLine: (lineNo: number) => `Line ${lineNo} is listed twice`,
  moreThanReturnable: (lineNo: number, returnable: number) =>
    returnable === 0 ? `Line ${lineNo} has nothing that can be returned` : `Line ${lineNo} has only ${returnable} that can be returned`,
  moreThanRequested: (lineNo: number, requested: number) => `Line ${lineNo} was returned for ${requested} only`,
  notAllowed: (action: string, status: ReturnStatus) => `Cannot ${action} a return that is ${RETURN_STATUS_LABELS[status].toLowerCase()}`,
  nothingShipped: 'Nothing on this order has shipped yet: cancel what you do not need instead',
  rejectReasonRequired: 'Say why the return is rejected',
  changedMeanwhile: 'Someone else changed this return meanwhile: reload it and try again',
  photoNotFound: (photoId: number) => `Photo ${photoId} not found`,
  photosClosed: (status: ReturnStatus) => `Photos cannot be added to a return that is ${RETURN_STATUS_LABELS[status].toLowerCase()}`,
} as const;

/**
 * Photos of a return (what arrived popped or wrong): the buyer adds them while the return is
 * requested or approved. Each is made upright, stripped of its metadata (GPS included) and kept
 * as one JPEG of at most `box` pixels a side.
 */
export const RETURN_PHOTOS = {
  maxBytes: 10 * 1024 * 1024,
  perReturn: 6,
  box: 1600,
} as const;

const PHOTO_FORMATS_WORDS = 'The photo must be a JPEG, PNG, WebP or HEIC image.';

/** What an upload of a return photo says when refused (the catalogue's checks, in the buyer's words). */
export const RETURN_PHOTO_MESSAGES = {
  notMultipart: 'Send the photo as multipart/form-data with the file in the part "file"',
  noFile: 'Choose a photo to upload',
  tooMany: 'Upload one photo at a time',
  tooLarge: `The photo is larger than ${RETURN_PHOTOS.maxBytes / 1024 / 1024} MB: choose a smaller one`,
  notAnImage: PHOTO_FORMATS_WORDS,
  svg: PHOTO_FORMATS_WORDS,
  format: (_format: string) => PHOTO_FORMATS_WORDS,
  heicCodec: 'This HEIC photo cannot be read here: save it as JPEG and upload that',
  tooManyPixels: (megapixels: number) => `The photo has ${megapixels.toFixed(1)} megapixels, too many to read: choose a smaller one`,
  unreadable: 'The photo is damaged or incomplete and cannot be read: choose it again',
  full: `A return can have at most ${RETURN_PHOTOS.perReturn} photos`,
} as const;

/** The address of a return photo's JPEG: the buyer's (`shop`) or the back office's (`admin`). */
export const returnPhotoUrl = (side: 'shop' | 'admin', rmaNum: number, photoId: number): string =>
  `/beapi/${side === 'shop' ? 'Shop' : 'Admin'}/Returns/${rmaNum}/Photos/${photoId}.jpg`;

const lineNo = z.number().int().min(1).max(DB_INT_MAX);
const qty = z.number().int().min(1).max(9999);

export const requestReturnBody = z.object({
  lines: z.array(z.object({ lineNo, qty, reason: returnReasonSchema })).min(1).max(RETURNS.maxLines),
  note: multiLine(RETURNS.noteMax).default(''),
});
export type RequestReturnBody = z.infer<typeof requestReturnBody>;

export const requestReturnAnswerSchema = z.object({ rmaNum: z.number().int(), status: z.literal('requested') });
export type RequestReturnAnswer = z.infer<typeof requestReturnAnswerSchema>;

export const rmaNumParam = z.object({ rmaNum: rowNumber('rmaNum') });
export const returnPhotoParams = rmaNumParam.extend({ photoId: rowNumber('photoId') });

/** What an upload answers: the stored photo's id and its size after it was made upright. */
export const returnPhotoAnswerSchema = z.object({ photoId: z.number().int(), width: z.number().int(), height: z.number().int() });
export type ReturnPhotoAnswer = z.infer<typeof returnPhotoAnswerSchema>;

/** A photo on a return, with the address of its JPEG (signed in: the buyer's token or the staff cookie). */
export const returnPhotoSchema = z.object({ photoId: z.number().int(), url: z.string() });
export type ReturnPhoto = z.infer<typeof returnPhotoSchema>;
export const creditMemoNumParam = z.object({ creditMemoNum: rowNumber('creditMemoNum') });

/** One line of a credit memo: returned units at the price they were invoiced at. */
export const creditMemoLineSchema = z.object({
  lineNo: z.number().int(),
  invNum: z.string(),
  title: z.string(),
  qty: z.number().int(),
  /** The invoiced unit price. */
  price: z.number(),
  extended: z.number(),
  tax: z.number(),
});
export type CreditMemoLine = z.infer<typeof creditMemoLineSchema>;

/** Where a credit memo went: to open invoices, oldest first, and the rest to credit on account. */
export const creditMemoApplicationSchema = z.object({ invoiceNum: z.number().int(), amount: z.number() });

export const creditMemoSummarySchema = z.object({
  creditMemoNum: z.number().int(),
  rmaNum: z.number().int(),
  orderNum: z.number().int(),
  date: z.string(),
  total: z.number(),
});
export type CreditMemoSummary = z.infer<typeof creditMemoSummarySchema>;
export const creditMemoSummariesSchema = z.array(creditMemoSummarySchema);

export const creditMemoSchema = creditMemoSummarySchema.extend({
  lines: z.array(creditMemoLineSchema),
  /** Merchandise: the lines' extended amounts. */
  subtotal: z.number(),
  /** The returned merchandise's share of the discount the order's invoices gave (taken off the credit). */
  discount: z.number(),
  tax: z.number(),
  /** The order's shipping charge, credited only when staff ticked it (else 0). */
  shipping: z.number(),
  applications: z.array(creditMemoApplicationSchema),
  /** What no open invoice took: credit on account. */
  toCredit: z.number(),
});
export type CreditMemo = z.infer<typeof creditMemoSchema>;

export const returnLineSchema = z.object({
  lineNo: z.number().int(),
  invNum: z.string(),
  title: z.string(),
  /** Units asked to return. */
  qty: z.number().int(),
  reason: returnReasonSchema,
  /** Units received, once the return is received (0 before): restocked + scrapped. */
  received: z.number().int(),
  /** Of those, units put back into available stock. */
  restocked: z.number().int(),
  /** Of those, units thrown away. */
  scrapped: z.number().int(),
});
export type ReturnLine = z.infer<typeof returnLineSchema>;

export const buyerReturnSchema = z.object({
  rmaNum: z.number().int(),
  orderNum: z.number().int(),
  status: returnStatusSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  note: z.string(),
  /** Why staff rejected it (null unless rejected). */
  rejectReason: z.string().nullable(),
  lines: z.array(returnLineSchema),
  /** The credit memo its receipt raised (null until received). */
  creditMemo: creditMemoSummarySchema.nullable(),
  /** The photos the buyer added, oldest first. */
  photos: z.array(returnPhotoSchema),
});
export type BuyerReturn = z.infer<typeof buyerReturnSchema>;
export const buyerReturnsSchema = z.array(buyerReturnSchema);

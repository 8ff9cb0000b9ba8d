import { z } from 'zod';
import { rowNumber } from './ids';
import { labelled } from './labels';
import { requiredSingleLine } from './text';

/**
 * Resale and exemption certificates (DESIGN.md §7 "Sales tax and resale certificates"; decision
 * 0042). An accepted, unexpired certificate for the ship-to's state makes the cart and the order
 * exempt from sales tax.
 *
 * Buyer (signed in):
 * - `POST /beapi/Customer/TaxCertificates` multipart: `file` (PDF, JPEG or PNG, ≤ 10 MB),
 *   `number`, `state`, `expiresOn` (YYYY-MM-DD) → 201 `{id, status: "pending"}`
 * - `GET /beapi/Customer/TaxCertificates` → the buyer's own certificates
 * - `GET /beapi/Customer/TaxCertificates/{id}/File` → the buyer's own file (another's: 404)
 *
 * Staff: `GET /beapi/Admin/Customers/{id}/TaxCertificates` and `GET
 * /beapi/Admin/TaxCertificates?status=` (customers:read), `GET …/TaxCertificates/{id}/File`,
 * `POST …/{id}/Accept` and `…/{id}/Reject {reason}` (customers:write; only a pending one: 409).
 */

export const TAX_CERTIFICATES = {
  maxBytes: 10 * 1024 * 1024,
  numberMax: 40,
  reasonMax: 500,
  /** Certificates one buyer may have waiting for review at once (each file is kept). */
  maxPending: 5,
  /** The reminder goes this many days before the certificate's last valid day. */
  reminderDays: 30,
} as const;

export const TAX_CERTIFICATE_STATUSES = ['pending', 'accepted', 'rejected'] as const;
export const taxCertificateStatusSchema = z.enum(TAX_CERTIFICATE_STATUSES);
export type TaxCertificateStatus = z.infer<typeof taxCertificateStatusSchema>;
export const TAX_CERTIFICATE_STATUS_LABELS: Record<TaxCertificateStatus, string> = {
  pending: 'Waiting for review',
  accepted: 'Accepted',
  rejected: 'Rejected',
};

/** The form's labels: what every message about these fields calls them. */
export const TAX_CERTIFICATE_LABELS = {
  number: 'Certificate number',
  state: 'Issuing state',
  expiresOn: 'Expiry date',
  file: 'File',
  reason: 'Reason',
} as const;

const MB = TAX_CERTIFICATES.maxBytes / 1024 / 1024;

export const TAX_CERTIFICATE_MESSAGES = {
  notMultipart: 'Send the certificate as a form with the file in the part "file".',
  noFile: 'File is required: choose the certificate (PDF, JPEG or PNG).',
  tooMany: 'Upload one file at a time.',
  tooLarge: `File is larger than ${MB} MB: choose a smaller scan or photo of the certificate.`,
  notAccepted: 'File must be a PDF, JPEG or PNG of the certificate.',
  unreadable: 'File is damaged or incomplete and cannot be read: choose it again.',
  heicCodec: 'File must be a PDF, JPEG or PNG of the certificate.',
  tooManyPixels: (megapixels: number) => `File is a picture of ${megapixels.toFixed(1)} megapixels, too many to read: choose a smaller one.`,
  invalidDate: 'Expiry date must be a date (YYYY-MM-DD).',
  expired: (on: string) => `This certificate expired on ${on}: Expiry date must be today or later.`,
  unknownState: (state: string) => `Issuing state must be a US state; "${state}" is not one.`,
  notFound: (id: number) => `There is no tax certificate ${id}.`,
  decided: (id: number, status: TaxCertificateStatus) => `Tax certificate ${id} is already ${status}: only a certificate waiting for review can be accepted or rejected.`,
  reasonRequired: 'Reason is required: tell the buyer why the certificate is not accepted.',
  fileMissing: 'The certificate file is missing on the server.',
  tooManyPending: (n: number) => `You have ${n} certificates waiting for review: please wait for our answer before you upload another.`,
} as const;

const YMD = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar day as YYYY-MM-DD (not 2026-02-30). */
export const isCalendarDay = (d: string): boolean => YMD.test(d) && !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d);

/** The text parts of the upload, checked with the form's labels. */
export const taxCertificateFields = labelled(
  z.object({
    number: requiredSingleLine(TAX_CERTIFICATES.numberMax),
    state: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, 'Issuing state must be a two-letter US state code such as CA.'),
    expiresOn: z.string().trim().refine(isCalendarDay, TAX_CERTIFICATE_MESSAGES.invalidDate),
  }),
  { number: TAX_CERTIFICATE_LABELS.number, state: TAX_CERTIFICATE_LABELS.state, expiresOn: TAX_CERTIFICATE_LABELS.expiresOn },
);
export type TaxCertificateFields = z.infer<typeof taxCertificateFields>;

export const taxCertificateCreatedSchema = z.object({ id: z.number().int(), status: taxCertificateStatusSchema });
export type TaxCertificateCreated = z.infer<typeof taxCertificateCreatedSchema>;

export const taxCertificateSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  state: z.string(),
  /** YYYY-MM-DD: the last day it is valid. */
  expiresOn: z.string(),
  status: taxCertificateStatusSchema,
  rejectReason: z.string().nullable(),
  uploadedAt: z.string(),
  /** The name of the file as the buyer uploaded it. */
  fileName: z.string(),
});
export type TaxCertificate = z.infer<typeof taxCertificateSchema>;
export const taxCertificateListSchema = z.object({ items: z.array(taxCertificateSchema) });
export type TaxCertificateList = z.infer<typeof taxCertificateListSchema>;

/** A certificate as staff see it: whose it is and who decided. */
export const adminTaxCertificateSchema = taxCertificateSchema.extend({
  customerId: z.number().int(),
  orgName: z.string(),
  contentType: z.string(),
  fileSize: z.number().int(),
  decidedAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
});
export type AdminTaxCertificate = z.infer<typeof adminTaxCertificateSchema>;
export const adminTaxCertificateListSchema = z.object({ items: z.array(adminTaxCertificateSchema) });
export type AdminTaxCertificateList = z.infer<typeof adminTaxCertificateListSchema>;

export const adminTaxCertificatesQuery = z.object({ status: taxCertificateStatusSchema.optional() });

export const rejectTaxCertificateBody = labelled(
  z.object({
    /** Mailed to the buyer. */
    reason: requiredSingleLine(TAX_CERTIFICATES.reasonMax, { required: TAX_CERTIFICATE_MESSAGES.reasonRequired }),
  }),
  { reason: TAX_CERTIFICATE_LABELS.reason },
);
export type RejectTaxCertificateBody = z.infer<typeof rejectTaxCertificateBody>;

export const taxCertificateIdParam = z.object({ id: rowNumber('id') });

/** Where a certificate's file is read: the buyer's own (`shop`) or the back office's (`admin`). */
export const taxCertificateFileUrl = (side: 'shop' | 'admin', id: number): string =>
  side === 'shop' ? `/beapi/Customer/TaxCertificates/${id}/File` : `/beapi/Admin/TaxCertificates/${id}/File`;

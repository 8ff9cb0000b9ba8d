import { z } from 'zod';
import { DB_INT_MAX } from './ids';
import { singleLine } from './text';

/**
 * Trade terms, credit, payments and statements (DESIGN.md §5 "Customers, trade terms, money";
 * decision 0022), shared by the back office and the buyer's account. Money is dollars with at
 * most 2 decimals here and integer cents in the database.
 */

export const MONEY = {
  /** The largest credit limit or payment, in dollars. */
  maxAmount: 100_000_000,
  maxTermsDays: 365,
  /** The spec's returned-cheque fee, in cents. */
  returnedChequeFeeCents: 3500,
  /** The spec's late charge: 1.5% a month on overdue amounts, at least $1.00. */
  lateChargePercentPerMonth: 1.5,
  lateChargeMinimumCents: 100,
  /** A payment names at most this many invoices. */
  maxApplications: 200,
  defaultPageSize: 50,
  maxPageSize: 200,
  /** Payments and charges the customer's page shows, newest first. */
  recentPayments: 50,
} as const;

export const MONEY_MESSAGES = {
  notCents: 'Give the amount in dollars with at most 2 decimals',
  tooLarge: `At most $${MONEY.maxAmount.toLocaleString('en-US')}`,
  notPositive: 'The amount must be more than $0.00',
  negative: 'The amount cannot be negative',
  termsDays: `Net terms are 1 to ${MONEY.maxTermsDays} days`,
  termsDaysRequired: 'Give the number of days for net terms',
  invoiceNotFound: (n: number) => `Invoice ${n} is not one of this customer's`,
  invoiceNotOpen: (n: number, status: string) => `Invoice ${n} is ${status}: it takes no payment`,
  overInvoice: (n: number, open: string) => `Invoice ${n} has only ${open} open`,
  duplicateInvoice: (n: number) => `Invoice ${n} is named twice`,
  overPayment: 'The applications add up to more than the payment',
  creditMustApply: 'A payment from credit on account must be applied in full to invoices',
  notEnoughCredit: (available: string) => `The customer has only ${available} of credit on account`,
  paymentNotFound: (id: number) => `Payment ${id} not found`,
  onlyCheques: 'Only a cheque can be returned',
  alreadyReturned: 'This cheque is already marked returned',
  moneyForbidden: 'Terms and credit limits need the money:write permission (role Accounts)',
  nothingToChange: 'Change the status, the terms or the credit limit',
  creditHold: 'credit limit',
} as const;

const cents = (v: number) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6;
/** Dollars with at most 2 decimals, 0 to MONEY.maxAmount (1e308, NaN and Infinity are refused). */
export const moneyAmount = z.number().min(0, MONEY_MESSAGES.negative).max(MONEY.maxAmount, MONEY_MESSAGES.tooLarge).refine(cents, MONEY_MESSAGES.notCents);
/** More than zero. */
export const positiveAmount = moneyAmount.refine((v) => v > 0, MONEY_MESSAGES.notPositive);
/** Dollars (validated) to integer cents. */
export const toCents = (dollars: number): number => Math.round(dollars * 100);

export const TERMS_KINDS = ['prepaid', 'net'] as const;
export const termsSchema = z
  .object({
    kind: z.enum(TERMS_KINDS),
    days: z.number().int(MONEY_MESSAGES.termsDays).min(1, MONEY_MESSAGES.termsDays).max(MONEY.maxTermsDays, MONEY_MESSAGES.termsDays).optional(),
  })
  .strict()
  .refine((t) => t.kind === 'prepaid' || t.days !== undefined, { message: MONEY_MESSAGES.termsDaysRequired, path: ['days'] });
export type Terms = z.infer<typeof termsSchema>;

export const PAYMENT_METHODS = ['cheque', 'transfer', 'card', 'credit'] as const;
export const paymentMethodSchema = z.enum(PAYMENT_METHODS);
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = { cheque: 'Cheque', transfer: 'Bank transfer', card: 'Card', credit: 'Credit on account' };

/** Terms as the customer has them: "Net 30" or "Prepaid". */
export function termsLabel(t: { kind: (typeof TERMS_KINDS)[number]; days: number }): string {
  return t.kind === 'prepaid' ? 'Prepaid' : `Net ${t.days}`;
}

export const accountInvoiceSchema = z.object({
  invoiceNum: z.number().int(),
  orderNum: z.number().int(),
  date: z.string(),
  dueDate: z.string(),
  total: z.number(),
  paid: z.number(),
  open: z.number(),
  status: z.enum(['open', 'paid', 'void']),
  /** Days past the due date today (0 when not yet due). */
  daysOverdue: z.number().int(),
});
export type AccountInvoice = z.infer<typeof accountInvoiceSchema>;

/** The figures of an account (decision 0022): balance = open invoices + orders not yet invoiced + charges − credit. */
export const creditSummarySchema = z.object({
  terms: z.object({ kind: z.enum(TERMS_KINDS), days: z.number().int() }),
  termsLabel: z.string(),
  creditLimit: z.number(),
  /**
   * invoicedDue + onOpenOrders: what the credit limit is checked against (decision 0022). Kept for
   * clients that read it; show the two parts, not this (decision 0026).
   */
  balance: z.number(),
  /** Invoiced, due: open invoices + charges − credit on account; the statement's amount due. */
  invoicedDue: z.number(),
  /** On open orders: the open and backordered units of orders not yet invoiced, at their prices (credit-held orders left out). Not due yet. */
  onOpenOrders: z.number(),
  /** Credit limit − balance (negative when over the limit). */
  availableCredit: z.number(),
  /** Unapplied payments less unpaid charges (the returned-cheque fee): money on account. */
  creditOnAccount: z.number(),
  openInvoices: z.array(accountInvoiceSchema),
});
export type CreditSummary = z.infer<typeof creditSummarySchema>;

export const paymentSchema = z.object({
  id: z.number().int(),
  customerId: z.number().int(),
  orgName: z.string(),
  amount: z.number(),
  /** What was not applied to invoices (the customer's credit), 0 once returned. */
  unapplied: z.number(),
  method: paymentMethodSchema,
  reference: z.string(),
  receivedOn: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
  returnedAt: z.string().nullable(),
  applications: z.array(z.object({ invoiceNum: z.number().int(), amount: z.number() })),
});
export type Payment = z.infer<typeof paymentSchema>;

export const chargeSchema = z.object({ id: z.number().int(), kind: z.literal('returned_cheque'), amount: z.number(), description: z.string(), chargedOn: z.string() });

/** What the customer's page in the back office shows of money. */
export const customerAccountSchema = creditSummarySchema.extend({
  invoices: z.array(accountInvoiceSchema),
  payments: z.array(paymentSchema),
  charges: z.array(chargeSchema),
});
export type CustomerAccount = z.infer<typeof customerAccountSchema>;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Give a date as YYYY-MM-DD').refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), 'Not a date');

export const paymentBody = z
  .object({
    customerId: z.number().int().positive().max(2_147_483_647),
    amount: positiveAmount,
    method: paymentMethodSchema,
    reference: singleLine(100).default(''),
    receivedOn: isoDate.optional(),
    applications: z
      .array(z.object({ invoiceNum: z.number().int().min(1).max(DB_INT_MAX), amount: positiveAmount }).strict())
      .max(MONEY.maxApplications)
      .default([]),
  })
  .strict();
export type PaymentBody = z.infer<typeof paymentBody>;

export const paymentIdParam = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const paymentsQuery = z.object({
  customer: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MONEY.maxPageSize).default(MONEY.defaultPageSize),
});
export type PaymentsQuery = z.infer<typeof paymentsQuery>;

export const paymentsPageSchema = z.object({ items: z.array(paymentSchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type PaymentsPage = z.infer<typeof paymentsPageSchema>;

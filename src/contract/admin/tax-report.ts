import { z } from 'zod';

/**
 * The sales tax report for filing (DESIGN.md §7 "Sales tax and resale certificates", decision
 * 0042): `GET /beapi/Admin/Reports/tax?from=YYYY-MM&to=YYYY-MM` → rows by ship-to state and month,
 * or CSV with `format=csv`. Money in dollars with 2 decimals, as orders show it.
 *
 * - **Month** of an order: the UTC month of its `created_at` (when it was placed); of a credit
 *   memo: the UTC month of its date. Both months are inclusive; `to` defaults to this month, `from`
 *   to `to`.
 * - **State**: the order's ship-to state as taxed at checkout (`tax_state`); a credit memo counts
 *   in the state of its order.
 * - **orders**: orders placed that month, not wholly cancelled, taxable or exempt. Orders where
 *   the shop collects no tax (`no_nexus`) are left out: nothing there is filed.
 * - **taxableSales** / **exemptSales**: merchandise less discount (shipping not included) of what
 *   remains of the taxable / exempt orders, after cancels and edits.
 * - **tax**: the orders' tax of what remains (what they charge now); **creditedTax**: the tax
 *   of credit memos dated that month; **netTax** = tax − creditedTax.
 * - **totals**: the sums of the rows.
 */

export const TAX_REPORT = {
  /** A range of more than five years of months is refused. */
  maxMonths: 60,
} as const;

export const TAX_REPORT_MESSAGES = {
  from: 'From must be a month written as YYYY-MM, such as 2026-11.',
  to: 'To must be a month written as YYYY-MM, such as 2026-11.',
  toBeforeFrom: 'To is before From: choose a To month on or after the From month.',
  tooLong: 'From and To are more than five years apart: choose a shorter range.',
} as const;

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** Months from `a` to `b`, both counted (`YYYY-MM`). */
export function monthsBetween(a: string, b: string): number {
  const [ay, am] = a.split('-').map(Number) as [number, number];
  const [by, bm] = b.split('-').map(Number) as [number, number];
  return (by - ay) * 12 + (bm - am) + 1;
}

export const taxReportQuery = z
  .object({
    from: z.string().regex(MONTH, TAX_REPORT_MESSAGES.from).optional(),
    to: z.string().regex(MONTH, TAX_REPORT_MESSAGES.to).optional(),
    format: z.enum(['json', 'csv']).default('json'),
  })
  .superRefine((q, ctx) => {
    if (!q.from) return;
    if (q.to && q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: TAX_REPORT_MESSAGES.toBeforeFrom });
    // Without `to`: up to this month (or `from`'s, when it is later).
    else if (monthsBetween(q.from, q.to ?? new Date().toISOString().slice(0, 7)) > TAX_REPORT.maxMonths) ctx.addIssue({ code: 'custom', path: ['from'], message: TAX_REPORT_MESSAGES.tooLong });
  });
export type TaxReportQuery = z.infer<typeof taxReportQuery>;

const sums = {
  orders: z.number().int(),
  taxableSales: z.number(),
  exemptSales: z.number(),
  tax: z.number(),
  creditedTax: z.number(),
  netTax: z.number(),
};

export const taxReportRowSchema = z.object({
  /** Two-letter ship-to state. */
  state: z.string(),
  /** `YYYY-MM` (UTC). */
  month: z.string(),
  ...sums,
});
export type TaxReportRow = z.infer<typeof taxReportRowSchema>;

export const taxReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** By state, then month. */
  rows: z.array(taxReportRowSchema),
  totals: z.object(sums),
});
export type TaxReport = z.infer<typeof taxReportSchema>;

/** The CSV's columns, in order (the answer's keys). */
export const TAX_REPORT_COLUMNS = ['state', 'month', 'orders', 'taxableSales', 'exemptSales', 'tax', 'creditedTax', 'netTax'] as const;

/** What the back office calls each column. */
export const TAX_REPORT_LABELS: Record<(typeof TAX_REPORT_COLUMNS)[number], string> = {
  state: 'State',
  month: 'Month',
  orders: 'Orders',
  taxableSales: 'Taxable sales',
  exemptSales: 'Exempt sales',
  tax: 'Tax charged',
  creditedTax: 'Tax credited',
  netTax: 'Net tax',
};

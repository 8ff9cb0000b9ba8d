import { z } from 'zod';

/**
 * The reports page (DESIGN.md §5 "Reports", decision 0023): `GET /beapi/Admin/Reports/{name}` →
 * `{rows, totals}` (money in dollars with 2 decimals, as orders show it), or CSV with
 * `format=csv`. Sales are orders placed, net of cancellations, on the UTC day they were placed,
 * less returns (credit memos) on the UTC day they were received (decision 0037).
 * `open-orders`, `backorders`, `low-stock`, `aging` and `waiting-demand` (back-in-stock alerts and
 * backordered units by item, decision 0041) are as of now: the range does not apply.
 */

export const REPORT_NAMES = ['sales', 'categories', 'items', 'customers', 'states', 'open-orders', 'backorders', 'low-stock', 'coupons', 'aging', 'waiting-demand'] as const;
export type ReportName = (typeof REPORT_NAMES)[number];

export const REPORT_TITLES: Record<ReportName, string> = {
  sales: 'Sales',
  categories: 'By category',
  items: 'By item',
  customers: 'By customer',
  states: 'By state',
  'open-orders': 'Open orders',
  backorders: 'Backorders',
  'low-stock': 'Low stock',
  coupons: 'Coupons',
  aging: 'Aging',
  'waiting-demand': 'Waiting demand',
};

/** Reports that show the shop as it is now, whatever the range. */
export const AS_OF_NOW: readonly ReportName[] = ['open-orders', 'backorders', 'low-stock', 'aging', 'waiting-demand'];

export const REPORTS = {
  /** Without `from`: the 30 days up to `to` (today by default). */
  defaultDays: 30,
  /** A range of more than five years is refused. */
  maxDays: 5 * 365 + 2,
  defaultLimit: 50,
  maxLimit: 1000,
} as const;

export const REPORT_MESSAGES = {
  day: 'Give a day as YYYY-MM-DD',
  toBeforeFrom: 'To is before From',
  tooLong: 'From and To are more than five years apart',
} as const;

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, REPORT_MESSAGES.day)
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, REPORT_MESSAGES.day);

export const reportParams = z.object({ name: z.enum(REPORT_NAMES) });

export const reportQuery = z
  .object({
    from: isoDay.optional(),
    to: isoDay.optional(),
    by: z.enum(['day', 'week', 'month']).default('day'),
    /** items: the best or the worst sellers of the range. */
    sort: z.enum(['top', 'bottom']).default('top'),
    limit: z.coerce.number().int().min(1).max(REPORTS.maxLimit).default(REPORTS.defaultLimit),
    format: z.enum(['json', 'csv']).default('json'),
  })
  .superRefine((q, ctx) => {
    if (q.from && q.to && q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: REPORT_MESSAGES.toBeforeFrom });
    else if (q.from && daysBetween(q.from, q.to ?? new Date().toISOString().slice(0, 10)) > REPORTS.maxDays) {
      ctx.addIssue({ code: 'custom', path: ['from'], message: REPORT_MESSAGES.tooLong });
    }
  });
export type ReportQuery = z.infer<typeof reportQuery>;

/** Days from `a` to `b`, both counted. */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000) + 1;
}

export const reportColumnSchema = z.object({
  key: z.string(),
  label: z.string(),
  /** How to show it: money is dollars; `day` an ISO day. */
  kind: z.enum(['text', 'int', 'money', 'day']),
});
export type ReportColumn = z.infer<typeof reportColumnSchema>;

const cell = z.union([z.string(), z.number(), z.null()]);

export const reportSchema = z.object({
  name: z.enum(REPORT_NAMES),
  title: z.string(),
  from: z.string(),
  to: z.string(),
  /** True when the report is the shop as it is now (the range does not apply). */
  asOfNow: z.boolean(),
  columns: z.array(reportColumnSchema),
  rows: z.array(z.record(z.string(), cell)),
  /** The sums of the rows' number columns that add up (money in dollars). */
  totals: z.record(z.string(), z.number()),
});
export type Report = z.infer<typeof reportSchema>;
export type ReportRow = Report['rows'][number];

import { MONEY } from '../../contract/money';

/**
 * The money rules of decision 0022, pure: the balance, days overdue, aging buckets and the late
 * charge. All amounts are integer cents.
 */

export interface BalanceInput {
  openInvoicesCents: number;
  uninvoicedCents: number;
  unappliedCents: number;
  chargesCents: number;
}

/** Money on account: payments not applied less charges (negative: the customer owes a charge). */
export const creditOnAccount = (p: BalanceInput): number => p.unappliedCents - p.chargesCents;

/** Invoiced, due: open invoices + charges − credit on account (the statement's amount due, decision 0026). */
export const invoicedDueOf = (p: BalanceInput): number => p.openInvoicesCents - creditOnAccount(p);

/** On open orders: their open and backordered units, not invoiced yet, at their prices. Not due. */
export const onOpenOrdersOf = (p: BalanceInput): number => p.uninvoicedCents;

/**
 * Balance = invoiced, due + on open orders: what the credit limit is checked against (decision
 * 0022 counts both, so a buyer cannot order past the limit before anything is invoiced).
 */
export const balanceOf = (p: BalanceInput): number => invoicedDueOf(p) + onOpenOrdersOf(p);

/**
 * Whether an order of `orderCents` must wait on hold: the balance with it would pass the limit.
 * A prepaid customer's limit counts as 0, so their order goes through only when credit on
 * account covers it (decision 0022).
 */
export function overCreditLimit(p: BalanceInput, terms: { kind: 'prepaid' | 'net'; limitCents: number }, orderCents: number): boolean {
  const limit = terms.kind === 'prepaid' ? 0 : terms.limitCents;
  return balanceOf(p) + orderCents > limit;
}

const DAY = 86_400_000;

/** Whole days from `dueDate` to `today` (YYYY-MM-DD), 0 when not yet due. */
export function daysOverdue(dueDate: string, today: string): number {
  return Math.max(0, Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${dueDate}T00:00:00Z`)) / DAY));
}

export const AGING_BUCKETS = ['0-30', '31-60', '61-90', '90+'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];

/** The bucket by days past due: not yet due and up to 30 days late are "0-30" (decision 0022). */
export function agingBucket(overdueDays: number): AgingBucket {
  if (overdueDays <= 30) return '0-30';
  if (overdueDays <= 60) return '31-60';
  if (overdueDays <= 90) return '61-90';
  return '90+';
}

/** Open amounts summed by bucket. */
export function aging(invoices: readonly { openCents: number; daysOverdue: number }[]): Record<AgingBucket, number> {
  const sums: Record<AgingBucket, number> = { '0-30': 0, '31-60': 0, '61-90': 0, '90+': 0 };
  for (const i of invoices) sums[agingBucket(i.daysOverdue)] += i.openCents;
  return sums;
}

/**
 * The spec's late charge for one month on what is overdue: 1.5% of it, rounded to the cent, at
 * least $1.00; nothing when nothing is overdue.
 */
export function lateCharge(overdueCents: number): number {
  if (overdueCents <= 0) return 0;
  return Math.max(MONEY.lateChargeMinimumCents, Math.round((overdueCents * MONEY.lateChargePercentPerMonth) / 100));
}

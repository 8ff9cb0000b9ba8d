import { describe, expect, it } from 'vitest';
import { aging, agingBucket, balanceOf, daysOverdue, invoicedDueOf, lateCharge, onOpenOrdersOf, overCreditLimit } from './account-math';

describe('the money rules', () => {
  const parts = { openInvoicesCents: 50_000, uninvoicedCents: 20_000, unappliedCents: 10_000, chargesCents: 3_500 };

  it('balance = open invoices + not yet invoiced − (unapplied payments − charges)', () => {
    expect(balanceOf(parts)).toBe(50_000 + 20_000 - (10_000 - 3_500));
  });

  it('the balance is two parts: invoiced, due (the statement\'s amount due) and on open orders (decision 0026)', () => {
    expect(invoicedDueOf(parts)).toBe(50_000 + 3_500 - 10_000);
    expect(onOpenOrdersOf(parts)).toBe(20_000);
    expect(invoicedDueOf(parts) + onOpenOrdersOf(parts)).toBe(balanceOf(parts));
  });

  it('holds an order that takes the balance past the limit, not one that reaches it exactly', () => {
    const limit = { kind: 'net' as const, limitCents: 100_000 };
    expect(overCreditLimit(parts, limit, 100_000 - balanceOf(parts))).toBe(false);
    expect(overCreditLimit(parts, limit, 100_000 - balanceOf(parts) + 1)).toBe(true);
  });

  it('a prepaid customer orders only against credit on account', () => {
    const prepaid = { kind: 'prepaid' as const, limitCents: 1_000_000 };
    const empty = { openInvoicesCents: 0, uninvoicedCents: 0, unappliedCents: 0, chargesCents: 0 };
    expect(overCreditLimit(empty, prepaid, 1)).toBe(true);
    expect(overCreditLimit({ ...empty, unappliedCents: 5_000 }, prepaid, 5_000)).toBe(false);
  });

  it('counts days past due and buckets them 0-30 / 31-60 / 61-90 / 90+', () => {
    expect(daysOverdue('2026-03-01', '2026-02-20')).toBe(0);
    expect(daysOverdue('2026-03-01', '2026-03-31')).toBe(30);
    expect([0, 30, 31, 60, 61, 90, 91].map(agingBucket)).toEqual(['0-30', '0-30', '31-60', '31-60', '61-90', '61-90', '90+']);
    expect(aging([{ openCents: 100, daysOverdue: 0 }, { openCents: 200, daysOverdue: 45 }, { openCents: 300, daysOverdue: 120 }])).toEqual({ '0-30': 100, '31-60': 200, '61-90': 0, '90+': 300 });
  });

  it('late charge: 1.5% of the overdue amount, at least $1.00, none when nothing is overdue', () => {
    expect(lateCharge(0)).toBe(0);
    expect(lateCharge(1_000)).toBe(100);
    expect(lateCharge(100_000)).toBe(1_500);
    expect(lateCharge(12_345)).toBe(185);
  });
});

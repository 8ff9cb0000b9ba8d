import { MONEY } from '../../contract/money';
import type { StatementData } from '../orders';
import { aging, type BalanceInput, creditOnAccount, daysOverdue, lateCharge } from './account-math';
import type * as q from './queries';

type Header = NonNullable<Awaited<ReturnType<typeof q.customerHeader>>>;
type Charge = Awaited<ReturnType<typeof q.chargesOf>>[number];

/**
 * A statement's figures on `on` (YYYY-MM-DD): the open invoices with days overdue, the charges,
 * the credit memos (decision 0037), credit on account (payments' and credit memos' money not applied), aging by days past due, and the late charge that one more month would add
 * (shown, never posted: decision 0022).
 */
export function statementData(c: Header, parts: BalanceInput, invoices: q.InvoiceRow[], charges: Charge[], on: string, creditMemos: StatementData['creditMemos'] = []): StatementData {
  const lines = invoices.map((i) => {
    const openCents = Number(i.total_cents) - Number(i.paid_cents);
    return { invoiceNum: i.invoice_num, orderNum: i.order_num, date: i.invoice_date, dueDate: i.due_date, taxCents: Number(i.tax_cents), totalCents: Number(i.total_cents), paidCents: Number(i.paid_cents), openCents, daysOverdue: daysOverdue(i.due_date, on) };
  });
  const openCents = lines.reduce((n, l) => n + l.openCents, 0);
  const overdueCents = lines.filter((l) => l.daysOverdue > 0).reduce((n, l) => n + l.openCents, 0);
  const unapplied = parts.unappliedCents;
  return {
    on,
    customerCode: c.code,
    billTo: { orgName: c.org_name, contact: `${c.first_name} ${c.last_name}`.trim(), addressLine1: c.address_line1, city: c.city, state: c.state, zip: c.zip, country: c.country, email: c.email },
    terms: c.terms_kind === 'prepaid' ? 'Prepaid' : `Net ${c.terms_days}`,
    creditLimitCents: c.terms_kind === 'prepaid' ? 0 : Number(c.credit_limit_cents),
    invoices: lines,
    charges: charges.map((ch) => ({ date: ch.charged_on, description: ch.description, amountCents: Number(ch.amount_cents) })),
    creditMemos,
    unappliedCents: unapplied,
    aging: aging(lines),
    overdueCents,
    lateChargeCents: lateCharge(overdueCents),
    lateChargeRule: `Late charge ${MONEY.lateChargePercentPerMonth}% per month (18% APR) on overdue amounts, minimum ${'$'}${(MONEY.lateChargeMinimumCents / 100).toFixed(2)}`,
    // Invoiced, due: what the customer owes on billed items (open invoices + charges − credit on account).
    amountDueCents: openCents - creditOnAccount({ ...parts, unappliedCents: unapplied }),
    // On open orders: not billed yet, so not due; shown apart (decision 0026).
    openOrdersCents: parts.uninvoicedCents,
  };
}

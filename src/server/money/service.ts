import { dollars } from '../../contract/cart';
import {
  type AccountInvoice,
  type CreditSummary,
  type CustomerAccount,
  MONEY,
  MONEY_MESSAGES as M,
  type Payment,
  type PaymentBody,
  type PaymentsPage,
  type PaymentsQuery,
  type Terms,
  termsLabel,
  toCents,
} from '../../contract/money';
import { type Actor, recordAudit } from '../platform/audit/audit';
import { writeTransaction } from '../platform/db/database';
import type { DialectOps } from '../platform/db/dialect';
import { renderStatement } from '../orders';
import { atField, Conflict, Invalid, NotFound } from '../platform/errors';
import type { OutboxDispatcher } from '../platform/outbox/outbox';
import { setTerms } from '../customers';
import { balanceOf, creditOnAccount, daysOverdue, invoicedDueOf, onOpenOrdersOf, overCreditLimit } from './account-math';
import * as q from './queries';
import { statementData } from './statement';
import { statementCreditMemos } from './credit-memos';

const today = () => new Date().toISOString().slice(0, 10);

/**
 * What payments do to the orders they settle, in the payment's transaction: the closing rule
 * (flows/closing.ts), given to the service where the app is put together (a module does not
 * reach up to flows).
 */
export interface OrderClosing {
  /** Closes the orders among `orderIds` that are shipped and now paid in full; answers their numbers. */
  closeSettled(trx: q.Db, actor: Actor, orderIds: readonly number[]): Promise<number[]>;
  /** A returned cheque: the closed orders among `orderIds` go back to shipped. */
  reopenClosed(trx: q.Db, actor: Actor, orderIds: readonly number[], chequeRef: string): Promise<void>;
}

/**
 * Trade terms, credit, payments and statements (DESIGN.md §5; decision 0022). Every change is
 * one write transaction with its audit row; a payment applies to invoices with guarded UPDATEs
 * (no overpaying, whoever pays at once), and closes the orders it settles in the same
 * transaction (order event, audit, `order.closed` webhook).
 */
export class MoneyService {
  constructor(
    private readonly db: q.Db,
    private readonly ops: DialectOps,
    private readonly outbox: OutboxDispatcher,
    private readonly orderClosing: OrderClosing,
  ) {}

  /** In checkout's transaction: whether this order must wait on hold for the customer's credit. */
  async mustHold(trx: q.Db, customerId: number, orderCents: number): Promise<boolean> {
    const standing = await q.creditStanding(trx, customerId);
    return standing !== undefined && overCreditLimit(standing.parts, standing.terms, orderCents);
  }

  /** Terms, limit, balance, available credit and open invoices: the buyer's account and the customer's page. */
  async creditSummary(customerId: number, db: q.Db = this.db): Promise<CreditSummary> {
    const terms = await q.termsOf(db, customerId);
    if (!terms) throw new NotFound(`Customer ${customerId} not found`);
    const [parts, open] = await Promise.all([q.balanceParts(db, customerId), q.invoicesOf(db, customerId, true)]);
    const balance = balanceOf(parts);
    const limit = terms.terms_kind === 'prepaid' ? 0 : Number(terms.credit_limit_cents);
    const kind = { kind: terms.terms_kind, days: terms.terms_days };
    return {
      terms: kind,
      termsLabel: termsLabel(kind),
      creditLimit: dollars(limit),
      balance: dollars(balance),
      invoicedDue: dollars(invoicedDueOf(parts)),
      onOpenOrders: dollars(onOpenOrdersOf(parts)),
      availableCredit: dollars(limit - balance),
      creditOnAccount: dollars(creditOnAccount(parts)),
      openInvoices: open.map(invoiceJson),
    };
  }

  async customerAccount(customerId: number): Promise<CustomerAccount> {
    const [summary, invoices, payments, charges] = await Promise.all([
      this.creditSummary(customerId),
      q.invoicesOf(this.db, customerId, false),
      this.listPayments({ customer: customerId, page: 1, pageSize: MONEY.recentPayments }),
      q.chargesOf(this.db, customerId),
    ]);
    return {
      ...summary,
      invoices: invoices.map(invoiceJson),
      payments: payments.items,
      charges: charges.map((c) => ({ id: c.id, kind: c.kind, amount: dollars(Number(c.amount_cents)), description: c.description, chargedOn: c.charged_on })),
    };
  }

  /** In the customer update's transaction (customers-admin): new terms and/or limit, audited. */
  async setTerms(trx: q.Db, actor: Actor, customerId: number, change: { terms?: Terms; creditLimit?: number }): Promise<void> {
    const before = await q.termsOf(trx, customerId);
    if (!before) throw new NotFound(`Customer ${customerId} not found`);
    const patch = {
      ...(change.terms ? { terms_kind: change.terms.kind, ...(change.terms.days !== undefined ? { terms_days: change.terms.days } : {}) } : {}),
      ...(change.creditLimit !== undefined ? { credit_limit_cents: toCents(change.creditLimit) } : {}),
    };
    await setTerms(trx, customerId, patch);
    await recordAudit(trx, actor, {
      action: 'customer.terms',
      target: `customer:${customerId}`,
      summary: { before: { terms: termsLabel({ kind: before.terms_kind, days: before.terms_days }), creditLimitCents: Number(before.credit_limit_cents) }, after: patch },
    });
  }

  async recordPayment(actor: Actor, body: PaymentBody): Promise<Payment> {
    const amountCents = toCents(body.amount);
    const applications = body.applications.map((a) => ({ invoiceNum: a.invoiceNum, cents: toCents(a.amount) }));
    checkApplications(applications, amountCents, body.method);
    const closing: number[] = [];
    const id = await writeTransaction(this.db, async (trx) => {
      // The customer row is locked (PostgreSQL): payments of one customer take turns, so credit on account is spent once.
      // FOR NO KEY UPDATE, not FOR UPDATE: a checkout of this customer (its new order's foreign key takes KEY SHARE
      // of the row, again in its last statement) must not wait for the payment while holding what the payment waits for.
      const customer = await trx.selectFrom('customers').select('id').where('id', '=', body.customerId).$if(this.ops.forUpdate, (s) => s.forNoKeyUpdate()).executeTakeFirst();
      if (!customer) throw atField(new NotFound(`Customer ${body.customerId} not found`), 'customerId');
      if (body.method === 'credit') {
        const available = creditOnAccount(await q.balanceParts(trx, body.customerId));
        if (amountCents > available) throw atField(new Invalid(M.notEnoughCredit(money(Math.max(0, available)))), 'amount');
      }
      const invoices = new Map((await q.invoicesByNum(trx, applications.map((a) => a.invoiceNum))).map((i) => [i.invoice_num, i]));
      const rows = applications.map((a, i) => {
        const inv = invoices.get(a.invoiceNum);
        const field = `applications.${i}.invoiceNum`;
        if (!inv || inv.customer_id !== body.customerId) throw atField(new Invalid(M.invoiceNotFound(a.invoiceNum)), field);
        if (inv.status !== 'open') throw atField(new Invalid(M.invoiceNotOpen(a.invoiceNum, inv.status)), field);
        const open = Number(inv.total_cents) - Number(inv.paid_cents);
        if (a.cents > open) throw atField(new Invalid(M.overInvoice(a.invoiceNum, money(open))), `applications.${i}.amount`);
        return { inv, cents: a.cents };
      });
      const now = new Date().toISOString();
      const paymentId = await q.insertPayment(
        trx,
        { customer_id: body.customerId, amount_cents: amountCents, method: body.method, reference: body.reference, received_on: body.receivedOn ?? today(), created_by: actor.label, created_at: now },
        rows.map((r) => ({ invoice_id: r.inv.id, amount_cents: r.cents })),
      );
      for (const r of rows) {
        // Another payment of this invoice committed since it was read: refuse rather than overpay.
        if (!(await q.applyToInvoice(trx, r.inv.id, r.cents))) throw new Conflict(M.overInvoice(r.inv.invoice_num, 'less'));
      }
      await recordAudit(trx, actor, {
        action: 'payment.record',
        target: `customer:${body.customerId}`,
        summary: { paymentId, amountCents, method: body.method, reference: body.reference, applications: rows.map((r) => [r.inv.invoice_num, r.cents]) },
      });
      closing.push(...(await this.orderClosing.closeSettled(trx, actor, rows.map((r) => r.inv.order_id))));
      return paymentId;
    });
    if (closing.length > 0) this.outbox.poke();
    return this.payment(id);
  }

  /** A returned cheque: its applications stop counting, its invoices reopen, and the spec's fee is charged. */
  async returnPayment(actor: Actor, id: number): Promise<Payment> {
    await writeTransaction(this.db, async (trx) => {
      const p = await q.paymentRow(trx, id);
      if (!p) throw new NotFound(M.paymentNotFound(id));
      if (p.method !== 'cheque') throw new Conflict(M.onlyCheques);
      if (!(await q.markReturned(trx, id, new Date().toISOString()))) throw new Conflict(M.alreadyReturned);
      const applied = await q.applicationsOf(trx, [id]);
      for (const a of applied) await q.unapplyFromInvoice(trx, a.invoice_id, Number(a.amount_cents));
      await this.orderClosing.reopenClosed(trx, actor, applied.map((a) => a.order_id), p.reference);
      const chargeId = await q.insertCharge(trx, {
        customer_id: p.customer_id,
        kind: 'returned_cheque',
        payment_id: id,
        amount_cents: MONEY.returnedChequeFeeCents,
        description: `Returned cheque fee${p.reference ? ` (cheque ${p.reference})` : ''}`,
        charged_on: today(),
        created_at: new Date().toISOString(),
      });
      await recordAudit(trx, actor, {
        action: 'payment.return',
        target: `customer:${p.customer_id}`,
        summary: { paymentId: id, reopened: applied.map((a) => [a.invoice_num, Number(a.amount_cents)]), feeCents: MONEY.returnedChequeFeeCents, chargeId },
      });
    });
    return this.payment(id);
  }

  async listPayments(query: PaymentsQuery): Promise<PaymentsPage> {
    const { rows, total } = await q.paymentsPage(this.db, query);
    return { items: await this.paymentsJson(rows), total, page: query.page, pageSize: query.pageSize };
  }

  async statement(customerId: number, on = today()): Promise<Buffer> {
    const header = await q.customerHeader(this.db, customerId);
    if (!header) throw new NotFound(`Customer ${customerId} not found`);
    const [parts, invoices, charges, memos] = await Promise.all([
      q.balanceParts(this.db, customerId),
      q.invoicesOf(this.db, customerId, true, 10_000),
      q.chargesOf(this.db, customerId),
      statementCreditMemos(this.db, customerId),
    ]);
    return renderStatement(statementData(header, parts, invoices, charges, on, memos));
  }

  private async payment(id: number): Promise<Payment> {
    const row = await this.db.selectFrom('payments').innerJoin('customers as c', 'c.id', 'payments.customer_id').selectAll('payments').select('c.org_name').where('payments.id', '=', id).executeTakeFirst();
    if (!row) throw new NotFound(M.paymentNotFound(id));
    return (await this.paymentsJson([row]))[0]!;
  }

  private async paymentsJson(rows: q.PaymentRow[]): Promise<Payment[]> {
    const applied = await q.applicationsOf(this.db, rows.map((r) => r.id));
    return rows.map((r) => {
      const mine = applied.filter((a) => a.payment_id === r.id);
      const appliedCents = mine.reduce((n, a) => n + Number(a.amount_cents), 0);
      const cashIn = r.method === 'credit' ? appliedCents : Number(r.amount_cents);
      return {
        id: r.id,
        customerId: r.customer_id,
        orgName: r.org_name,
        amount: dollars(Number(r.amount_cents)),
        unapplied: r.returned_at ? 0 : dollars(cashIn - appliedCents),
        method: r.method,
        reference: r.reference,
        receivedOn: r.received_on,
        createdBy: r.created_by.replace(/^staff:\d+ /, ''),
        createdAt: r.created_at,
        returnedAt: r.returned_at,
        applications: mine.map((a) => ({ invoiceNum: a.invoice_num, amount: dollars(Number(a.amount_cents)) })),
      };
    });
  }
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const money = (cents: number) => usd.format(cents / 100);

/** The body's own consistency, before any read: no invoice twice, no more applied than paid; credit is applied in full. */
function checkApplications(applications: { invoiceNum: number; cents: number }[], amountCents: number, method: PaymentBody['method']): void {
  const seen = new Set<number>();
  applications.forEach((a, i) => {
    if (seen.has(a.invoiceNum)) throw atField(new Invalid(M.duplicateInvoice(a.invoiceNum)), `applications.${i}.invoiceNum`);
    seen.add(a.invoiceNum);
  });
  const applied = applications.reduce((n, a) => n + a.cents, 0);
  if (applied > amountCents) throw atField(new Invalid(M.overPayment), 'amount');
  if (method === 'credit' && applied !== amountCents) throw atField(new Invalid(M.creditMustApply), 'applications');
}

function invoiceJson(i: q.InvoiceRow): AccountInvoice {
  const total = Number(i.total_cents);
  const paid = Number(i.paid_cents);
  return {
    invoiceNum: i.invoice_num,
    orderNum: i.order_num,
    date: i.invoice_date,
    dueDate: i.due_date,
    total: dollars(total),
    paid: dollars(paid),
    open: i.status === 'open' ? dollars(total - paid) : 0,
    status: i.status,
    daysOverdue: i.status === 'open' ? daysOverdue(i.due_date, today()) : 0,
  };
}

import type { ReceiveReturnBody, RejectReturnBody } from '../../contract/admin/returns';
import { RETURN_MESSAGES as M, type RequestReturnAnswer, type RequestReturnBody, type ReturnStatus } from '../../contract/returns';
import { type Actor, recordAudit } from '../platform/audit/audit';
import { writeTransaction } from '../platform/db/database';
import type { DialectOps } from '../platform/db/dialect';
import { atField, Conflict, Invalid, NotFound } from '../platform/errors';
import { enqueueMail, queuedMail } from '../platform/mail/mailer';
import type { OutboxDispatcher } from '../platform/outbox/outbox';
import type { WebhookEvents } from '../staff';
import { issueCreditMemo, planCreditMemo } from '../money';
import {
  addOrderEvent,
  applyCountMoves,
  buyerName,
  type CountMoves,
  type Db,
  insertReturn,
  linesOfReturns,
  type LockedReturn,
  lockOrder,
  lockReturn,
  moveReturn,
  recordReceivedLines,
  returnableLines,
  returnApprovedMail,
  returnReceivedMail,
  returnRejectedMail,
} from '../orders';
import { recordSales, recordSalesLast } from '../reports';
import { enqueueBackorderMails } from './backorder-mail';
import { releaseUnits } from './backorders';
import { recordChange } from './change-record';
import { closeSettledOrders } from './closing';
import type { ReturnReader } from './returns-read';
import { markReleased } from './stock-link';

/**
 * Returns and credit memos (DESIGN.md §7; decision 0037). Each action is ONE write transaction
 * with its audit row, its timeline entry, its mail and webhooks (outbox). The return's row is
 * locked (PostgreSQL) and moved with a guarded UPDATE, so of two staff acting at once one wins and
 * the other gets 409; a request locks its order, so two requests cannot both return the last units.
 *
 * States: requested → approved → received; requested or approved → rejected; a requested return
 * may be received without approval (the parcel came first). Nothing leaves received or rejected.
 */
export class ReturnService {
  constructor(
    private readonly db: Db,
    private readonly ops: DialectOps,
    private readonly outbox: OutboxDispatcher,
    private readonly publicUrl: string,
    private readonly events: WebhookEvents,
    private readonly reader: ReturnReader,
  ) {}

  /** Another buyer's order (or none) is not found: checked before the body, so a wrong body does not tell that the order exists. */
  async assertOwnOrder(customerId: number, orderNum: number): Promise<void> {
    const order = await lockOrder(this.db, { orderNum }, false);
    if (!order || order.customer_id !== customerId) throw new NotFound(M.orderNotFound(orderNum));
  }

  /** The buyer asks to return shipped units of their own order (another buyer's: 404). */
  async request(customerId: number, orderNum: number, body: RequestReturnBody): Promise<RequestReturnAnswer> {
    const actor: Actor = { label: `customer:${customerId}`, display: 'Customer', ip: '' };
    const rmaNum = await writeTransaction(this.db, async (trx) => {
      const order = await lockOrder(trx, { orderNum }, this.ops.forUpdate);
      if (!order || order.customer_id !== customerId) throw new NotFound(M.orderNotFound(orderNum));
      if (order.shipped_qty === 0) throw new Invalid(M.nothingShipped);
      const lines = new Map((await returnableLines(trx, order.id)).map((l) => [l.line_no, l]));
      const seen = new Set<number>();
      body.lines.forEach((l, i) => {
        if (seen.has(l.lineNo)) throw atField(new Invalid(M.duplicateLine(l.lineNo)), `lines.${i}.lineNo`);
        seen.add(l.lineNo);
        const line = lines.get(l.lineNo);
        if (!line) throw atField(new Invalid(M.lineNotFound(l.lineNo)), `lines.${i}.lineNo`);
        const returnable = Math.max(0, line.qty_shipped - line.returned);
        if (l.qty > returnable) throw atField(new Invalid(M.moreThanReturnable(l.lineNo, returnable)), `lines.${i}.qty`);
      });
      actor.name = (await buyerName(trx, customerId)) || undefined;
      const made = await insertReturn(trx, { orderId: order.id, customerId, note: body.note, lines: body.lines });
      const units = body.lines.reduce((n, l) => n + l.qty, 0);
      await addOrderEvent(trx, order.id, actor, 'return_requested', `Return ${made.rmaNum} requested: ${units} ${units === 1 ? 'unit' : 'units'}`, true);
      await recordAudit(trx, actor, { action: 'return.request', target: `return:${made.rmaNum}`, summary: { orderNum, lines: body.lines.map((l) => [l.lineNo, l.qty]) } });
      await this.events.publish(trx, 'return.requested', `return ${made.rmaNum}`, () => this.reader.admin(made.rmaNum, trx));
      return made.rmaNum;
    });
    this.outbox.poke();
    return { rmaNum, status: 'requested' };
  }

  approve(actor: Actor, rmaNum: number) {
    return this.simple(actor, rmaNum, 'approve', ['requested'], async (trx, r) => {
      if (!(await moveReturn(trx, r.id, ['requested'], 'approved'))) throw new Conflict(M.changedMeanwhile);
      await addOrderEvent(trx, r.order_id, actor, 'return_approved', `Return ${rmaNum} approved`, true);
      if (r.email) await enqueueMail(trx, 'return-approved', returnApprovedMail(r.email, rmaNum, r.order_num, this.publicUrl));
    });
  }

  reject(actor: Actor, rmaNum: number, body: RejectReturnBody) {
    return this.simple(actor, rmaNum, 'reject', ['requested', 'approved'], async (trx, r) => {
      if (!(await moveReturn(trx, r.id, ['requested', 'approved'], 'rejected', { rejectReason: body.reason }))) throw new Conflict(M.changedMeanwhile);
      await addOrderEvent(trx, r.order_id, actor, 'return_rejected', `Return ${rmaNum} rejected: ${body.reason}`, true);
      if (r.email) await enqueueMail(trx, 'return-rejected', returnRejectedMail(r.email, rmaNum, r.order_num, body.reason, this.publicUrl));
    }, { reason: body.reason });
  }

  /**
   * The parcel arrived: what came back of each line goes back to stock (a movement `return` at
   * that warehouse, filling waiting backorders as any units made available do) or is scrapped
   * (nothing moves: it never was in stock again), and a credit memo credits every received unit
   * at its invoiced price, applied to the customer's oldest open invoices, the rest to credit on
   * account. Sales go down by what was credited, on the day of the receipt. All in one transaction.
   */
  async receive(actor: Actor, rmaNum: number, body: ReceiveReturnBody) {
    await writeTransaction(this.db, async (trx) => {
      const r = await this.locked(trx, rmaNum, 'receive', ['requested', 'approved']);
      const lines = await linesOfReturns(trx, [r.id]);
      const byLine = new Map(lines.map((l) => [l.line_no, { line: l, restocked: 0, scrapped: 0 }]));
      const seen = new Set<string>();
      body.lines.forEach((l, i) => {
        const entry = byLine.get(l.lineNo);
        if (!entry) throw atField(new Invalid(M.lineNotOnReturn(l.lineNo)), `lines.${i}.lineNo`);
        if (seen.has(`${l.lineNo}|${l.disposition}`)) throw atField(new Invalid(M.duplicateLine(l.lineNo)), `lines.${i}.lineNo`);
        seen.add(`${l.lineNo}|${l.disposition}`);
        if (l.disposition === 'restock') entry.restocked += l.qty;
        else entry.scrapped += l.qty;
        if (entry.restocked + entry.scrapped > entry.line.qty) throw atField(new Invalid(M.moreThanRequested(l.lineNo, entry.line.qty)), `lines.${i}.qty`);
      });
      if (!(await moveReturn(trx, r.id, ['requested', 'approved'], 'received', { warehouse: body.warehouse, creditShipping: body.creditShipping }))) throw new Conflict(M.changedMeanwhile);
      const received = [...byLine.values()].filter((e) => e.restocked + e.scrapped > 0);
      await recordReceivedLines(trx, r.id, received.map((e) => ({ lineNo: e.line.line_no, restocked: e.restocked, scrapped: e.scrapped })));
      const plan = await planCreditMemo(
        trx,
        r.order_id,
        received.map((e) => ({ lineNo: e.line.line_no, invNum: e.line.item_num, title: e.line.title, qty: e.restocked + e.scrapped, priceCents: Number(e.line.price_cents) })),
        body.creditShipping,
      );
      // Rows shared with checkout and cancels in their order (decision 0014): items here; the sales summaries, order_counts and the stock counter at the end.
      const changed: number[] = [];
      const counts: CountMoves = [];
      const restock = received.filter((e) => e.restocked > 0).map((e) => ({ itemNum: e.line.item_num, warehouse: body.warehouse, units: e.restocked }));
      const filled = await releaseUnits(trx, restock, { reason: 'return', ref: `return ${rmaNum}`, actor }, changed, counts);
      const now = new Date().toISOString();
      const memo = await issueCreditMemo(trx, this.ops.forUpdate, { returnId: r.id, orderId: r.order_id, customerId: r.customer_id, date: now.slice(0, 10) }, plan);
      const units = received.reduce((n, e) => n + e.restocked + e.scrapped, 0);
      const mailLines = received.map((e) => ({ invNum: e.line.item_num, title: e.line.title, restocked: e.restocked, scrapped: e.scrapped }));
      const applied = memo.applications.reduce((n, a) => n + a.cents, 0);
      const receipt = { rmaNum, orderNum: r.order_num, creditMemoNum: memo.creditMemoNum, totalCents: plan.totalCents, appliedCents: applied, toCreditCents: memo.toCreditCents };
      // The timeline, audit row and mail: one statement on PostgreSQL.
      await recordChange(trx, actor, {
        at: now,
        timeline: [{ orderId: r.order_id, kind: 'return_received', detail: `Return ${rmaNum} received: ${units} ${units === 1 ? 'unit' : 'units'}, credit memo ${memo.creditMemoNum}`, public: true }],
        audit: {
          action: 'return.receive',
          target: `return:${rmaNum}`,
          summary: {
            before: r.status,
            after: 'received',
            warehouse: body.warehouse,
            lines: received.map((e) => [e.line.line_no, e.restocked, e.scrapped]),
            creditMemoNum: memo.creditMemoNum,
            totalCents: plan.totalCents,
          },
        },
        mail: r.email ? queuedMail('return-received', returnReceivedMail(r.email, receipt, mailLines, this.publicUrl)) : null,
      });
      await enqueueBackorderMails(trx, filled, this.publicUrl);
      // A credit memo that paid an order's last invoice closes it (the closing rule, decision 0022);
      // its count moves wait with the fill's.
      await closeSettledOrders(trx, this.ops, this.events, actor, memo.applications.map((a) => a.orderId), counts);
      await this.events.publish(trx, 'return.received', `return ${rmaNum}`, () => this.reader.admin(rmaNum, trx));
      await this.events.publish(trx, 'credit_memo.issued', `credit memo ${memo.creditMemoNum}`, () => this.reader.creditMemo(memo.creditMemoNum, trx));
      // The rows every checkout, cancel and edit also takes, last and in their order: the sales
      // summaries (today's, which every receipt of the day takes), then order_counts (the fill's
      // moves, then the closing's), then the stock counter. Each is held from its statement to the
      // commit, so nothing else waits between them.
      const sale = {
        placedAt: now,
        customerId: r.customer_id,
        state: shipState(r),
        orders: 0,
        discountCents: -plan.discountCents,
        lines: plan.lines.map((l) => ({ itemNum: l.item_num, units: -l.qty, merchCents: -l.extended_cents, lines: 0 })),
      };
      if (counts.length > 0) {
        await recordSales(trx, sale);
        await applyCountMoves(trx, counts);
      } else {
        // Nothing moves order_counts: on PostgreSQL today's rows are written in the last statement, with the stock counter.
        await recordSalesLast(trx, sale);
      }
      // Last: the stock counter row every checkout takes is held for this statement and the commit only.
      await markReleased(trx, changed);
    });
    this.outbox.poke();
    return this.reader.admin(rmaNum);
  }

  private async locked(trx: Db, rmaNum: number, action: string, from: readonly ReturnStatus[]): Promise<LockedReturn> {
    const r = await lockReturn(trx, rmaNum, this.ops.forUpdate);
    if (!r) throw new NotFound(M.returnNotFound(rmaNum));
    if (!from.includes(r.status)) throw new Conflict(M.notAllowed(action, r.status));
    return r;
  }

  private async simple(actor: Actor, rmaNum: number, action: 'approve' | 'reject', from: readonly ReturnStatus[], work: (trx: Db, r: LockedReturn) => Promise<void>, more: Record<string, unknown> = {}) {
    await writeTransaction(this.db, async (trx) => {
      const r = await this.locked(trx, rmaNum, action, from);
      await work(trx, r);
      await recordAudit(trx, actor, { action: `return.${action}`, target: `return:${rmaNum}`, summary: { before: r.status, after: action === 'approve' ? 'approved' : 'rejected', ...more } });
    });
    this.outbox.poke();
    return this.reader.admin(rmaNum);
  }
}

function shipState(r: Pick<LockedReturn, 'ship_to_json'>): string {
  try {
    return String((JSON.parse(r.ship_to_json) as { state?: unknown }).state ?? '');
  } catch {
    return '';
  }
}

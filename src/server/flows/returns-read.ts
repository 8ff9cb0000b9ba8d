import { dollars } from '../../contract/cart';
import type { AdminReturn, AdminReturnsPage, AdminReturnsQuery, ReturnAction } from '../../contract/admin/returns';
import { type BuyerReturn, type CreditMemo, type CreditMemoSummary, RETURN_MESSAGES as M, RETURNS, type ReturnLine, returnPhotoUrl, type ReturnStatus } from '../../contract/returns';
import { NotFound } from '../platform/errors';
import { billToLines, creditableShipping, creditMemoByNum, creditMemoParts, type CreditMemoRow, creditMemosOfCustomer, creditMemosOfReturns, renderCreditMemo } from '../money';
import { type Db, linesOfReturns, photosOfReturns, type ReturnLineRow, type ReturnListRow, returnNumbers, returnRow, returnsOfCustomer, returnsPage, renderReturnSlip } from '../orders';

/**
 * Returns as the buyer and the back office read them (DESIGN.md §7; decision 0037): a return with
 * its lines (orders/) and its credit memo (money/), composed here from what each owner exports.
 */

const ACTIONS: Record<ReturnStatus, ReturnAction[]> = { requested: ['approve', 'reject', 'receive'], approved: ['reject', 'receive'], received: [], rejected: [] };

const lineJson = (l: ReturnLineRow): ReturnLine => ({
  lineNo: l.line_no,
  invNum: l.item_num,
  title: l.title,
  qty: l.qty,
  reason: l.reason,
  received: l.restocked + l.scrapped,
  restocked: l.restocked,
  scrapped: l.scrapped,
});

function memoSummary(m: CreditMemoRow, rmaNum: number, orderNum: number): CreditMemoSummary {
  return { creditMemoNum: m.credit_memo_num, rmaNum, orderNum, date: m.memo_date, total: dollars(Number(m.total_cents)) };
}

export class ReturnReader {
  constructor(private readonly db: Db) {}

  async list(query: AdminReturnsQuery): Promise<AdminReturnsPage> {
    const { rows, total } = await returnsPage(this.db, query);
    const memos = new Map((await creditMemosOfReturns(this.db, rows.map((r) => r.id))).map((m) => [m.return_id, m]));
    return {
      items: rows.map((r) => listEntry(r, memos.get(r.id))),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  /** One return as the back office sees it (in `db`, a transaction, for webhooks written with the change). */
  async admin(rmaNum: number, db: Db = this.db): Promise<AdminReturn> {
    const r = await returnRow(db, rmaNum);
    if (!r) throw new NotFound(M.returnNotFound(rmaNum));
    const [lines, memos, photos] = await Promise.all([linesOfReturns(db, [r.id]), creditMemosOfReturns(db, [r.id]), photosOfReturns(db, [r.id])]);
    const memo = memos[0];
    // The shipping a receipt could credit, asked only before there is a credit memo (after, the memo says what it credited).
    const shipping = memo ? Number(memo.shipping_cents) : await creditableShipping(db, r.order_id);
    return {
      ...listEntry(r, memo),
      note: r.note,
      rejectReason: r.reject_reason,
      approvedAt: r.approved_at,
      rejectedAt: r.rejected_at,
      receivedAt: r.received_at,
      warehouse: r.warehouse,
      orderShipping: dollars(shipping),
      lines: lines.map((l) => ({ ...lineJson(l), price: dollars(Number(l.price_cents)) })),
      creditMemo: memo ? await this.memoJson(db, memo, r.rma_num, r.order_num) : null,
      photos: photos.map((p) => ({ photoId: p.id, url: returnPhotoUrl('admin', r.rma_num, p.id) })),
      actions: ACTIONS[r.status],
    };
  }

  /** The buyer's returns, newest first, each with its lines and credit memo. */
  async buyerReturns(customerId: number): Promise<BuyerReturn[]> {
    const rows = await returnsOfCustomer(this.db, customerId, RETURNS.buyerListMax);
    const ids = rows.map((r) => r.id);
    const [lines, memos, photos] = await Promise.all([linesOfReturns(this.db, ids), creditMemosOfReturns(this.db, ids), photosOfReturns(this.db, ids)]);
    const memoOf = new Map(memos.map((m) => [m.return_id, m]));
    return rows.map((r) => {
      const memo = memoOf.get(r.id);
      return {
        rmaNum: r.rma_num,
        orderNum: r.order_num,
        status: r.status,
        createdAt: r.created_at,
        updatedAt: r.updated_at,
        note: r.note,
        rejectReason: r.reject_reason,
        lines: lines.filter((l) => l.return_id === r.id).map(lineJson),
        creditMemo: memo ? memoSummary(memo, r.rma_num, r.order_num) : null,
        photos: photos.filter((p) => p.return_id === r.id).map((p) => ({ photoId: p.id, url: returnPhotoUrl('shop', r.rma_num, p.id) })),
      };
    });
  }

  /** The buyer's credit memos, newest first. */
  async buyerCreditMemos(customerId: number): Promise<CreditMemoSummary[]> {
    const memos = await creditMemosOfCustomer(this.db, customerId, RETURNS.buyerListMax);
    const nums = new Map((await returnNumbers(this.db, memos.map((m) => m.return_id))).map((r) => [r.id, r]));
    return memos.map((m) => memoSummary(m, nums.get(m.return_id)?.rma_num ?? 0, nums.get(m.return_id)?.order_num ?? 0));
  }

  /** One credit memo (the webhook's `data`). */
  async creditMemo(creditMemoNum: number, db: Db = this.db): Promise<CreditMemo> {
    const found = await creditMemoByNum(db, creditMemoNum);
    if (!found) throw new NotFound(M.creditMemoNotFound(creditMemoNum));
    const nums = (await returnNumbers(db, [found.memo.return_id]))[0];
    return this.memoJson(db, found.memo, nums?.rma_num ?? 0, nums?.order_num ?? 0);
  }

  /** The credit memo as a PDF; with `customerId`, only that customer's (another's is not found). */
  async creditMemoPdf(creditMemoNum: number, customerId?: number): Promise<Buffer> {
    const found = await creditMemoByNum(this.db, creditMemoNum);
    if (!found || (customerId !== undefined && found.memo.customer_id !== customerId)) throw new NotFound(M.creditMemoNotFound(creditMemoNum));
    const nums = (await returnNumbers(this.db, [found.memo.return_id]))[0];
    const m = found.memo;
    const applications = found.applications.map((a) => ({ invoiceNum: a.invoice_num, cents: Number(a.amount_cents) }));
    return renderCreditMemo({
      creditMemoNum: m.credit_memo_num,
      rmaNum: nums?.rma_num ?? 0,
      orderNum: nums?.order_num ?? 0,
      date: m.memo_date,
      billTo: await billToLines(this.db, m.customer_id),
      lines: found.lines.map((l) => ({ invNum: l.item_num, title: l.title, qty: l.qty, priceCents: Number(l.price_cents), extendedCents: Number(l.extended_cents), taxCents: Number(l.tax_cents) })),
      subtotalCents: Number(m.subtotal_cents),
      discountCents: Number(m.discount_cents),
      taxCents: Number(m.tax_cents),
      // The order's rate (not today's) names the tax line, or its exemption.
      tax: { basis: m.tax_basis, ratePpm: m.tax_rate_ppm === null ? null : Number(m.tax_rate_ppm) },
      shippingCents: Number(m.shipping_cents),
      totalCents: Number(m.total_cents),
      applications,
      toCreditCents: Number(m.total_cents) - applications.reduce((n, a) => n + a.cents, 0),
    });
  }

  async slipPdf(rmaNum: number): Promise<Buffer> {
    const r = await returnRow(this.db, rmaNum);
    if (!r) throw new NotFound(M.returnNotFound(rmaNum));
    const lines = await linesOfReturns(this.db, [r.id]);
    return renderReturnSlip({
      rmaNum: r.rma_num,
      orderNum: r.order_num,
      status: r.status,
      requestedAt: r.created_at,
      orgName: r.org_name,
      email: r.email,
      note: r.note,
      lines: lines.map((l) => ({ lineNo: l.line_no, invNum: l.item_num, title: l.title, qty: l.qty, reason: l.reason })),
    });
  }

  private async memoJson(db: Db, m: CreditMemoRow, rmaNum: number, orderNum: number): Promise<CreditMemo> {
    const { lines, applications } = await creditMemoParts(db, m.id);
    const applied = applications.reduce((n, a) => n + Number(a.amount_cents), 0);
    return {
      ...memoSummary(m, rmaNum, orderNum),
      lines: lines.map((l) => ({ lineNo: l.line_no, invNum: l.item_num, title: l.title, qty: l.qty, price: dollars(Number(l.price_cents)), extended: dollars(Number(l.extended_cents)), tax: dollars(Number(l.tax_cents)) })),
      subtotal: dollars(Number(m.subtotal_cents)),
      discount: dollars(Number(m.discount_cents)),
      tax: dollars(Number(m.tax_cents)),
      shipping: dollars(Number(m.shipping_cents)),
      applications: applications.map((a) => ({ invoiceNum: a.invoice_num, amount: dollars(Number(a.amount_cents)) })),
      toCredit: dollars(Number(m.total_cents) - applied),
    };
  }
}

type Memo = Awaited<ReturnType<typeof creditMemosOfReturns>>[number];

/** A return as the list shows it; the detail adds to it. */
function listEntry(r: ReturnListRow, memo: Memo | undefined): AdminReturnsPage['items'][number] {
  return {
    rmaNum: r.rma_num,
    orderNum: r.order_num,
    status: r.status,
    customer: { id: r.customer_id, orgName: r.org_name, email: r.email },
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    lineCount: Number(r.line_count ?? 0),
    units: Number(r.units ?? 0),
    creditMemoNum: memo?.credit_memo_num ?? null,
    creditTotal: memo ? dollars(Number(memo.total_cents)) : null,
  };
}

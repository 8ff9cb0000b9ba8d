import { describe, expect, it } from 'vitest';
import { adminCall, type StaffSessionForTest } from '../test-support/admin';
import { withShop } from '../test-support/shop';
import { signUpCustomer, type TestCustomer } from '../orders/testing';
import { pdfText } from '../platform/pdf/pdf-text';
import { mailsTo } from '../platform/mail/mail-folder';
import { readSummaries, recountSummaries } from '../reports/testing';
import { buyerCall, placeOrder, setStock, stockOf } from './lifecycle-test-helpers';

/**
 * Returns and credit memos (DESIGN.md §7; decision 0037) through the real API on a real database:
 * the buyer asks, staff approve, reject or receive; receiving restocks, raises the credit memo,
 * applies it to the oldest open invoices and lowers sales, in one transaction. Every refusal
 * changes nothing.
 */

const { t, staff } = withShop({ catalogue: true, staff: { owner: 'demo owner', desk: ['orders'], warehouse: ['warehouse'], accounts: ['accounts'] } });
const db = () => t.ctx.database.db;
const admin = (s: StaffSessionForTest, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) => adminCall(t, s, { method, url, ...(payload ? { payload } : {}) });
const cents = (dollars: number) => Math.round(dollars * 100);

/** A buyer's order, accepted and shipped in full from West: the buyer, the order number and its invoice. */
async function shippedOrder(lines: [string, number][], c?: TestCustomer) {
  const { buyer, order } = await placeOrder(t, lines, [], c);
  expect((await admin(staff.owner, 'POST', `/Orders/${order.orderNum}/Accept`)).status).toBe(200);
  const shipped = await admin(staff.owner, 'POST', `/Orders/${order.orderNum}/Ship`, { warehouse: 'west', carrier: 'ups', trackingNumber: '1Z1' });
  expect(shipped.status).toBe(201);
  return { buyer, orderNum: order.orderNum as number, invoiceNum: shipped.body.invoiceNum as number };
}

const requestReturn = (c: TestCustomer, orderNum: number, body: object) => buyerCall(t, c, 'POST', `/Shop/RequestReturn/${orderNum}`, body);
const invoiceRow = (num: number) => db().selectFrom('invoices').select(['status', 'paid_cents', 'total_cents', 'order_id']).where('invoice_num', '=', num).executeTakeFirstOrThrow();
const count = async (table: 'returns' | 'return_lines' | 'credit_memos' | 'credit_memo_applications' | 'stock_movements' | 'audit_log') =>
  Number((await db().selectFrom(table).select(db().fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
const snapshot = async () => ({
  returns: await db().selectFrom('returns').selectAll().orderBy('id').execute(),
  lines: await db().selectFrom('return_lines').selectAll().orderBy('return_id').orderBy('line_no').execute(),
  memos: await count('credit_memos'),
  applications: await count('credit_memo_applications'),
  movements: await count('stock_movements'),
  invoices: await db().selectFrom('invoices').select(['invoice_num', 'paid_cents', 'status']).orderBy('invoice_num').execute(),
});

describe('a return from request to credit memo', () => {
  it('the buyer asks, staff approve and receive: stock back, credit memo at invoiced prices applied to the open invoice, mails and PDFs', async () => {
    await setStock(t, '11002', 40, 0);
    await setStock(t, '12001', 40, 0);
    const { buyer, orderNum, invoiceNum } = await shippedOrder([['11002', 10], ['12001', 4]]);
    const before = await stockOf(t, '11002');
    const order = (await buyerCall(t, buyer, 'GET', `/Shop/GetOrder/${orderNum}`)).body;
    const priceOf = (lineNo: number) => cents(order.lines[lineNo - 1].price);

    const asked = await requestReturn(buyer, orderNum, { lines: [{ lineNo: 1, qty: 3, reason: 'damaged' }, { lineNo: 2, qty: 1, reason: 'not_needed' }], note: 'Two popped in the box' });
    expect(asked.status).toBe(201);
    const rmaNum = asked.body.rmaNum as number;
    expect(asked.body).toEqual({ rmaNum, status: 'requested' });

    const mine = (await buyerCall(t, buyer, 'GET', '/Shop/GetReturns')).body;
    expect(mine[0]).toMatchObject({ rmaNum, orderNum, status: 'requested', note: 'Two popped in the box', creditMemo: null });
    expect(mine[0].lines).toEqual([
      { lineNo: 1, invNum: '11002', title: '11" Royal Blue Latex', qty: 3, reason: 'damaged', received: 0, restocked: 0, scrapped: 0 },
      expect.objectContaining({ lineNo: 2, invNum: '12001', qty: 1, reason: 'not_needed', received: 0 }),
    ]);

    const list = await admin(staff.desk, 'GET', '/Returns?status=requested');
    expect(list.status).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    expect(list.body.items.find((r: { rmaNum: number }) => r.rmaNum === rmaNum)).toMatchObject({ orderNum, status: 'requested', lineCount: 2, units: 4, creditMemoNum: null, customer: { email: buyer.email } });
    // The order page asks for its own returns: one order's, and another order's list is empty.
    expect((await admin(staff.desk, 'GET', `/Returns?orderNum=${orderNum}`)).body).toMatchObject({ total: 1, items: [{ rmaNum, orderNum }] });
    expect((await admin(staff.desk, 'GET', `/Returns?orderNum=${orderNum + 100000}`)).body).toMatchObject({ total: 0, items: [] });
    const detail = await admin(staff.desk, 'GET', `/Returns/${rmaNum}`);
    expect(detail.body).toMatchObject({ status: 'requested', actions: ['approve', 'reject', 'receive'], creditMemo: null });
    expect(detail.body.lines[0].price).toBe(order.lines[0].price);

    const approved = await admin(staff.desk, 'POST', `/Returns/${rmaNum}/Approve`);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: 'approved', actions: ['reject', 'receive'] });
    expect(approved.body.approvedAt).toEqual(expect.any(String));

    const slip = await admin(staff.desk, 'GET', `/Returns/${rmaNum}/Slip.pdf`);
    expect(slip.status).toBe(200);
    expect(slip.headers['content-type']).toBe('application/pdf');
    const slipText = (await pdfText(slip.body as Buffer)).text;
    // The barcode (Code 128 of "RMA<number>") is drawn as an image.
    expect((slip.body as Buffer).toString('latin1')).toMatch(/\/Subtype \/Image/);
    for (const s of ['RETURN SLIP', String(rmaNum), String(orderNum), '11002', '12001', 'Arrived damaged', 'Units to return: 4']) expect(slipText).toContain(s);

    const invoiceBefore = await invoiceRow(invoiceNum);
    const received = await admin(staff.desk, 'POST', `/Returns/${rmaNum}/Receive`, {
      warehouse: 'west',
      lines: [{ lineNo: 1, qty: 2, disposition: 'restock' }, { lineNo: 1, qty: 1, disposition: 'scrap' }, { lineNo: 2, qty: 1, disposition: 'restock' }],
    });
    expect(received.status).toBe(200);
    const credit = 3 * priceOf(1) + priceOf(2);
    const memo = received.body.creditMemo;
    expect(received.body).toMatchObject({ status: 'received', warehouse: 'west', actions: [], creditTotal: credit / 100 });
    expect(received.body.lines[0]).toMatchObject({ qty: 3, received: 3, restocked: 2, scrapped: 1 });
    expect(memo).toMatchObject({ rmaNum, orderNum, subtotal: credit / 100, discount: 0, tax: 0, shipping: 0, total: credit / 100, toCredit: 0 });
    expect(memo.lines).toEqual([
      { lineNo: 1, invNum: '11002', title: '11" Royal Blue Latex', qty: 3, price: priceOf(1) / 100, extended: (3 * priceOf(1)) / 100, tax: 0 },
      expect.objectContaining({ lineNo: 2, invNum: '12001', qty: 1, price: priceOf(2) / 100 }),
    ]);
    expect(memo.applications).toEqual([{ invoiceNum, amount: credit / 100 }]);

    // Two of 11002 back on the shelf at West (the scrapped one is not), a movement `return` for each item.
    expect(await stockOf(t, '11002')).toEqual({ west: before.west + 2, east: before.east });
    const movements = (await admin(staff.owner, 'GET', '/Stock/11002/Movements')).body as { reason: string; delta: number; ref: string; warehouse: string }[];
    expect(movements[0]).toMatchObject({ reason: 'return', delta: 2, ref: `return ${rmaNum}`, warehouse: 'west' });
    // The credit paid part of the shipment's invoice.
    expect(Number((await invoiceRow(invoiceNum)).paid_cents)).toBe(Number(invoiceBefore.paid_cents) + credit);

    const summaries = (await buyerCall(t, buyer, 'GET', '/Shop/GetReturns')).body;
    expect(summaries[0].creditMemo).toMatchObject({ creditMemoNum: memo.creditMemoNum, rmaNum, orderNum, total: credit / 100 });
    expect((await buyerCall(t, buyer, 'GET', '/Shop/GetCreditMemos')).body).toEqual([expect.objectContaining({ creditMemoNum: memo.creditMemoNum, total: credit / 100 })]);

    const pdf = await admin(staff.accounts, 'GET', `/CreditMemos/${memo.creditMemoNum}.pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-disposition']).toBe(`inline; filename="credit-memo-${memo.creditMemoNum}.pdf"`);
    const text = (await pdfText(pdf.body as Buffer)).text;
    const usd = (c: number) => `$${(c / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
    for (const s of ['CREDIT MEMO', String(memo.creditMemoNum), String(rmaNum), String(orderNum), '11002', '12001', usd(credit), `Applied to invoice ${invoiceNum}`]) expect(text).toContain(s);
    const own = await t.app.inject({ method: 'GET', url: `/beapi/Shop/GetCreditMemo/${memo.creditMemoNum}`, headers: buyer.headers });
    expect(own.statusCode).toBe(200);
    expect((await pdfText(own.rawPayload)).text).toContain(usd(credit));
    const other = await signUpCustomer(t.app);
    expect((await t.app.inject({ method: 'GET', url: `/beapi/Shop/GetCreditMemo/${memo.creditMemoNum}`, headers: other.headers })).statusCode).toBe(404);
    expect((await buyerCall(t, other, 'GET', '/Shop/GetReturns')).body).toEqual([]);

    await t.ctx.outbox.drain();
    const subjects = mailsTo(t.dataDir, buyer.email).map((m) => m.subject);
    expect(subjects).toContain(`Return ${rmaNum} approved`);
    expect(subjects).toContain(`Return ${rmaNum} received: credit memo ${memo.creditMemoNum}`);
    const mail = mailsTo(t.dataDir, buyer.email).find((m) => m.subject.startsWith(`Return ${rmaNum} received`))!;
    expect(mail.text).toContain(`Applied to your open invoices: ${usd(credit)}`);

    // The order's timeline tells the buyer; the audit log has each step.
    const kinds = (await buyerCall(t, buyer, 'GET', `/Shop/GetOrder/${orderNum}`)).body.events.map((e: { kind: string }) => e.kind);
    expect(kinds).toEqual(expect.arrayContaining(['return_requested', 'return_approved', 'return_received']));
    const audit = await db().selectFrom('audit_log').select('action').where('target', '=', `return:${rmaNum}`).orderBy('id').execute();
    expect(audit.map((a) => a.action)).toEqual(['return.request', 'return.approve', 'return.receive']);
  });

  it('returned units on the shelf go to a waiting backorder in the same transaction', async () => {
    await setStock(t, '30003', 5, 0);
    const { buyer, orderNum } = await shippedOrder([['30003', 5]]);
    const { buyer: waiting, order } = await placeOrder(t, [['30003', 2]]);
    expect(order.lines[0]).toMatchObject({ backordered: 2 });
    const rma = (await requestReturn(buyer, orderNum, { lines: [{ lineNo: 1, qty: 2, reason: 'not_needed' }] })).body.rmaNum;
    expect((await admin(staff.desk, 'POST', `/Returns/${rma}/Receive`, { warehouse: 'west', lines: [{ lineNo: 1, qty: 2, disposition: 'restock' }] })).status).toBe(200);
    const after = (await buyerCall(t, waiting, 'GET', `/Shop/GetOrder/${order.orderNum}`)).body;
    expect(after.lines[0]).toMatchObject({ backordered: 0 });
    expect(await stockOf(t, '30003')).toEqual({ west: 0, east: 0 });
    await t.ctx.outbox.drain();
    expect(mailsTo(t.dataDir, waiting.email).map((m) => m.subject)).toContain(`Order ${order.orderNum}: backordered items allocated`);
  });
});

describe('what a buyer may ask back', () => {
  it('at most shipped less what is already asked back or received; rejected returns count nothing; every refusal changes nothing', async () => {
    await setStock(t, '11002', 40, 0);
    const { buyer, orderNum } = await shippedOrder([['11002', 4]]);
    const other = await signUpCustomer(t.app);
    const { order: unshipped } = await placeOrder(t, [['11002', 1]], [], buyer);
    const before = await snapshot();
    const bad: [TestCustomer, number, object, number, RegExp][] = [
      [buyer, orderNum, { lines: [{ lineNo: 1, qty: 5, reason: 'damaged' }] }, 400, /only 4 that can be returned/],
      [buyer, orderNum, { lines: [{ lineNo: 9, qty: 1, reason: 'damaged' }] }, 400, /Line 9 is not on this order/],
      [buyer, orderNum, { lines: [{ lineNo: 1, qty: 1, reason: 'damaged' }, { lineNo: 1, qty: 1, reason: 'other' }] }, 400, /listed twice/],
      [buyer, orderNum, { lines: [{ lineNo: 1, qty: 0, reason: 'damaged' }] }, 400, /./],
      [buyer, orderNum, { lines: [{ lineNo: 1, qty: 1, reason: 'broken' }] }, 400, /./],
      [buyer, orderNum, { lines: [] }, 400, /./],
      [other, orderNum, { lines: [{ lineNo: 1, qty: 1, reason: 'damaged' }] }, 404, new RegExp(`Order ${orderNum} not found`)],
      [buyer, 99_999_999, { lines: [{ lineNo: 1, qty: 1, reason: 'damaged' }] }, 404, /not found/],
      [buyer, unshipped.orderNum, { lines: [{ lineNo: 1, qty: 1, reason: 'damaged' }] }, 400, /Nothing on this order has shipped/],
    ];
    for (const [who, n, body, status, detail] of bad) {
      const res = await requestReturn(who, n, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.detail).toMatch(detail);
    }
    expect(await snapshot()).toEqual(before);
    expect((await t.app.inject({ method: 'POST', url: `/beapi/Shop/RequestReturn/${orderNum}`, payload: { lines: [{ lineNo: 1, qty: 1, reason: 'damaged' }] } })).statusCode).toBe(401);

    const first = (await requestReturn(buyer, orderNum, { lines: [{ lineNo: 1, qty: 3, reason: 'damaged' }] })).body.rmaNum;
    const tooMany = await requestReturn(buyer, orderNum, { lines: [{ lineNo: 1, qty: 2, reason: 'damaged' }] });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.detail).toBe('Line 1 has only 1 that can be returned');
    // Rejected: its units can be asked back again.
    const rejected = await admin(staff.desk, 'POST', `/Returns/${first}/Reject`, { reason: 'Not our fault' });
    expect(rejected.body).toMatchObject({ status: 'rejected', rejectReason: 'Not our fault', actions: [] });
    expect((await requestReturn(buyer, orderNum, { lines: [{ lineNo: 1, qty: 4, reason: 'wrong_item' }] })).status).toBe(201);
    await t.ctx.outbox.drain();
    expect(mailsTo(t.dataDir, buyer.email).find((m) => m.subject === `Return ${first} not accepted`)!.text).toContain('Reason: Not our fault');
  });
});

describe('what staff may do to a return', () => {
  it('receiving twice, after a reject, more than asked or a line not on it is refused and changes nothing', async () => {
    await setStock(t, '11002', 40, 0);
    const { buyer, orderNum } = await shippedOrder([['11002', 6]]);
    const rma = (await requestReturn(buyer, orderNum, { lines: [{ lineNo: 1, qty: 3, reason: 'damaged' }] })).body.rmaNum;
    const receive = (lines: object[], s = staff.desk) => admin(s, 'POST', `/Returns/${rma}/Receive`, { warehouse: 'west', lines });
    const before = await snapshot();
    const stock = await stockOf(t, '11002');
    const refusals: [Promise<{ status: number; body: any }>, number, RegExp][] = [
      [receive([{ lineNo: 1, qty: 4, disposition: 'restock' }]), 400, /Line 1 was returned for 3 only/],
      [receive([{ lineNo: 1, qty: 2, disposition: 'restock' }, { lineNo: 1, qty: 2, disposition: 'scrap' }]), 400, /Line 1 was returned for 3 only/],
      [receive([{ lineNo: 2, qty: 1, disposition: 'restock' }]), 400, /Line 2 is not on this return/],
      [receive([{ lineNo: 1, qty: 1, disposition: 'restock' }, { lineNo: 1, qty: 1, disposition: 'restock' }]), 400, /listed twice/],
      [receive([{ lineNo: 1, qty: 1, disposition: 'burn' }]), 400, /./],
      [receive([{ lineNo: 1, qty: 1, disposition: 'restock' }], staff.warehouse), 403, /./],
      [admin(staff.desk, 'POST', '/Returns/99999999/Receive', { warehouse: 'west', lines: [{ lineNo: 1, qty: 1, disposition: 'restock' }] }), 404, /Return 99999999 not found/],
    ];
    for (const [call, status, detail] of refusals) {
      const res = await call;
      expect(res.status).toBe(status);
      expect(res.body.detail).toMatch(detail);
    }
    expect(await snapshot()).toEqual(before);
    expect(await stockOf(t, '11002')).toEqual(stock);

    expect((await receive([{ lineNo: 1, qty: 3, disposition: 'restock' }])).status).toBe(200);
    const once = await snapshot();
    const again = await receive([{ lineNo: 1, qty: 1, disposition: 'restock' }]);
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe('Cannot receive a return that is received');
    expect((await admin(staff.desk, 'POST', `/Returns/${rma}/Approve`)).status).toBe(409);
    expect((await admin(staff.desk, 'POST', `/Returns/${rma}/Reject`, { reason: 'Late' })).status).toBe(409);
    expect(await snapshot()).toEqual(once);
    expect(await stockOf(t, '11002')).toEqual({ west: stock.west + 3, east: stock.east });

    // Rejected, then received: 409.
    const second = (await requestReturn(buyer, orderNum, { lines: [{ lineNo: 1, qty: 1, reason: 'other' }] })).body.rmaNum;
    expect((await admin(staff.desk, 'POST', `/Returns/${second}/Reject`, { reason: 'No' })).status).toBe(200);
    const afterReject = await snapshot();
    const late = await admin(staff.desk, 'POST', `/Returns/${second}/Receive`, { warehouse: 'west', lines: [{ lineNo: 1, qty: 1, disposition: 'restock' }] });
    expect(late.status).toBe(409);
    expect(late.body.detail).toBe('Cannot receive a return that is rejected');
    expect((await admin(staff.desk, 'POST', `/Returns/${second}/Reject`, { reason: '' })).status).toBe(400);
    expect(await snapshot()).toEqual(afterReject);
  });

  it('two Receive calls at once: one credit memo, stock back once', async () => {
    await setStock(t, '12001', 40, 0);
    const { buyer, orderNum } = await shippedOrder([['12001', 5]]);
    const rma = (await requestReturn(buyer, orderNum, { lines: [{ lineNo: 1, qty: 5, reason: 'wrong_item' }] })).body.rmaNum;
    const stock = await stockOf(t, '12001');
    const memos = await count('credit_memos');
    const body = { warehouse: 'west', lines: [{ lineNo: 1, qty: 5, disposition: 'restock' }] };
    const results = await Promise.all([admin(staff.desk, 'POST', `/Returns/${rma}/Receive`, body), admin(staff.owner, 'POST', `/Returns/${rma}/Receive`, body)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await count('credit_memos')).toBe(memos + 1);
    expect(await stockOf(t, '12001')).toEqual({ west: stock.west + 5, east: stock.east });
  });
});

describe('credit memos and the account', () => {
  it('pays the oldest open invoice first (closing its order), the rest is credit on account; balance, statement and sales show it', async () => {
    await setStock(t, '11002', 40, 0);
    await setStock(t, '12001', 40, 0);
    const buyer = await signUpCustomer(t.app, 'CA');
    const a = await shippedOrder([['11002', 2]], buyer);
    const b = await shippedOrder([['12001', 10]], buyer);
    const invA = await invoiceRow(a.invoiceNum);
    const invB = await invoiceRow(b.invoiceNum);
    const { id: customerId } = await db().selectFrom('customers').select('id').where('email', '=', buyer.email).executeTakeFirstOrThrow();
    // Invoice B is paid; A stays open.
    expect((await admin(staff.accounts, 'POST', '/Payments', { customerId, amount: Number(invB.total_cents) / 100, method: 'cheque', reference: '77', applications: [{ invoiceNum: b.invoiceNum, amount: Number(invB.total_cents) / 100 }] })).status).toBe(201);
    const today = new Date().toISOString().slice(0, 10);
    const salesBefore = (await admin(staff.owner, 'GET', `/Reports/sales?from=${today}&to=${today}`)).body.rows[0];

    const rma = (await requestReturn(buyer, b.orderNum, { lines: [{ lineNo: 1, qty: 10, reason: 'not_needed' }] })).body.rmaNum;
    const detail = (await admin(staff.desk, 'GET', `/Returns/${rma}`)).body;
    const shippingCents = Number(invB.total_cents) - 10 * cents(detail.lines[0].price);
    expect(cents(detail.orderShipping)).toBe(shippingCents);
    const received = await admin(staff.desk, 'POST', `/Returns/${rma}/Receive`, { warehouse: 'west', lines: [{ lineNo: 1, qty: 10, disposition: 'scrap' }], creditShipping: true });
    expect(received.status).toBe(200);
    const memo = received.body.creditMemo;
    // The whole of invoice B comes back: its merchandise and, ticked, its shipping.
    expect(cents(memo.total)).toBe(Number(invB.total_cents));
    expect(cents(memo.shipping)).toBe(shippingCents);
    const onAccount = Number(invB.total_cents) - Number(invA.total_cents);
    expect(memo.applications).toEqual([{ invoiceNum: a.invoiceNum, amount: Number(invA.total_cents) / 100 }]);
    expect(cents(memo.toCredit)).toBe(onAccount);
    // Scrapped: nothing goes back to stock.
    expect(await stockOf(t, '12001')).toEqual({ west: 40 - 10, east: 0 });

    expect(await invoiceRow(a.invoiceNum)).toMatchObject({ status: 'paid' });
    expect((await buyerCall(t, buyer, 'GET', `/Shop/GetOrder/${a.orderNum}`)).body.statusCode).toBe('closed');
    const summary = (await buyerCall(t, buyer, 'GET', '/Shop/GetCreditSummary')).body;
    expect(cents(summary.creditOnAccount)).toBe(onAccount);
    expect(cents(summary.invoicedDue)).toBe(-onAccount);
    expect(summary.openInvoices).toEqual([]);

    const statement = await t.app.inject({ method: 'GET', url: '/beapi/Shop/GetStatement', headers: buyer.headers });
    const text = (await pdfText(statement.rawPayload)).text;
    expect(text).toContain('Credit memos (returns)');
    expect(text).toContain(String(memo.creditMemoNum));

    // Sales today are lower by what was credited, and the kept summaries match a recount.
    const salesAfter = (await admin(staff.owner, 'GET', `/Reports/sales?from=${today}&to=${today}`)).body.rows[0];
    expect(salesAfter.units).toBe(salesBefore.units - 10);
    expect(cents(salesAfter.sales)).toBe(cents(salesBefore.sales) - cents(memo.subtotal));
    expect(cents(salesAfter.net)).toBeLessThan(cents(salesBefore.net));
    expect(await readSummaries(db())).toEqual(await recountSummaries(db()));
  });
});

describe('a credit memo larger than many open invoices', () => {
  it('pays them all, oldest first, past the batch it reads at a time, and the rest is credit on account', async () => {
    await setStock(t, '11002', 60, 0);
    await setStock(t, '12001', 60, 0);
    const buyer = await signUpCustomer(t.app, 'CA');
    const small = [];
    for (let i = 0; i < 10; i++) small.push(await shippedOrder([['11002', 1]], buyer));
    const big = await shippedOrder([['12001', 40]], buyer);
    const open = await Promise.all([...small.map((o) => o.invoiceNum), big.invoiceNum].map(async (n) => ({ n, ...(await invoiceRow(n)) })));
    const rma = (await requestReturn(buyer, big.orderNum, { lines: [{ lineNo: 1, qty: 40, reason: 'not_needed' }] })).body.rmaNum;
    const received = await admin(staff.desk, 'POST', `/Returns/${rma}/Receive`, { warehouse: 'west', lines: [{ lineNo: 1, qty: 40, disposition: 'restock' }] });
    expect(received.status).toBe(200);
    const memo = received.body.creditMemo;
    // Oldest due first (all due the same day: by number), each paid in full, its own invoice too, until the memo runs out.
    let left = cents(memo.total);
    const expected = [];
    for (const inv of open) {
      const owed = Number(inv.total_cents);
      if (left <= 0) break;
      expected.push({ invoiceNum: inv.n, amount: Math.min(owed, left) / 100 });
      left -= Math.min(owed, left);
    }
    expect(expected.length).toBeGreaterThan(8);
    expect(memo.applications).toEqual(expected);
    expect(cents(memo.toCredit)).toBe(left);
    for (const e of expected) expect((await invoiceRow(e.invoiceNum)).paid_cents).toBe(cents(e.amount));
  });
});

describe('webhooks', () => {
  it('return.requested, return.received and credit_memo.issued are written with the change, for endpoints that want them', async () => {
    await setStock(t, '11002', 40, 0);
    const hook = await admin(staff.owner, 'POST', '/Webhooks', { url: 'https://93.184.216.34/hooks', events: ['return.requested', 'return.received', 'credit_memo.issued'] });
    expect(hook.status).toBe(201);
    const since = Number((await db().selectFrom('outbox').select(db().fn.max('id').as('m')).executeTakeFirstOrThrow()).m ?? 0);
    try {
      const { buyer, orderNum } = await shippedOrder([['11002', 2]]);
      const rma = (await requestReturn(buyer, orderNum, { lines: [{ lineNo: 1, qty: 1, reason: 'damaged' }] })).body.rmaNum;
      const received = await admin(staff.desk, 'POST', `/Returns/${rma}/Receive`, { warehouse: 'west', lines: [{ lineNo: 1, qty: 1, disposition: 'restock' }] });
      const rows = await db().selectFrom('outbox').select(['topic', 'payload']).where('kind', '=', 'webhook').where('id', '>', since).orderBy('id').execute();
      expect(rows.map((r) => r.topic)).toEqual(['return.requested', 'return.received', 'credit_memo.issued']);
      const data = rows.map((r) => (JSON.parse(JSON.parse(r.payload!).body) as { data: any }).data);
      expect(data[0]).toMatchObject({ rmaNum: rma, orderNum, status: 'requested' });
      expect(data[1]).toMatchObject({ rmaNum: rma, status: 'received', creditMemoNum: received.body.creditMemoNum });
      expect(data[2]).toEqual(received.body.creditMemo);
    } finally {
      expect((await admin(staff.owner, 'DELETE', `/Webhooks/${hook.body.id}`)).status).toBeLessThan(300);
      await db().updateTable('outbox').set({ status: 'done' }).where('kind', '=', 'webhook').where('id', '>', since).execute();
    }
  });
});

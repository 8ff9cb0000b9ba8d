import type { ReadOnlyDb, Row } from './read-only-db';

/**
 * The shop's invariants (issue 27 point 5, docs/decisions/0028-invariant-test.md), checked from
 * the database itself through a read-only connection. Meant to run when no request is in flight
 * (between batches of the invariant driver); every figure is read in one snapshot.
 *
 * The stock model (decision 0014, src/server/stock): `item_stock.qty` is the units at a warehouse
 * not allocated to orders (held-back `reserved` included; no row: 0), available = qty − reserved, and on hand
 * = qty + units allocated to orders and not shipped (order lines' `qty_west/qty_east`, the
 * "openWest/openEast" of the admin order). A movement's delta is the change of qty (available)
 * for every reason but `ship`, whose delta is the change of on hand; checkout, backorder fills and
 * cancels move units between available and allocated, so on hand does not change with them.
 * Hence two exact identities per item and warehouse, over the whole history (the seed writes each
 * item's opening balance as a `count` movement, migration 2026-11-28T08-00-d-opening-balances):
 *   on hand   = Σ delta of every movement but checkout, backorder and cancel
 *   allocated = Σ −delta of checkout, backorder and cancel movements + Σ delta of ship movements
 * (the second is qty = Σ delta of every movement but ship, written the other way round).
 * A received return's restocked units are a `return` movement (qty and on hand up); scrapped
 * units write no movement: they left on hand when they shipped and never came back to stock.
 */

export interface Break {
  invariant: string;
  subject: string;
  detail: string;
}

export interface CheckOptions {
  /** Staff changes answered 2xx, by audit action (e.g. 'stock.adjust' → 12): each must have its audit row, and no more. */
  staffChanges?: ReadonlyMap<string, number>;
}

export interface CheckResult {
  breaks: Break[];
  /** What was looked at, for the report. */
  counted: { items: number; orders: number; lines: number; invoices: number; payments: number; creditMemos: number; movements: number; auditRows: number };
}

const TRANSFERS = new Set(['checkout', 'backorder', 'cancel']);
const WAREHOUSES = ['west', 'east'] as const;
const n = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));

export async function checkInvariants(db: ReadOnlyDb, options: CheckOptions = {}): Promise<CheckResult> {
  return db.snapshot(async (query) => {
    const breaks: Break[] = [];
    const fail = (invariant: string, subject: string, detail: string) => breaks.push({ invariant, subject, detail });

    const items = await query(`select i.num, coalesce(sw.qty, 0) as qty_fr, coalesce(se.qty, 0) as qty_fh, coalesce(sw.reserved, 0) as reserve_fr, coalesce(se.reserved, 0) as reserve_fh
      from items i left join item_stock sw on sw.item_id = i.id and sw.warehouse = 'west' left join item_stock se on se.item_id = i.id and se.warehouse = 'east'`);
    const lines = await query('select l.order_id, l.line_no, l.item_num, l.qty, l.price_cents, l.qty_west, l.qty_east, l.qty_backordered, l.qty_shipped, l.qty_cancelled from order_lines l');
    const moves = await query('select item_num, warehouse, reason, sum(delta) as delta, count(*) as n from stock_movements group by item_num, warehouse, reason');
    const orders = await query('select * from orders');
    const shipped = await query('select s.order_id, sl.line_no, s.warehouse, sum(sl.qty) as qty from shipment_lines sl join shipments s on s.id = sl.shipment_id group by s.order_id, sl.line_no, s.warehouse');
    const invoices = await query('select * from invoices');
    const invoiceLines = await query('select i.order_id, il.invoice_id, il.line_no, il.qty, il.price_cents, il.extended_cents from invoice_lines il join invoices i on i.id = il.invoice_id');
    const payments = await query('select id, amount_cents, method, returned_at from payments');
    const applications = await query('select payment_id, invoice_id, amount_cents from payment_applications');
    const memoApplications = await query('select credit_memo_id, invoice_id, amount_cents from credit_memo_applications');
    const returns = await query('select r.id, r.rma_num, r.order_id, r.status, rl.line_no, rl.qty, rl.restocked, rl.scrapped from returns r join return_lines rl on rl.return_id = r.id');
    const memos = await query('select * from credit_memos');
    const memoLines = await query('select credit_memo_id, line_no, qty, price_cents, extended_cents, tax_cents from credit_memo_lines');
    const audit = await query(`select action, count(*) as n from audit_log where actor like 'staff:%' group by action`);
    const counts = await query('select key, n from order_counts');

    checkStock(items, lines, moves, fail);
    const byOrder = groupBy(lines, (l) => n(l.order_id));
    checkOrders(orders, byOrder, fail);
    checkCounts(orders, counts, fail);
    checkInvoices(orders, byOrder, shipped, invoices, invoiceLines, fail);
    checkPayments(invoices, payments, applications, memoApplications, fail);
    checkReturns(lines, returns, memos, memoLines, memoApplications, fail);
    checkAudit(audit, orders, options.staffChanges, fail);

    return {
      breaks,
      counted: {
        items: items.length,
        orders: orders.length,
        lines: lines.length,
        invoices: invoices.length,
        payments: payments.length,
        creditMemos: memos.length,
        movements: moves.reduce((s, m) => s + n(m.n), 0),
        auditRows: audit.reduce((s, a) => s + n(a.n), 0),
      },
    };
  });
}

type Fail = (invariant: string, subject: string, detail: string) => void;

function groupBy<K>(rows: Row[], key: (r: Row) => K): Map<K, Row[]> {
  const out = new Map<K, Row[]>();
  for (const r of rows) {
    const k = key(r);
    const list = out.get(k);
    if (list) list.push(r);
    else out.set(k, [r]);
  }
  return out;
}

function checkStock(items: Row[], lines: Row[], moves: Row[], fail: Fail): void {
  const open = new Map<string, { west: number; east: number }>();
  for (const l of lines) {
    const o = open.get(String(l.item_num)) ?? { west: 0, east: 0 };
    o.west += n(l.qty_west);
    o.east += n(l.qty_east);
    open.set(String(l.item_num), o);
  }
  const ledger = new Map<string, { onHand: number; allocated: number }>();
  for (const m of moves) {
    const key = `${String(m.item_num)}/${String(m.warehouse)}`;
    const l = ledger.get(key) ?? { onHand: 0, allocated: 0 };
    const delta = n(m.delta);
    if (TRANSFERS.has(String(m.reason))) l.allocated -= delta;
    else l.onHand += delta;
    if (m.reason === 'ship') l.allocated += delta;
    ledger.set(key, l);
  }
  // Counts come in through stock only (DESIGN §6): a catalogue write (the CSV import) never changes stock.
  for (const m of moves) {
    if (m.reason === 'import') fail('catalogue writes never write stock', `item ${String(m.item_num)} ${String(m.warehouse)}`, `${n(m.n)} import movements, ${n(m.delta)} units in all`);
  }
  for (const it of items) {
    const num = String(it.num);
    for (const w of WAREHOUSES) {
      const qty = n(w === 'west' ? it.qty_fr : it.qty_fh);
      const reserve = n(w === 'west' ? it.reserve_fr : it.reserve_fh);
      const allocated = open.get(num)?.[w] ?? 0;
      const onHand = qty + allocated;
      const subject = `item ${num} ${w}`;
      if (qty < 0 || reserve < 0 || qty - reserve < 0 || allocated < 0) {
        fail('stock is never negative', subject, `qty ${qty}, held back ${reserve}, available ${qty - reserve}, allocated ${allocated}`);
      }
      const l = ledger.get(`${num}/${w}`) ?? { onHand: 0, allocated: 0 };
      if (l.onHand !== onHand) fail('movements sum to on hand', subject, `movements say ${l.onHand}, on hand is ${onHand} (available ${qty - reserve} + held back ${reserve} + allocated ${allocated})`);
      if (l.allocated !== allocated) fail('reserved = open allocated units of orders', subject, `movements say ${l.allocated} allocated, orders' open units are ${allocated}`);
    }
  }
}

function checkOrders(orders: Row[], byOrder: Map<number, Row[]>, fail: Fail): void {
  for (const o of orders) {
    const subject = `order ${String(o.order_num)}`;
    const ls = byOrder.get(n(o.id)) ?? [];
    const sum = { west: 0, east: 0, backordered: 0, shipped: 0, cancelled: 0, net: 0, placed: 0 };
    for (const l of ls) {
      const parts = [l.qty_west, l.qty_east, l.qty_backordered, l.qty_shipped, l.qty_cancelled].map(n);
      if (parts.some((p) => p < 0) || parts.reduce((a, b) => a + b, 0) !== n(l.qty)) {
        fail('line qty = openWest + openEast + backordered + shipped + cancelled', `${subject} line ${String(l.line_no)}`, `qty ${n(l.qty)} vs ${parts.join(' + ')}`);
      }
      sum.west += parts[0]!;
      sum.east += parts[1]!;
      sum.backordered += parts[2]!;
      sum.shipped += parts[3]!;
      sum.cancelled += parts[4]!;
      sum.net += (n(l.qty) - n(l.qty_cancelled)) * n(l.price_cents);
      sum.placed += n(l.qty) * n(l.price_cents);
    }
    const kept = { west: n(o.open_west), east: n(o.open_east), backordered: n(o.backordered), shipped: n(o.shipped_qty) };
    if (kept.west !== sum.west || kept.east !== sum.east || kept.backordered !== sum.backordered || kept.shipped !== sum.shipped) {
      fail("the order's kept sums are its lines'", subject, `kept ${JSON.stringify(kept)}, lines ${JSON.stringify({ west: sum.west, east: sum.east, backordered: sum.backordered, shipped: sum.shipped })}`);
    }
    const units = ls.reduce((t, l) => t + n(l.qty), 0);
    if (n(o.line_count) !== ls.length || n(o.total_qty) !== units) fail("the order's line count and units are its lines'", subject, `kept ${n(o.line_count)} lines, ${n(o.total_qty)} units; lines ${ls.length}, ${units} units`);
    checkStatus(String(o.status_code), sum.west + sum.east + sum.backordered, sum.shipped, subject, fail);
    checkTotals(o, sum, subject, fail);
    if (n(o.discount_cents) < 0 || n(o.shipping_cents) < 0 || n(o.total_cents) < 0) fail('money is never negative', subject, `discount ${n(o.discount_cents)}, shipping ${n(o.shipping_cents)}, total ${n(o.total_cents)}`);
  }
}

/**
 * Total = what remains to be delivered and paid (DESIGN §7): the lines less their cancelled units,
 * less the discount, plus shipping (and tax once orders store it), as the order stores them. The
 * order as placed is kept in `original_*_cents` where those columns exist (issue 27 point 3); a
 * column that does not exist is left out of the check, never assumed.
 */
function checkTotals(o: Row, sum: { net: number; placed: number }, subject: string, fail: Fail): void {
  const tax = 'tax_cents' in o ? n(o.tax_cents) : 0;
  const expected = sum.net - n(o.discount_cents) + n(o.shipping_cents) + tax;
  if (n(o.total_cents) !== expected) {
    fail('order total = its lines − discount + shipping (+ tax)', subject, `total ${n(o.total_cents)}, lines less cancelled ${sum.net} − discount ${n(o.discount_cents)} + shipping ${n(o.shipping_cents)}${'tax_cents' in o ? ` + tax ${tax}` : ''} = ${expected}`);
  }
  if (!('original_subtotal_cents' in o)) return;
  const original = n(o.original_subtotal_cents) - n(o.original_discount_cents) + n(o.original_shipping_cents) + ('original_tax_cents' in o ? n(o.original_tax_cents) : 0);
  if (n(o.original_subtotal_cents) !== sum.placed || n(o.subtotal_cents) !== sum.net || n(o.total_cents) > original) {
    fail('the order as placed is kept beside what remains', subject, `original subtotal ${n(o.original_subtotal_cents)} (lines as placed ${sum.placed}), subtotal ${n(o.subtotal_cents)} (lines less cancelled ${sum.net}), total ${n(o.total_cents)} of original ${original}`);
  }
}

/**
 * The kept order counts the dashboard and the orders list read (orders/counts.ts): each the number
 * of orders it stands for, moved in the transaction of every change of an order.
 */
function checkCounts(orders: Row[], counts: Row[], fail: Fail): void {
  const actual = new Map<string, number>();
  const add = (key: string) => actual.set(key, (actual.get(key) ?? 0) + 1);
  for (const o of orders) {
    const status = String(o.status_code);
    add(`status:${status}`);
    const canShip = status === 'accepted' || status === 'partially_shipped';
    if (canShip && n(o.open_west) > 0) add('ship:west');
    if (canShip && n(o.open_east) > 0) add('ship:east');
    if (!['cancelled', 'closed', 'on_hold'].includes(status) && n(o.backordered) > 0) add('backordered');
  }
  const kept = new Map(counts.map((c) => [String(c.key), n(c.n)]));
  for (const key of new Set([...kept.keys(), ...actual.keys()])) {
    if ((kept.get(key) ?? 0) !== (actual.get(key) ?? 0)) fail('the kept order counts are the orders\'', key, `kept ${kept.get(key) ?? 'no row'}, orders ${actual.get(key) ?? 0}`);
  }
}

/** The lifecycle (transitions.ts): which units each status may have. */
function checkStatus(status: string, remaining: number, shipped: number, subject: string, fail: Fail): void {
  const ok =
    status === 'cancelled' ? remaining === 0 && shipped === 0
    : status === 'shipped' || status === 'closed' ? remaining === 0 && shipped > 0
    : status === 'partially_shipped' ? remaining > 0 && shipped > 0
    : ['received', 'accepted', 'on_hold'].includes(status) ? remaining > 0 && shipped === 0
    : false;
  if (!ok) fail("an order's status fits its units", subject, `${status} with ${remaining} units open or backordered and ${shipped} shipped`);
}

function checkInvoices(orders: Row[], byOrder: Map<number, Row[]>, shipped: Row[], invoices: Row[], invoiceLines: Row[], fail: Fail): void {
  const shippedBy = new Map<string, number>();
  for (const s of shipped) shippedBy.set(`${n(s.order_id)}/${n(s.line_no)}`, (shippedBy.get(`${n(s.order_id)}/${n(s.line_no)}`) ?? 0) + n(s.qty));
  const invoicedBy = new Map<string, number>();
  const linesOf = groupBy(invoiceLines, (l) => n(l.invoice_id));
  for (const l of invoiceLines) invoicedBy.set(`${n(l.order_id)}/${n(l.line_no)}`, (invoicedBy.get(`${n(l.order_id)}/${n(l.line_no)}`) ?? 0) + n(l.qty));
  const invoicesOf = groupBy(invoices, (i) => n(i.order_id));
  for (const o of orders) {
    const subject = `order ${String(o.order_num)}`;
    let shippedMerch = 0;
    for (const l of byOrder.get(n(o.id)) ?? []) {
      const key = `${n(o.id)}/${n(l.line_no)}`;
      const units = n(l.qty_shipped);
      shippedMerch += units * n(l.price_cents);
      if ((shippedBy.get(key) ?? 0) !== units) fail('shipments hold the shipped units', `${subject} line ${n(l.line_no)}`, `shipments ${shippedBy.get(key) ?? 0}, line shipped ${units}`);
      if ((invoicedBy.get(key) ?? 0) > units) fail('invoices never exceed what shipped', `${subject} line ${n(l.line_no)}`, `invoiced ${invoicedBy.get(key)} units, shipped ${units}`);
      else if ((invoicedBy.get(key) ?? 0) !== units) fail('every shipped unit is invoiced', `${subject} line ${n(l.line_no)}`, `invoiced ${invoicedBy.get(key) ?? 0} units, shipped ${units}`);
    }
    const own = invoicesOf.get(n(o.id)) ?? [];
    const sum = own.reduce<{ merch: number; discount: number; shipping: number; tax: number; total: number }>(
      (s, i) => ({ merch: s.merch + n(i.subtotal_cents), discount: s.discount + n(i.discount_cents), shipping: s.shipping + n(i.shipping_cents), tax: s.tax + n(i.tax_cents ?? 0), total: s.total + n(i.total_cents) }),
      { merch: 0, discount: 0, shipping: 0, tax: 0, total: 0 },
    );
    if (sum.merch > shippedMerch || sum.total - sum.tax > shippedMerch + n(o.shipping_cents)) {
      fail('invoices never exceed what shipped', subject, `invoiced merchandise ${sum.merch} (total ${sum.total}, tax ${sum.tax}), shipped merchandise ${shippedMerch} + shipping ${n(o.shipping_cents)}`);
    }
    // Invoices bill no more tax than the order charges (decision 0042).
    if ('tax_cents' in o && sum.tax > n(o.tax_cents)) fail('invoices bill no more tax than the order charges', subject, `invoices' tax ${sum.tax}, order tax ${n(o.tax_cents)}`);
    // Nothing left to deliver: the invoices are what the order costs (DESIGN §5 "Invoices" and §7).
    if (['shipped', 'closed'].includes(String(o.status_code)) && sum.total !== n(o.total_cents)) {
      fail("a delivered order's invoices add up to its total", subject, `invoices ${sum.total}, order total ${n(o.total_cents)}`);
    }
  }
  for (const inv of invoices) {
    const subject = `invoice ${String(inv.invoice_num)}`;
    const ls = linesOf.get(n(inv.id)) ?? [];
    const merch = ls.reduce((s, l) => s + n(l.extended_cents), 0);
    if (ls.some((l) => n(l.extended_cents) !== n(l.qty) * n(l.price_cents) || n(l.qty) <= 0)) fail('invoice lines are units × price', subject, 'a line whose extended amount is not its units times its price');
    if (merch !== n(inv.subtotal_cents) || n(inv.total_cents) !== n(inv.subtotal_cents) - n(inv.discount_cents) + n(inv.shipping_cents) + n(inv.tax_cents ?? 0)) {
      fail('invoice total = its lines − discount + shipping + tax', subject, `lines ${merch}, subtotal ${n(inv.subtotal_cents)}, discount ${n(inv.discount_cents)}, shipping ${n(inv.shipping_cents)}, tax ${n(inv.tax_cents ?? 0)}, total ${n(inv.total_cents)}`);
    }
  }
}

function checkPayments(invoices: Row[], payments: Row[], applications: Row[], memoApplications: Row[], fail: Fail): void {
  const live = new Map(payments.map((p) => [n(p.id), p]));
  const appliedTo = new Map<number, number>();
  const appliedFrom = new Map<number, number>();
  // Credit memos pay invoices as payments do (decision 0037).
  for (const a of memoApplications) appliedTo.set(n(a.invoice_id), (appliedTo.get(n(a.invoice_id)) ?? 0) + n(a.amount_cents));
  for (const a of applications) {
    appliedFrom.set(n(a.payment_id), (appliedFrom.get(n(a.payment_id)) ?? 0) + n(a.amount_cents));
    if (live.get(n(a.payment_id))?.returned_at) continue;
    appliedTo.set(n(a.invoice_id), (appliedTo.get(n(a.invoice_id)) ?? 0) + n(a.amount_cents));
  }
  for (const inv of invoices) {
    const subject = `invoice ${String(inv.invoice_num)}`;
    const applied = appliedTo.get(n(inv.id)) ?? 0;
    if (applied > n(inv.total_cents)) fail('payments never exceed invoices', subject, `applied ${applied}, invoice total ${n(inv.total_cents)}`);
    if (applied !== n(inv.paid_cents)) fail("an invoice's paid amount is its payments' and credit memos'", subject, `paid ${n(inv.paid_cents)}, payments and credit memos applied ${applied}`);
    const paid = n(inv.paid_cents) === n(inv.total_cents);
    if ((inv.status === 'paid') !== paid && inv.status !== 'void') fail("an invoice's status fits what is paid", subject, `${String(inv.status)} with ${n(inv.paid_cents)} of ${n(inv.total_cents)} paid`);
  }
  for (const p of payments) {
    const applied = appliedFrom.get(n(p.id)) ?? 0;
    if (applied > n(p.amount_cents)) fail('payments never exceed invoices', `payment ${n(p.id)}`, `applied ${applied} of ${n(p.amount_cents)} received`);
  }
}

/**
 * Returns and credit memos (decision 0037): an order line is never asked back for more than
 * shipped (received returns count what arrived, rejected ones nothing); a received return has
 * exactly one credit memo, others none; the memo credits exactly the units received, each line
 * units × price, its total lines − discount + tax + shipping, and it never pays out more than its total.
 */
function checkReturns(lines: Row[], returns: Row[], memos: Row[], memoLines: Row[], memoApplications: Row[], fail: Fail): void {
  const shippedOf = new Map(lines.map((l) => [`${n(l.order_id)}/${n(l.line_no)}`, n(l.qty_shipped)]));
  const asked = new Map<string, number>();
  const receivedOf = new Map<string, number>();
  const statusOf = new Map<number, { rma: number; status: string }>();
  for (const r of returns) {
    const key = `${n(r.order_id)}/${n(r.line_no)}`;
    const got = n(r.restocked) + n(r.scrapped);
    statusOf.set(n(r.id), { rma: n(r.rma_num), status: String(r.status) });
    if (got > n(r.qty) || (r.status !== 'received' && got > 0)) fail('a return receives at most what was asked, and only once received', `return ${n(r.rma_num)} line ${n(r.line_no)}`, `${String(r.status)}: asked ${n(r.qty)}, received ${got}`);
    if (r.status !== 'rejected') asked.set(key, (asked.get(key) ?? 0) + (r.status === 'received' ? got : n(r.qty)));
    if (r.status === 'received') receivedOf.set(`${n(r.id)}/${n(r.line_no)}`, got);
  }
  for (const [key, units] of asked) {
    if (units > (shippedOf.get(key) ?? 0)) fail('returns never exceed what shipped', `order line ${key}`, `${units} returned or asked back, ${shippedOf.get(key) ?? 0} shipped`);
  }
  const memoOf = new Map<number, Row>();
  for (const m of memos) {
    if (memoOf.has(n(m.return_id))) fail('a received return has one credit memo', `return id ${n(m.return_id)}`, 'two credit memos');
    memoOf.set(n(m.return_id), m);
  }
  for (const [id, r] of statusOf) {
    if ((r.status === 'received') !== memoOf.has(id)) fail('a received return has one credit memo', `return ${r.rma}`, `${r.status} with ${memoOf.has(id) ? 'a' : 'no'} credit memo`);
  }
  const linesOf = groupBy(memoLines, (l) => n(l.credit_memo_id));
  const appliedFrom = new Map<number, number>();
  for (const a of memoApplications) appliedFrom.set(n(a.credit_memo_id), (appliedFrom.get(n(a.credit_memo_id)) ?? 0) + n(a.amount_cents));
  for (const m of memos) {
    const subject = `credit memo ${n(m.credit_memo_num)}`;
    const ls = linesOf.get(n(m.id)) ?? [];
    const merch = ls.reduce((s, l) => s + n(l.extended_cents), 0);
    const lineTax = ls.reduce((s, l) => s + n(l.tax_cents), 0);
    // The memo's tax is its lines' and, where shipping is taxed, its shipping's: never more than that shipping.
    const tax = n(m.tax_cents);
    const shippingTax = tax - lineTax;
    if (ls.some((l) => n(l.extended_cents) !== n(l.qty) * n(l.price_cents))) fail('credit memo lines are units × price', subject, 'a line whose extended amount is not its units times its price');
    if (merch !== n(m.subtotal_cents) || shippingTax < 0 || shippingTax > n(m.shipping_cents) || n(m.total_cents) !== merch - n(m.discount_cents) + tax + n(m.shipping_cents)) {
      fail('credit memo total = its lines − discount + tax + shipping', subject, `lines ${merch}, subtotal ${n(m.subtotal_cents)}, discount ${n(m.discount_cents)}, tax ${n(m.tax_cents)}, shipping ${n(m.shipping_cents)}, total ${n(m.total_cents)}`);
    }
    for (const l of ls) {
      const got = receivedOf.get(`${n(m.return_id)}/${n(l.line_no)}`) ?? 0;
      if (got !== n(l.qty)) fail('a credit memo credits the units received', `${subject} line ${n(l.line_no)}`, `credits ${n(l.qty)}, received ${got}`);
    }
    if ((appliedFrom.get(n(m.id)) ?? 0) > n(m.total_cents)) fail('credit memos never pay more than they credit', subject, `applied ${appliedFrom.get(n(m.id))} of ${n(m.total_cents)}`);
  }
}

/** Order closing and reopening are written by the payment that causes them, not asked for: counted against the closed orders. */
const FOLLOW_ON = new Set(['order.close', 'order.reopen']);

function checkAudit(audit: Row[], orders: Row[], staffChanges: ReadonlyMap<string, number> | undefined, fail: Fail): void {
  const rows = new Map(audit.map((a) => [String(a.action), n(a.n)]));
  const closed = orders.filter((o) => o.status_code === 'closed').length;
  if ((rows.get('order.close') ?? 0) - (rows.get('order.reopen') ?? 0) !== closed) {
    fail('every staff change has its audit row', 'order.close', `${rows.get('order.close') ?? 0} closings − ${rows.get('order.reopen') ?? 0} reopenings audited, ${closed} orders closed`);
  }
  if (!staffChanges) return;
  for (const action of new Set([...staffChanges.keys(), ...rows.keys()])) {
    if (FOLLOW_ON.has(action)) continue;
    const answered = staffChanges.get(action) ?? 0;
    const logged = rows.get(action) ?? 0;
    if (answered !== logged) fail('every staff change has its audit row', action, `${answered} answered 2xx, ${logged} audit rows`);
  }
}

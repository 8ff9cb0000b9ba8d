import { sql } from 'kysely';
import { nextNumber } from '../platform/counters';
import { oneStatementWrites } from '../platform/db/dialect';
import type { Db } from './queries';
import { taxDocument } from './tax/compute';

/**
 * Credit memos (DESIGN.md §7 "Returns and credit memos"; decision 0037): the only place that
 * writes `credit_memos`, `credit_memo_lines` and `credit_memo_applications`. A received return
 * raises one, in the return's transaction (flows/returns.ts): returned units at the prices they
 * were invoiced at, less their share of the order's discount, with their tax at the order's rate
 * (decision 0042), plus the order's shipping (and its tax, where shipping is taxed) when staff tick it. It pays the customer's oldest open
 * invoices first; what is left is credit on account (queries.ts `balanceSums` counts it).
 */

export interface CreditMemoPlan {
  lines: { line_no: number; item_num: string; title: string; qty: number; price_cents: number; extended_cents: number; tax_cents: number }[];
  subtotalCents: number;
  discountCents: number;
  taxCents: number;
  shippingCents: number;
  totalCents: number;
}

/**
 * What an order's invoices billed and its credit memos credited so far: the caps of the next
 * credit memo, with the order's tax terms, in one statement (a receipt reads it in its transaction).
 */
async function orderCredits(db: Db, orderId: number) {
  const billed = db
    .selectFrom('invoices')
    .select([
      sql<number>`coalesce(sum(subtotal_cents), 0)`.as('sub'),
      sql<number>`coalesce(sum(discount_cents), 0)`.as('disc'),
      sql<number>`coalesce(sum(shipping_cents), 0)`.as('ship'),
      sql<number>`coalesce(sum(tax_cents), 0)`.as('tax'),
    ])
    .where('order_id', '=', orderId)
    .where('status', '!=', 'void');
  const credited = db
    .selectFrom('credit_memos')
    .select([sql<number>`coalesce(sum(discount_cents), 0)`.as('disc'), sql<number>`coalesce(sum(shipping_cents), 0)`.as('ship'), sql<number>`coalesce(sum(tax_cents), 0)`.as('tax')])
    .where('order_id', '=', orderId);
  const row = await db
    .selectFrom([billed.as('b'), credited.as('c')])
    .leftJoin('orders as o', (j) => j.on('o.id', '=', orderId))
    .select(['b.sub', 'b.disc', 'b.ship', 'b.tax', 'c.disc as c_disc', 'c.ship as c_ship', 'c.tax as c_tax', 'o.tax_rate_ppm', 'o.tax_shipping'])
    .executeTakeFirstOrThrow();
  return {
    subtotalCents: Number(row.sub),
    discountLeftCents: Number(row.disc) - Number(row.c_disc),
    discountCents: Number(row.disc),
    shippingLeftCents: Number(row.ship) - Number(row.c_ship),
    taxLeftCents: Number(row.tax) - Number(row.c_tax),
    rate: row.tax_rate_ppm !== null ? { ratePpm: Number(row.tax_rate_ppm), shippingTaxable: Number(row.tax_shipping) === 1 } : null,
  };
}

/** The order's shipping charge that a credit memo could still credit (invoiced, not credited before). */
export async function creditableShipping(db: Db, orderId: number): Promise<number> {
  return (await orderCredits(db, orderId)).shippingLeftCents;
}

/** The invoiced unit price of each of these order lines (from the invoices of the order's shipments). */
export async function invoicedPrices(db: Db, orderId: number, lineNos: readonly number[]): Promise<Map<number, number>> {
  if (lineNos.length === 0) return new Map();
  const rows = await db
    .selectFrom('invoice_lines as il')
    .innerJoin('invoices as i', 'i.id', 'il.invoice_id')
    .select(['il.line_no', sql<number>`max(il.price_cents)`.as('price')])
    .where('i.order_id', '=', orderId)
    .where('il.line_no', 'in', [...lineNos])
    .groupBy('il.line_no')
    .execute();
  return new Map(rows.map((r) => [r.line_no, Number(r.price)]));
}

/**
 * The credit memo of returned `lines` of an order: each at its invoiced price (`lines[].price`
 * when no invoice line is found: the order's price, which invoices bill), the discount the
 * order's invoices gave in proportion to the credited merchandise (never more than they gave
 * less earlier credit memos), and the shipping invoiced and not yet credited when `creditShipping`.
 */
export async function planCreditMemo(
  db: Db,
  orderId: number,
  lines: readonly { lineNo: number; invNum: string; title: string; qty: number; priceCents: number }[],
  creditShipping: boolean,
): Promise<CreditMemoPlan> {
  const prices = await invoicedPrices(db, orderId, lines.map((l) => l.lineNo));
  const caps = await orderCredits(db, orderId);
  const memoLines = lines
    .filter((l) => l.qty > 0)
    .map((l) => {
      const price = prices.get(l.lineNo) ?? l.priceCents;
      return { line_no: l.lineNo, item_num: l.invNum, title: l.title, qty: l.qty, price_cents: price, extended_cents: price * l.qty, tax_cents: 0 };
    });
  const subtotalCents = memoLines.reduce((n, l) => n + l.extended_cents, 0);
  const share = caps.subtotalCents > 0 ? Math.round((caps.discountCents * subtotalCents) / caps.subtotalCents) : 0;
  const discountCents = Math.max(0, Math.min(share, caps.discountLeftCents, subtotalCents));
  const shippingCents = creditShipping ? Math.max(0, caps.shippingLeftCents) : 0;
  // The memo is a document of its own, taxed as the invoices were (the order's rate), and never
  // credits more tax than the order's invoices billed less earlier memos.
  const taxed = taxDocument({ lineCents: memoLines.map((l) => l.extended_cents), discountCents, shippingCents }, caps.rate);
  let room = Math.max(0, caps.taxLeftCents);
  memoLines.forEach((l, i) => {
    l.tax_cents = Math.min(taxed.lineTaxCents[i]!, room);
    room -= l.tax_cents;
  });
  const shippingTaxCents = Math.min(taxed.shippingTaxCents, room);
  const taxCents = memoLines.reduce((n, l) => n + l.tax_cents, 0) + shippingTaxCents;
  return { lines: memoLines, subtotalCents, discountCents, taxCents, shippingCents, totalCents: subtotalCents - discountCents + taxCents + shippingCents };
}

/** Open invoices read per batch when a credit memo pays them. */
const OPEN_INVOICES_READ = 8;

/** A customer's open invoices, oldest due first (then by number), after `after`; locked when `forUpdate`. */
function openInvoicesAfter(db: Db, customerId: number, after: { due: string; num: number } | null, forUpdate: boolean) {
  return db
    .selectFrom('invoices')
    .select(['id', 'invoice_num', 'order_id', 'total_cents', 'paid_cents', 'due_date'])
    .where('customer_id', '=', customerId)
    .where('status', '=', 'open')
    .$if(after !== null, (q) => q.where((eb) => eb.or([eb('due_date', '>', after!.due), eb.and([eb('due_date', '=', after!.due), eb('invoice_num', '>', after!.num)])])))
    .orderBy('due_date')
    .orderBy('invoice_num')
    .limit(OPEN_INVOICES_READ)
    .$if(forUpdate, (q) => q.forUpdate())
    .execute();
}

export interface IssuedCreditMemo {
  id: number;
  creditMemoNum: number;
  /** The invoices it paid (oldest first) and their orders (the closing rule may close them). */
  applications: { invoiceId: number; invoiceNum: number; orderId: number; cents: number }[];
  toCreditCents: number;
}

/**
 * Numbers (its own series), writes the credit memo and applies it to the customer's open
 * invoices, oldest due first, each with a guarded UPDATE (never more than an invoice owes). The
 * customer's row is taken first (as a payment takes it), so a payment from credit on account and
 * a credit memo of one customer take turns. The return's UNIQUE refuses a second memo of one return.
 */
export async function issueCreditMemo(
  db: Db,
  forUpdate: boolean,
  memo: MemoOf,
  plan: CreditMemoPlan,
): Promise<IssuedCreditMemo> {
  const { id, creditMemoNum } = oneStatementWrites(db) ? await insertMemoAtOnce(db, memo, plan) : await insertMemo(db, forUpdate, memo, plan);
  let left = plan.totalCents;
  const applications: IssuedCreditMemo['applications'] = [];
  // The open invoices oldest due first, a few at a time, each batch locked (PostgreSQL): a memo
  // usually pays the first one, so it locks that one rather than every invoice the customer owes.
  let after: { due: string; num: number } | null = null;
  while (left > 0) {
    const open = await openInvoicesAfter(db, memo.customerId, after, forUpdate);
    for (const inv of open) {
      if (left <= 0) break;
      const cents = Math.min(left, Number(inv.total_cents) - Number(inv.paid_cents));
      if (cents <= 0) continue;
      const r = await db
        .updateTable('invoices')
        .set({ paid_cents: sql`paid_cents + ${cents}`, status: sql`case when paid_cents + ${cents} = total_cents then 'paid' else status end` })
        .where('id', '=', inv.id)
        .where('status', '=', 'open')
        .where(sql<boolean>`paid_cents + ${cents} <= total_cents`)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) continue;
      applications.push({ invoiceId: inv.id, invoiceNum: inv.invoice_num, orderId: inv.order_id, cents });
      left -= cents;
    }
    if (open.length < OPEN_INVOICES_READ) break;
    const last = open[open.length - 1]!;
    after = { due: last.due_date, num: last.invoice_num };
  }
  if (applications.length > 0) await db.insertInto('credit_memo_applications').values(applications.map((a) => ({ credit_memo_id: id, invoice_id: a.invoiceId, amount_cents: a.cents }))).execute();
  return { id, creditMemoNum, applications, toCreditCents: left };
}

type MemoOf = { returnId: number; orderId: number; customerId: number; date: string };

/** The customer's row taken (PostgreSQL), the memo numbered and written with its lines: one statement each. */
async function insertMemo(db: Db, forUpdate: boolean, memo: MemoOf, plan: CreditMemoPlan): Promise<{ id: number; creditMemoNum: number }> {
  await db.selectFrom('customers').select('id').where('id', '=', memo.customerId).$if(forUpdate, (q) => q.forNoKeyUpdate()).executeTakeFirst();
  const creditMemoNum = await nextNumber(db, 'credit_memo_num');
  const { id } = await db.insertInto('credit_memos').values(memoRow(memo, plan, creditMemoNum)).returning('id').executeTakeFirstOrThrow();
  if (plan.lines.length > 0) await db.insertInto('credit_memo_lines').values(plan.lines.map((l) => ({ credit_memo_id: id, ...l }))).execute();
  return { id, creditMemoNum };
}

/**
 * PostgreSQL: `insertMemo` as ONE statement (a receipt waited for four round trips): the
 * customer's row taken first, the number from the memo's sequence, the memo and its lines.
 */
async function insertMemoAtOnce(db: Db, memo: MemoOf, plan: CreditMemoPlan): Promise<{ id: number; creditMemoNum: number }> {
  const m = memoRow(memo, plan, 0);
  const lines = plan.lines.map((l) => sql`(${l.line_no}::integer, ${l.item_num}::text, ${l.title}::text, ${l.qty}::integer, ${l.price_cents}::bigint, ${l.extended_cents}::bigint, ${l.tax_cents}::bigint)`);
  const linesCte = lines.length > 0
    ? sql`, memo_lines as (insert into credit_memo_lines (credit_memo_id, line_no, item_num, title, qty, price_cents, extended_cents, tax_cents)
        select memo.id, v.* from memo, (values ${sql.join(lines)}) as v(line_no, item_num, title, qty, price_cents, extended_cents, tax_cents))`
    : sql``;
  const r = await sql<{ id: number; credit_memo_num: string }>`with customer as (select id from customers where id = ${memo.customerId} for no key update),
      memo as (insert into credit_memos (credit_memo_num, return_id, order_id, customer_id, memo_date, subtotal_cents, discount_cents, tax_cents, shipping_cents, total_cents, created_at)
        select nextval('credit_memo_num_seq'), ${m.return_id}, ${m.order_id}, customer.id, ${m.memo_date}, ${m.subtotal_cents}, ${m.discount_cents}, ${m.tax_cents}, ${m.shipping_cents}, ${m.total_cents}, ${m.created_at}
        from customer
        returning id, credit_memo_num)${linesCte}
    select id, credit_memo_num from memo`.execute(db);
  const row = r.rows[0];
  // No such customer: the memo's foreign key would have refused it as the separate insert does.
  if (!row) throw new Error(`credit memo: customer ${memo.customerId} not found`);
  return { id: Number(row.id), creditMemoNum: Number(row.credit_memo_num) };
}

function memoRow(memo: MemoOf, plan: CreditMemoPlan, creditMemoNum: number) {
  return {
    credit_memo_num: creditMemoNum,
    return_id: memo.returnId,
    order_id: memo.orderId,
    customer_id: memo.customerId,
    memo_date: memo.date,
    subtotal_cents: plan.subtotalCents,
    discount_cents: plan.discountCents,
    tax_cents: plan.taxCents,
    shipping_cents: plan.shippingCents,
    total_cents: plan.totalCents,
    created_at: new Date().toISOString(),
  };
}

const summaryColumns = ['m.id', 'm.credit_memo_num', 'm.return_id', 'm.order_id', 'm.customer_id', 'm.memo_date', 'm.subtotal_cents', 'm.discount_cents', 'm.tax_cents', 'm.shipping_cents', 'm.total_cents'] as const;

/** The credit memos of these returns (at most one each). */
export function creditMemosOfReturns(db: Db, returnIds: readonly number[]) {
  if (returnIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('credit_memos as m').select([...summaryColumns]).where('m.return_id', 'in', [...returnIds]).execute();
}
export type CreditMemoRow = Awaited<ReturnType<typeof creditMemosOfReturns>>[number];

/** A customer's credit memos, newest first. */
export function creditMemosOfCustomer(db: Db, customerId: number, limit: number) {
  return db.selectFrom('credit_memos as m').select([...summaryColumns]).where('m.customer_id', '=', customerId).orderBy('m.id', 'desc').limit(limit).execute();
}

/** One credit memo by number with its lines and applications, or undefined. */
export async function creditMemoByNum(db: Db, creditMemoNum: number) {
  const memo = await db
    .selectFrom('credit_memos as m')
    .innerJoin('orders as o', 'o.id', 'm.order_id')
    .select([...summaryColumns, 'o.tax_basis', 'o.tax_rate_ppm'])
    .where('m.credit_memo_num', '=', creditMemoNum)
    .executeTakeFirst();
  if (!memo) return undefined;
  return { memo, ...(await creditMemoParts(db, memo.id)) };
}

/** A credit memo's lines and where it was applied. */
export async function creditMemoParts(db: Db, id: number) {
  const [lines, applications] = await Promise.all([
    db.selectFrom('credit_memo_lines').selectAll().where('credit_memo_id', '=', id).orderBy('line_no').execute(),
    db
      .selectFrom('credit_memo_applications as a')
      .innerJoin('invoices as i', 'i.id', 'a.invoice_id')
      .select(['i.invoice_num', 'a.amount_cents'])
      .where('a.credit_memo_id', '=', id)
      .orderBy('i.invoice_num')
      .execute(),
  ]);
  return { lines, applications };
}
export type CreditMemoDetail = NonNullable<Awaited<ReturnType<typeof creditMemoByNum>>>;

/** The credit memo's "credit to" block: the customer's company, contact and billing address. */
export async function billToLines(db: Db, customerId: number): Promise<string[]> {
  const c = await db
    .selectFrom('customers')
    .select(['org_name', 'first_name', 'last_name', 'address_line1', 'city', 'state', 'zip', 'country', 'email'])
    .where('id', '=', customerId)
    .executeTakeFirst();
  if (!c) return [];
  return [c.org_name, `${c.first_name} ${c.last_name}`.trim(), c.address_line1, [c.city, c.state, c.zip].filter(Boolean).join(' '), c.country, c.email].filter((s): s is string => Boolean(s));
}

/** A statement's credit memos: the customer's newest, each with what it paid of invoices (the rest is credit on account). */
export async function statementCreditMemos(db: Db, customerId: number, limit = 50) {
  const rows = await db
    .selectFrom('credit_memos as m')
    .select(['m.credit_memo_num', 'm.memo_date', 'm.tax_cents', 'm.total_cents'])
    .select((eb) => eb.selectFrom('credit_memo_applications as a').select(sql<number>`coalesce(sum(a.amount_cents), 0)`.as('n')).whereRef('a.credit_memo_id', '=', 'm.id').as('applied'))
    .where('m.customer_id', '=', customerId)
    .orderBy('m.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ creditMemoNum: r.credit_memo_num, date: r.memo_date, taxCents: Number(r.tax_cents), totalCents: Number(r.total_cents), appliedCents: Number(r.applied ?? 0) }));
}

import { type Kysely, sql } from 'kysely';
import { dollars } from '../../contract/cart';
import { TAX_REPORT_COLUMNS, type TaxReport, type TaxReportQuery, type TaxReportRow } from '../../contract/admin/tax-report';
import { csvLine } from '../platform/csv/csv';
import type { DB } from '../platform/db/schema';

/**
 * The sales tax report for filing (decision 0042; what each column counts: contract/admin/tax-report.ts).
 * Read live from the owners' tables (orders, credit_memos), as of now: an order's tax is what it
 * charges after cancels and edits, so a month's figures move when its orders change.
 */

type Db = Kysely<DB>;
const n = (v: unknown) => Number(v ?? 0);

/** The bases that are filed: the shop collects tax in the state (taxed or exempt by a certificate). */
const FILED = ['taxable', 'exempt'] as const;

function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

interface Cents {
  orders: number;
  taxable: number;
  exempt: number;
  tax: number;
  credited: number;
}

/** Orders placed in [from, to] (UTC months), not wholly cancelled, by ship-to state and month. */
async function orderSums(db: Db, start: string, end: string) {
  const month = sql<string>`substr(${sql.ref('created_at')}, 1, 7)`;
  const net = sql`subtotal_cents - discount_cents`;
  const rows = await db
    .selectFrom('orders')
    .select([
      'tax_state',
      month.as('month'),
      sql<number>`count(*)`.as('orders'),
      sql<number>`sum(case when tax_basis = 'taxable' then ${net} else 0 end)`.as('taxable'),
      sql<number>`sum(case when tax_basis = 'exempt' then ${net} else 0 end)`.as('exempt'),
      sql<number>`sum(tax_cents)`.as('tax'),
    ])
    .where('created_at', '>=', start)
    .where('created_at', '<', end)
    .where('tax_basis', 'in', FILED)
    .where('status_code', '<>', 'cancelled')
    .groupBy(['tax_state', month])
    .execute();
  return rows.map((r) => ({ state: r.tax_state, month: r.month, orders: n(r.orders), taxable: n(r.taxable), exempt: n(r.exempt), tax: n(r.tax) }));
}

/** Credit memos dated in [from, to], by their order's ship-to state and the memo's month. */
async function creditSums(db: Db, start: string, end: string) {
  const month = sql<string>`substr(${sql.ref('m.memo_date')}, 1, 7)`;
  const rows = await db
    .selectFrom('credit_memos as m')
    .innerJoin('orders as o', 'o.id', 'm.order_id')
    .select(['o.tax_state', month.as('month'), sql<number>`sum(m.tax_cents)`.as('credited')])
    .where('m.memo_date', '>=', start)
    .where('m.memo_date', '<', end)
    .where('o.tax_basis', 'in', FILED)
    .groupBy(['o.tax_state', month])
    .execute();
  return rows.map((r) => ({ state: r.tax_state, month: r.month, credited: n(r.credited) }));
}

const money = (c: Cents) => ({
  orders: c.orders,
  taxableSales: dollars(c.taxable),
  exemptSales: dollars(c.exempt),
  tax: dollars(c.tax),
  creditedTax: dollars(c.credited),
  netTax: dollars(c.tax - c.credited),
});

/** The report of `query`'s months (`thisMonth` when none is given). Totals add cents, then turn them into dollars. */
export async function taxReport(db: Db, query: Pick<TaxReportQuery, 'from' | 'to'>, thisMonth: string): Promise<TaxReport> {
  const to = query.to ?? (query.from && query.from > thisMonth ? query.from : thisMonth);
  const from = query.from ?? to;
  const start = `${from}-01`;
  const end = `${nextMonth(to)}-01`;
  const [orders, credits] = await Promise.all([orderSums(db, start, end), creditSums(db, start, end)]);
  const cells = new Map<string, Cents & { state: string; month: string }>();
  const cell = (state: string, month: string) => {
    const key = `${state}|${month}`;
    const found = cells.get(key) ?? { state, month, orders: 0, taxable: 0, exempt: 0, tax: 0, credited: 0 };
    cells.set(key, found);
    return found;
  };
  for (const o of orders) Object.assign(cell(o.state, o.month), { orders: o.orders, taxable: o.taxable, exempt: o.exempt, tax: o.tax });
  for (const c of credits) cell(c.state, c.month).credited = c.credited;
  const sorted = [...cells.values()].sort((a, b) => (a.state < b.state ? -1 : a.state > b.state ? 1 : a.month < b.month ? -1 : a.month > b.month ? 1 : 0));
  const total: Cents = { orders: 0, taxable: 0, exempt: 0, tax: 0, credited: 0 };
  for (const c of sorted) for (const k of ['orders', 'taxable', 'exempt', 'tax', 'credited'] as const) total[k] += c[k];
  return { from, to, rows: sorted.map((c) => ({ state: c.state, month: c.month, ...money(c) })), totals: money(total) };
}

/** The report as CSV: a header of the column keys, one line per row, then a `Total` line. */
export async function* taxReportCsv(report: TaxReport): AsyncGenerator<string> {
  yield csvLine(TAX_REPORT_COLUMNS);
  const line = (r: TaxReportRow) => csvLine(TAX_REPORT_COLUMNS.map((k) => r[k]));
  for (const row of report.rows) yield line(row);
  yield line({ state: 'Total', month: `${report.from} to ${report.to}`, ...report.totals });
}

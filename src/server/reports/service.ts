import { AS_OF_NOW, type Report, type ReportColumn, type ReportName, type ReportQuery, type ReportRow, REPORT_TITLES } from '../../contract/admin/reports';
import { dollars } from '../../contract/cart';
import { ORDER_STATUS_LABELS } from '../../contract/order-lifecycle';
import type { DB } from '../platform/db/schema';
import type { Kysely } from 'kysely';
import type { LowStockItem } from '../stock';
import { KeyedSalesReader } from './keyed-sales';
import { waitingDemand } from './waiting-demand';
import { taxReport } from './tax-report';
import type { TaxReport, TaxReportQuery } from '../../contract/admin/tax-report';
import * as q from './queries';
import { addDays, buckets, previousRange, type Range, resolveRange } from './ranges';

/**
 * The reports (DESIGN.md §5 "Reports", decision 0023): each answers columns, rows and totals from
 * the sales summaries (sales, categories, items, customers, states), or, as of now, from the few
 * live rows it needs (open orders, backorders, low stock, coupons, aging).
 */

const col = (key: string, label: string, kind: ReportColumn['kind'] = 'int'): ReportColumn => ({ key, label, kind });
const SALES_COLUMNS = [col('orders', 'Orders'), col('units', 'Units'), col('sales', 'Sales', 'money'), col('discount', 'Discount', 'money'), col('net', 'Net', 'money')];
const salesCells = (s: q.SalesSums) => ({ orders: s.orders, units: s.units, sales: dollars(s.merchCents), discount: dollars(s.discountCents), net: dollars(s.merchCents - s.discountCents) });

/** Sums each number column of `rows` (totals of what was shown). */
function sumColumns(rows: readonly ReportRow[], keys: readonly string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const k of keys) out[k] = Math.round(rows.reduce((s, r) => s + (typeof r[k] === 'number' ? (r[k] as number) : 0), 0) * 100) / 100;
  return out;
}

const sumSales = (list: readonly q.SalesSums[]): q.SalesSums =>
  list.reduce((a, s) => ({ orders: a.orders + s.orders, units: a.units + s.units, merchCents: a.merchCents + s.merchCents, discountCents: a.discountCents + s.discountCents }), { orders: 0, units: 0, merchCents: 0, discountCents: 0 });

type Built = Pick<Report, 'columns' | 'rows' | 'totals'>;

export class ReportService {
  private readonly keyed: KeyedSalesReader;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly lowStock: (limit: number) => Promise<LowStockItem[]>,
    /** An item's category from the catalogue's read index (undefined: not there, e.g. hidden). */
    private readonly categoryOf: (num: string) => number | undefined = () => undefined,
    private readonly today: () => string = () => new Date().toISOString().slice(0, 10),
  ) {
    this.keyed = new KeyedSalesReader(db, () => this.today());
  }

  /** A dimension's keys by sales (merchandise), best first, or worst first with `asc`; the first `limit` only when given. */
  private async ranked(dim: 'item' | 'customer' | 'state', range: Range, order: 'desc' | 'asc' = 'desc', limit?: number): Promise<{ list: q.KeyedSales[]; all: q.KeyedSales[] }> {
    const all = await this.keyed.read(dim, range);
    const sign = order === 'desc' ? -1 : 1;
    const before = (a: q.KeyedSales, b: q.KeyedSales) => sign * (a.merchCents - b.merchCents) || sign * (a.units - b.units) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
    return { list: limit === undefined ? [...all].sort(before) : firstOf(all, limit, before), all };
  }

  async run(name: ReportName, query: ReportQuery): Promise<Report> {
    const range = resolveRange(query, this.today());
    const built = await this.build(name, query, range);
    return { name, title: REPORT_TITLES[name], from: range.from, to: range.to, asOfNow: AS_OF_NOW.includes(name), ...built };
  }

  /** The sales tax report by ship-to state and month (its own months, not the reports' days). */
  tax(query: Pick<TaxReportQuery, 'from' | 'to'>): Promise<TaxReport> {
    return taxReport(this.db, query, this.today().slice(0, 7));
  }

  private build(name: ReportName, query: ReportQuery, range: Range): Promise<Built> {
    switch (name) {
      case 'sales': return this.sales(range, query.by);
      case 'categories': return this.categories(range);
      case 'items': return this.items(range, query.sort, query.limit);
      case 'customers': return this.customers(range, query.limit);
      case 'states': return this.states(range);
      case 'open-orders': return this.openOrders();
      case 'backorders': return this.backorders(query.limit);
      case 'low-stock': return this.lowStockReport(query.limit);
      case 'coupons': return this.coupons(range);
      case 'aging': return this.aging(query.limit);
      case 'waiting-demand': return waitingDemand(this.db, query.limit);
    }
  }

  /** Sales by day, week or month, each row beside the same days one range earlier. */
  private async sales(range: Range, by: 'day' | 'week' | 'month'): Promise<Built> {
    const prev = previousRange(range);
    const days = new Map((await q.salesDaily(this.db, { from: prev.from, to: range.to })).map((d) => [d.day, d]));
    const shift = Math.round((Date.parse(range.from) - Date.parse(prev.from)) / 86_400_000);
    const sumOf = (b: Range) => {
      const list: q.DailySales[] = [];
      for (let d = b.from; d <= b.to; d = addDays(d, 1)) {
        const got = days.get(d);
        if (got) list.push(got);
      }
      return sumSales(list);
    };
    const rows = buckets(range, by).map((b) => {
      const now = sumOf(b);
      const before = sumOf({ from: addDays(b.from, -shift), to: addDays(b.to, -shift) });
      return { period: b.from, to: b.to, ...salesCells(now), previousOrders: before.orders, previousNet: dollars(before.merchCents - before.discountCents) };
    });
    const columns = [col('period', 'Period', 'day'), col('to', 'To', 'day'), ...SALES_COLUMNS, col('previousOrders', 'Orders before'), col('previousNet', 'Net before', 'money')];
    return { columns, rows, totals: sumColumns(rows, ['orders', 'units', 'sales', 'discount', 'net', 'previousOrders', 'previousNet']) };
  }

  /** Items' sales summed by their category (as each item is filed now). */
  private async categories(range: Range): Promise<Built> {
    const items = await this.keyed.read('item', range);
    // The read index knows most items' categories (one look-up per item); only the rest (hidden, discontinued) are read.
    const filed = items.map((i) => this.categoryOf(i.key));
    const missing = items.filter((_, k) => filed[k] === undefined).map((i) => i.key);
    const [read, names] = await Promise.all([q.itemCategories(this.db, missing), q.categoryNames(this.db)]);
    const byCategory = new Map<number, { orders: number; units: number; merchCents: number }>();
    items.forEach((i, k) => {
      const num = filed[k] ?? read.get(i.key) ?? 0;
      const c = byCategory.get(num) ?? { orders: 0, units: 0, merchCents: 0 };
      c.orders += i.orders;
      c.units += i.units;
      c.merchCents += i.merchCents;
      byCategory.set(num, c);
    });
    const rows = [...byCategory.entries()]
      .sort((a, b) => b[1].merchCents - a[1].merchCents)
      .map(([num, c]) => ({ category: names.get(num) ?? (num === 0 ? 'No category' : `Category ${num}`), categoryNum: num, orders: c.orders, units: c.units, sales: dollars(c.merchCents) }));
    const columns = [col('category', 'Category', 'text'), col('categoryNum', 'Number'), col('orders', 'Order lines'), col('units', 'Units'), col('sales', 'Sales', 'money')];
    return { columns, rows, totals: sumColumns(rows, ['orders', 'units', 'sales']) };
  }

  /** Top (or bottom) sellers by sales among items sold in the range; totals are the whole range's. */
  private async items(range: Range, sort: 'top' | 'bottom', limit: number): Promise<Built> {
    const { list, all } = await this.ranked('item', range, sort === 'top' ? 'desc' : 'asc', limit);
    const titles = await q.itemTitles(this.db, list.map((i) => i.key));
    const rows = list.map((i) => ({ invNum: i.key, title: titles.get(i.key) ?? '', orders: i.orders, units: i.units, sales: dollars(i.merchCents) }));
    const whole = sumSales(all);
    const columns = [col('invNum', 'Item', 'text'), col('title', 'Title', 'text'), col('orders', 'Orders'), col('units', 'Units'), col('sales', 'Sales', 'money')];
    return { columns, rows, totals: { orders: whole.orders, units: whole.units, sales: dollars(whole.merchCents) } };
  }

  private async customers(range: Range, limit: number): Promise<Built> {
    const { list, all } = await this.ranked('customer', range, 'desc', limit);
    const names = await q.customerNames(this.db, list.map((c) => Number(c.key)));
    const rows = list.map((c) => ({ customerId: Number(c.key), orgName: names.get(Number(c.key))?.orgName ?? '', state: names.get(Number(c.key))?.state ?? '', ...salesCells(c) }));
    const columns = [col('customerId', 'Customer'), col('orgName', 'Company', 'text'), col('state', 'State', 'text'), ...SALES_COLUMNS];
    return { columns, rows, totals: salesCells(sumSales(all)) };
  }

  private async states(range: Range): Promise<Built> {
    const rows = (await this.ranked('state', range)).list.map((s) => ({ state: s.key, ...salesCells(s) }));
    return { columns: [col('state', 'State', 'text'), ...SALES_COLUMNS], rows, totals: sumColumns(rows, ['orders', 'units', 'sales', 'discount', 'net']) };
  }

  private async openOrders(): Promise<Built> {
    const got = new Map((await q.openOrdersByStatus(this.db)).map((r) => [r.status, r]));
    const rows = q.OPEN_STATUSES.map((s) => {
      const r = got.get(s);
      return { status: ORDER_STATUS_LABELS[s], orders: r?.orders ?? 0, value: dollars(r?.totalCents ?? 0), openUnits: r?.openUnits ?? 0, backordered: r?.backordered ?? 0 };
    });
    const columns = [col('status', 'Status', 'text'), col('orders', 'Orders'), col('value', 'Order value', 'money'), col('openUnits', 'Units to ship'), col('backordered', 'Units backordered')];
    return { columns, rows, totals: sumColumns(rows, ['orders', 'value', 'openUnits', 'backordered']) };
  }

  /** Backordered units by item, most first, with the orders waiting (oldest first). */
  private async backorders(limit: number): Promise<Built> {
    const got = await q.backordersByItem(this.db, limit);
    const shown = 20;
    const rows = got.items.map((e) => ({
      invNum: e.itemNum,
      title: e.title,
      units: e.units,
      orderCount: e.orderCount,
      orders: e.orders.slice(0, shown).join(' ') + (e.orders.length > shown ? ` (+${e.orders.length - shown} more)` : ''),
    }));
    const columns = [col('invNum', 'Item', 'text'), col('title', 'Title', 'text'), col('units', 'Units backordered'), col('orderCount', 'Orders waiting'), col('orders', 'Order numbers', 'text')];
    return { columns, rows, totals: { units: got.units, orderCount: got.orders } };
  }

  /** Items at or below the low-stock mark at a warehouse, with what sold in the last 30 and 90 days. */
  private async lowStockReport(limit: number): Promise<Built> {
    const today = this.today();
    const low = await this.lowStock(limit);
    const sold = await q.recentUnits(this.db, low.map((l) => l.invNum), { d30: addDays(today, -29), d90: addDays(today, -89), to: today });
    const rows = low.map((l) => ({ invNum: l.invNum, title: l.title, west: l.west, east: l.east, sold30: sold.get(l.invNum)?.d30 ?? 0, sold90: sold.get(l.invNum)?.d90 ?? 0 }));
    const columns = [col('invNum', 'Item', 'text'), col('title', 'Title', 'text'), col('west', 'West available'), col('east', 'East available'), col('sold30', 'Sold 30 days'), col('sold90', 'Sold 90 days')];
    return { columns, rows, totals: sumColumns(rows, ['sold30', 'sold90']) };
  }

  private async coupons(range: Range): Promise<Built> {
    const rows = (await q.couponUses(this.db, range)).map((c) => ({ code: c.code, name: c.name, uses: c.uses, customers: c.customers, discount: dollars(c.discountCents) }));
    const columns = [col('code', 'Code', 'text'), col('name', 'Coupon', 'text'), col('uses', 'Uses'), col('customers', 'Customers'), col('discount', 'Discount given', 'money')];
    return { columns, rows, totals: sumColumns(rows, ['uses', 'discount']) };
  }

  private async aging(limit: number): Promise<Built> {
    const all = await q.agingByCustomer(this.db, this.today(), addDays);
    const names = await q.customerNames(this.db, all.slice(0, limit).map((a) => a.customerId));
    const money = (a: (typeof all)[number]) => ({ invoices: a.invoices, days0to30: dollars(a.b0), days31to60: dollars(a.b31), days61to90: dollars(a.b61), over90: dollars(a.b91), open: dollars(a.open) });
    const rows = all.slice(0, limit).map((a) => ({ customerId: a.customerId, orgName: names.get(a.customerId)?.orgName ?? '', ...money(a) }));
    const columns = [col('customerId', 'Customer'), col('orgName', 'Company', 'text'), col('invoices', 'Open invoices'), col('days0to30', '0–30 days', 'money'), col('days31to60', '31–60 days', 'money'), col('days61to90', '61–90 days', 'money'), col('over90', 'Over 90 days', 'money'), col('open', 'Open', 'money')];
    const whole = all.map(money) as unknown as ReportRow[];
    return { columns, rows, totals: sumColumns(whole, ['invoices', 'days0to30', 'days31to60', 'days61to90', 'over90', 'open']) };
  }
}

/** The first `n` of `all` in `before`'s order, without sorting all of it (a report shows 50 of 50,000 items). */
export function firstOf<T>(all: readonly T[], n: number, before: (a: T, b: T) => number): T[] {
  const top: T[] = [];
  for (const x of all) {
    if (top.length === n && before(x, top[n - 1]!) >= 0) continue;
    let i = top.length === n ? n - 1 : top.length;
    if (top.length < n) top.push(x);
    while (i > 0 && before(x, top[i - 1]!) < 0) {
      top[i] = top[i - 1]!;
      i--;
    }
    top[i] = x;
  }
  return top;
}

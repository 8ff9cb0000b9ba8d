import type { Kysely } from 'kysely';
import type { DB } from '../platform/db/schema';
import * as q from './queries';
import { addDays, type Range, splitRange } from './ranges';
import type { SalesDim } from './tables';

/**
 * One dimension's sales by key over a range. Only today's rows are read on every request; the
 * days before today are summed once and kept per process (a few ranges, least recently used
 * dropped), in two layers, each until its counter moves (`sales-summaries.ts` moves them):
 * - the days before the current month (whole months from `sales_by_month`, leading days from
 *   `sales_by_day`) until `sales_history_seq` moves: a change to a past month (a cancel of an
 *   older order, a rebuild);
 * - those plus the current month's days before today, until either counter moves; a change to
 *   an earlier day of this month moves `sales_month_seq`, and only this layer is summed again.
 * Checkouts only touch today. A year of items is ~50,000 keys over ~580,000 month rows: summing
 * them is the cold read (once per range and day, and after a cancel of an order of a past month).
 */

const KEEP = 16;
type Sums = Map<string, q.KeyedSales>;

const plus = (a: q.KeyedSales, b: q.KeyedSales): q.KeyedSales => ({
  key: a.key,
  orders: a.orders + b.orders,
  units: a.units + b.units,
  merchCents: a.merchCents + b.merchCents,
  discountCents: a.discountCents + b.discountCents,
});

/** `base` with `rows` added, as a new map: `base`'s objects are shared, never changed. */
function withRows(base: Sums, rows: readonly q.KeyedSales[]): Sums {
  const out = new Map(base);
  for (const r of rows) {
    const b = out.get(r.key);
    out.set(r.key, b ? plus(b, r) : r);
  }
  return out;
}

export class KeyedSalesReader {
  private readonly cache = new Map<string, { tag: string; sums: Sums }>();

  constructor(
    private readonly db: Kysely<DB>,
    private readonly today: () => string = () => new Date().toISOString().slice(0, 10),
  ) {}

  /** Sums by key, keys with units only. */
  async read(dim: SalesDim, range: Range): Promise<q.KeyedSales[]> {
    const today = this.today();
    const yesterday = addDays(today, -1);
    const [before, recent] = await Promise.all([
      range.from <= yesterday ? this.before(dim, { from: range.from, to: range.to < yesterday ? range.to : yesterday }, today) : Promise.resolve(new Map() as Sums),
      range.to >= today ? q.daySums(this.db, dim, [{ from: range.from > today ? range.from : today, to: range.to }]) : Promise.resolve([]),
    ]);
    const out: q.KeyedSales[] = [];
    const changed = new Map<string, q.KeyedSales>();
    for (const r of recent) {
      const b = before.get(r.key);
      changed.set(r.key, b ? plus(b, r) : r);
    }
    for (const [key, b] of before) if (!changed.has(key) && b.units > 0) out.push(b);
    for (const r of changed.values()) if (r.units > 0) out.push(r);
    return out;
  }

  /** A range that ends before today. */
  private async before(dim: SalesDim, range: Range, today: string): Promise<Sums> {
    const monthStart = `${today.slice(0, 7)}-01`;
    const beforeMonth = addDays(monthStart, -1);
    const seq = await q.salesSeqs(this.db);
    if (range.to <= beforeMonth) return this.kept(`${dim}|${range.from}|${range.to}`, `${seq.history}`, () => this.sum(dim, range));
    return this.kept(`${dim}|${range.from}|${range.to}`, `${seq.history}/${seq.month}`, async () => {
      const past = range.from <= beforeMonth ? await this.kept(`${dim}|${range.from}|${beforeMonth}`, `${seq.history}`, () => this.sum(dim, { from: range.from, to: beforeMonth })) : new Map();
      return withRows(past, await q.daySums(this.db, dim, [{ from: range.from > monthStart ? range.from : monthStart, to: range.to }]));
    });
  }

  private async kept(id: string, tag: string, read: () => Promise<Sums>): Promise<Sums> {
    const got = this.cache.get(id);
    this.cache.delete(id);
    if (got && got.tag === tag) {
      this.cache.set(id, got);
      return got.sums;
    }
    const sums = await read();
    this.cache.set(id, { tag, sums });
    if (this.cache.size > KEEP) this.cache.delete(this.cache.keys().next().value!);
    return sums;
  }

  /** Whole months and edge days of a range, summed afresh. */
  private async sum(dim: SalesDim, range: Range): Promise<Sums> {
    const { days, months } = splitRange(range);
    const [dayRows, monthRows] = await Promise.all([q.daySums(this.db, dim, days), months ? q.monthSums(this.db, dim, months) : Promise.resolve([])]);
    return withRows(new Map(monthRows.map((r) => [r.key, r])), dayRows);
  }
}

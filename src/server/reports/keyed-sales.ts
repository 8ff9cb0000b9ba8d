import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import * as q from './queries';
import { addDays, type Range, splitRange } from './ranges';
import type { SalesDim } from './tables';

/**
 * One dimension's sales by key over a range, in two parts:
 * - the PAST part (the days before the current month): its whole months from `sales_by_month`,
 *   its leading days from `sales_by_day`, summed once and kept per process (a few ranges, least
 *   recently used dropped) until `sales_history_seq` moves. Only a change to a past month moves it
 *   (a cancel of an older order, a rebuild); checkouts touch the current month, never kept.
 * - the CURRENT month's part, read each time: the month's row per key when the range covers the
 *   month up to today (no order is placed after today), else its days.
 * A year of items is ~50,000 keys over ~580,000 month rows: summing them is the cold read (once
 * per range and day, and after a cancel of an older order); a warm read is the current month only.
 */

const KEEP = 8;

export class KeyedSalesReader {
  private readonly cache = new Map<string, { seq: number; sums: Map<string, q.KeyedSales> }>();

  constructor(
    private readonly db: Kysely<DB>,
    private readonly today: () => string = () => new Date().toISOString().slice(0, 10),
  ) {}

  /**
   * Sums by key (keys with units only). The kept past sums are never changed: a key the current
   * month also has gets a new object, the others are shared (no copy of tens of thousands of rows).
   */
  async read(dim: SalesDim, range: Range): Promise<q.KeyedSales[]> {
    const today = this.today();
    const monthStart = `${today.slice(0, 7)}-01`;
    const beforeMonth = addDays(monthStart, -1);
    const [past, recent] = await Promise.all([
      range.from <= beforeMonth ? this.past(dim, { from: range.from, to: range.to < beforeMonth ? range.to : beforeMonth }) : Promise.resolve(new Map<string, q.KeyedSales>()),
      range.to >= monthStart ? this.current(dim, { from: range.from > monthStart ? range.from : monthStart, to: range.to }, today) : Promise.resolve([]),
    ]);
    const extra = new Map<string, q.KeyedSales>();
    for (const r of recent) {
      const m = past.get(r.key);
      extra.set(r.key, m ? { key: r.key, orders: m.orders + r.orders, units: m.units + r.units, merchCents: m.merchCents + r.merchCents, discountCents: m.discountCents + r.discountCents } : r);
    }
    const out: q.KeyedSales[] = [];
    for (const [key, m] of past) if (!extra.has(key) && m.units > 0) out.push(m);
    for (const r of extra.values()) if (r.units > 0) out.push(r);
    return out;
  }

  /** Days of the current month: the month's rows when they are the same thing (from its first day to today or later). */
  private current(dim: SalesDim, days: Range, today: string): Promise<q.KeyedSales[]> {
    const month = today.slice(0, 7);
    if (days.from === `${month}-01` && days.to >= today) return q.monthSums(this.db, dim, { from: month, to: month });
    return q.daySums(this.db, dim, [days]);
  }

  /** Sums of a range that ends before the current month, kept until `sales_history_seq` moves. */
  private async past(dim: SalesDim, range: Range): Promise<Map<string, q.KeyedSales>> {
    const id = `${dim}|${range.from}|${range.to}`;
    const seq = await q.salesHistorySeq(this.db);
    const kept = this.cache.get(id);
    if (kept && kept.seq === seq) {
      this.cache.delete(id);
      this.cache.set(id, kept);
      return kept.sums;
    }
    const { days, months } = splitRange(range);
    const [dayRows, monthRows] = await Promise.all([q.daySums(this.db, dim, days), months ? q.monthSums(this.db, dim, months) : Promise.resolve([])]);
    const sums = new Map(monthRows.map((r) => [r.key, r]));
    for (const r of dayRows) {
      const m = sums.get(r.key);
      if (m) Object.assign(m, { orders: m.orders + r.orders, units: m.units + r.units, merchCents: m.merchCents + r.merchCents, discountCents: m.discountCents + r.discountCents });
      else sums.set(r.key, r);
    }
    this.cache.delete(id);
    this.cache.set(id, { seq, sums });
    if (this.cache.size > KEEP) this.cache.delete(this.cache.keys().next().value!);
    return sums;
  }
}

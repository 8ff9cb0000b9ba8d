import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import * as q from './queries';
import { type Range, splitRange } from './ranges';
import type { SalesDim } from './tables';

/**
 * One dimension's sales by key over a range: its edge days from `sales_by_day`, its whole months
 * from `sales_by_month`. A year of items is ~12 × 30,000 month rows to add up, too slow to do per
 * request, so the sums of whole PAST months are kept per process (a few ranges, least recently
 * used dropped) until `sales_history_seq` moves: only a change to a past month moves it (a cancel
 * of an older order, a rebuild); checkouts touch the current month, which is never cached.
 */

const KEEP = 6;

export class KeyedSalesReader {
  private readonly cache = new Map<string, { seq: number; sums: Map<string, q.KeyedSales> }>();

  constructor(
    private readonly db: Kysely<DB>,
    private readonly currentMonth: () => string = () => new Date().toISOString().slice(0, 7),
  ) {}

  /**
   * Sums by key. The kept month sums are never changed: a key the edge days also have gets a new
   * object, the others are shared (no copy of tens of thousands of rows per request).
   */
  async read(dim: SalesDim, range: Range): Promise<q.KeyedSales[]> {
    const { days, months } = splitRange(range);
    const [dayRows, monthRows] = await Promise.all([q.daySums(this.db, dim, days), months ? this.months(dim, months) : Promise.resolve(new Map<string, q.KeyedSales>())]);
    const extra = new Map<string, q.KeyedSales>();
    for (const r of dayRows) {
      const m = monthRows.get(r.key);
      extra.set(r.key, m ? { key: r.key, orders: m.orders + r.orders, units: m.units + r.units, merchCents: m.merchCents + r.merchCents, discountCents: m.discountCents + r.discountCents } : r);
    }
    const out: q.KeyedSales[] = [];
    for (const [key, m] of monthRows) if (!extra.has(key) && m.units > 0) out.push(m);
    for (const r of extra.values()) if (r.units > 0) out.push(r);
    return out;
  }

  private async months(dim: SalesDim, months: { from: string; to: string }): Promise<Map<string, q.KeyedSales>> {
    const read = async () => new Map((await q.monthSums(this.db, dim, months)).map((r) => [r.key, r]));
    if (months.to >= this.currentMonth()) return read();
    const id = `${dim}|${months.from}|${months.to}`;
    const seq = await q.salesHistorySeq(this.db);
    const kept = this.cache.get(id);
    if (kept && kept.seq === seq) {
      this.cache.delete(id);
      this.cache.set(id, kept);
      return kept.sums;
    }
    const sums = await read();
    this.cache.delete(id);
    this.cache.set(id, { seq, sums });
    if (this.cache.size > KEEP) this.cache.delete(this.cache.keys().next().value!);
    return sums;
  }
}

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

  async read(dim: SalesDim, range: Range): Promise<Map<string, q.KeyedSales>> {
    const { days, months } = splitRange(range);
    const [dayRows, monthRows] = await Promise.all([q.daySums(this.db, dim, days), months ? this.months(dim, months) : Promise.resolve(new Map<string, q.KeyedSales>())]);
    const out = new Map<string, q.KeyedSales>();
    for (const r of monthRows.values()) out.set(r.key, { ...r });
    for (const r of dayRows) {
      const got = out.get(r.key);
      if (!got) out.set(r.key, r);
      else {
        got.orders += r.orders;
        got.units += r.units;
        got.merchCents += r.merchCents;
        got.discountCents += r.discountCents;
      }
    }
    for (const [key, r] of out) if (r.units <= 0) out.delete(key);
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

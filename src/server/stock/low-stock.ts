import { LOW_STOCK_THRESHOLD } from '../../contract/admin/stock';

/**
 * The dashboard's low stock: active items with at most LOW_STOCK_THRESHOLD units available at a
 * warehouse, lowest first. Kept in memory beside the catalogue's read index, which already follows
 * every stock change (the stock feed), so a request reads the first buckets instead of scanning
 * half a million items, and the items table needs no index on its stock columns (one would make
 * every checkout's item UPDATE non-HOT on PostgreSQL; see migration 2026-11-22T06-00-stock-seq).
 */


export interface LowStockItem {
  invNum: string;
  title: string;
  west: number;
  east: number;
}

/** What the table needs of an item: its number and (read when answering) its title. */
export interface StockedItem {
  readonly num: string;
  readonly title: string;
}

interface Entry {
  item: StockedItem;
  west: number;
  east: number;
  bucket: number;
}

export class LowStockTable {
  /** Bucket k holds the items whose lower warehouse figure is k (below zero counts as 0). */
  private readonly buckets: Set<Entry>[] = Array.from({ length: LOW_STOCK_THRESHOLD + 1 }, () => new Set());
  private readonly entries = new Map<string, Entry>();

  /** Records an item's available units (at build, and at every stock change). */
  note(item: StockedItem, west: number, east: number): void {
    const low = Math.max(0, Math.min(west, east));
    const entry = this.entries.get(item.num);
    if (entry) this.buckets[entry.bucket]!.delete(entry);
    if (low > LOW_STOCK_THRESHOLD) {
      if (entry) this.entries.delete(item.num);
      return;
    }
    const next: Entry = entry ?? { item, west, east, bucket: low };
    next.item = item;
    next.west = west;
    next.east = east;
    next.bucket = low;
    this.entries.set(item.num, next);
    this.buckets[low]!.add(next);
  }

  /** Shows `item` (the same item, edited: its title, say) where it was listed. */
  replace(item: StockedItem): void {
    const entry = this.entries.get(item.num);
    if (entry) entry.item = item;
  }

  /** Drops an item (taken out of the catalogue's index: hidden, discontinued). */
  forget(num: string): void {
    const entry = this.entries.get(num);
    if (!entry) return;
    this.buckets[entry.bucket]!.delete(entry);
    this.entries.delete(num);
  }

  /** The `limit` lowest, lowest first (ties in the order they became low). */
  lowest(limit: number): LowStockItem[] {
    const out: LowStockItem[] = [];
    for (const bucket of this.buckets) {
      for (const e of bucket) {
        if (out.length >= limit) return out;
        out.push({ invNum: e.item.num, title: e.item.title, west: e.west, east: e.east });
      }
    }
    return out;
  }

  /**
   * The `limit` lowest at one warehouse, lowest there first. An item with `k` units at a warehouse
   * sits in a bucket of at most `k`, so once buckets 0..k are walked every item with at most `k`
   * there has been seen: the walk stops at the first `k` that fills `limit`.
   */
  lowestAt(limit: number, warehouse: 'west' | 'east'): LowStockItem[] {
    const seen: Entry[] = [];
    for (let k = 0; k < this.buckets.length; k++) {
      for (const e of this.buckets[k]!) if (e[warehouse] <= LOW_STOCK_THRESHOLD) seen.push(e);
      if (seen.filter((e) => Math.max(0, e[warehouse]) <= k).length >= limit) break;
    }
    // Array.sort is stable: ties keep the order they became low in.
    return seen
      .sort((a, b) => Math.max(0, a[warehouse]) - Math.max(0, b[warehouse]))
      .slice(0, limit)
      .map((e) => ({ invNum: e.item.num, title: e.item.title, west: e.west, east: e.east }));
  }

  get size(): number {
    return this.entries.size;
  }
}
